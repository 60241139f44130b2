-- Region listings (api/src/rpc/catalog): each listing walks one index in its output order and
-- stops at its LIMIT, checking the supplier's or the ad's places per row. The last columns
-- (supplier_id, local) are there so that a row of another region is rejected from the index
-- alone, without reading the product or the ad (docs/benchmarks.md, "Region listing").
-- Portable SQL for SQLite and PostgreSQL.

-- Home: a category's best sellers.
CREATE INDEX products_best ON products (categoria, desabilitado, vendas, id, supplier_id);

-- Pages: a category's products, newest first. It supersedes products_category (0001), which
-- had the same leading columns and was only there for these pages.
CREATE INDEX products_page ON products (categoria, desabilitado, criado_em, id, supplier_id);
DROP INDEX products_category;

-- Home and pages: a category's ads, newest first (ads_category has `local` before the time).
CREATE INDEX ads_listing ON ads (categoria, publicado_em, id, local);

-- The visibility check of a supplier, from the index alone.
CREATE INDEX suppliers_shown ON suppliers (user_id, oculto, invisivel, local);
