-- PostgreSQL only (db.rs runs a migration whose name ends in `postgres` on PostgreSQL alone):
-- the full-text indexes of products and ads, GIN indexes over a tsvector of the keys of 0060
-- (`simple` configuration: the keys are already folded and reduced by wasm_core::text::words, so
-- PostgreSQL only splits them on spaces). An expression index is current in the transaction
-- that writes the row, like any index. The queries use the very same expression
-- (api/src/search/). docs/search.md.
CREATE INDEX products_busca ON products
    USING GIN (to_tsvector('simple'::regconfig, busca_titulo || ' ' || busca_texto));
CREATE INDEX ads_busca ON ads
    USING GIN (to_tsvector('simple'::regconfig, busca_titulo || ' ' || busca_texto));
