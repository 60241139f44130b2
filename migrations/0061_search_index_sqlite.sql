-- SQLite only (db.rs runs a migration whose name ends in `sqlite` on SQLite alone): the full-text
-- indexes of products and ads, FTS5 tables over the keys of 0060, kept current by triggers in
-- the transaction that writes the row. docs/search.md.
--
-- An FTS5 row is found by its integer rowid. Products and ads have text ids, and SQLite may
-- renumber the hidden rowid of such a table (VACUUM, VACUUM INTO backups), so each indexed row
-- gets a stable integer of its own in a `*_search_docs` table (INTEGER PRIMARY KEY: never
-- renumbered), which a match joins by rowid to find its row's id. The `*_search` indexes cover
-- every column a search reads of the row (api/src/search/), so a match is filtered and ranked
-- without reading the row itself (docs/benchmarks.md, "Search").

CREATE TABLE product_search_docs (
    doc         INTEGER PRIMARY KEY,
    product_id  TEXT NOT NULL UNIQUE
);
CREATE VIRTUAL TABLE products_fts USING fts5 (
    titulo, texto,
    tokenize = 'unicode61 remove_diacritics 0'
);
INSERT INTO product_search_docs (product_id) SELECT id FROM products;
INSERT INTO products_fts (rowid, titulo, texto)
    SELECT d.doc, p.busca_titulo, p.busca_texto
      FROM products p JOIN product_search_docs d ON d.product_id = p.id;
CREATE INDEX products_search ON products
    (id, desabilitado, supplier_id, categoria, vendas, busca_titulo);

CREATE TRIGGER products_fts_insert AFTER INSERT ON products BEGIN
    INSERT INTO product_search_docs (product_id) VALUES (new.id);
    INSERT INTO products_fts (rowid, titulo, texto)
        VALUES ((SELECT doc FROM product_search_docs WHERE product_id = new.id),
                new.busca_titulo, new.busca_texto);
END;
CREATE TRIGGER products_fts_update AFTER UPDATE OF busca_titulo, busca_texto ON products BEGIN
    UPDATE products_fts SET titulo = new.busca_titulo, texto = new.busca_texto
     WHERE rowid = (SELECT doc FROM product_search_docs WHERE product_id = new.id);
END;
CREATE TRIGGER products_fts_delete AFTER DELETE ON products BEGIN
    DELETE FROM products_fts
     WHERE rowid = (SELECT doc FROM product_search_docs WHERE product_id = old.id);
    DELETE FROM product_search_docs WHERE product_id = old.id;
END;

CREATE TABLE ad_search_docs (
    doc     INTEGER PRIMARY KEY,
    ad_id   TEXT NOT NULL UNIQUE
);
CREATE VIRTUAL TABLE ads_fts USING fts5 (
    titulo, texto,
    tokenize = 'unicode61 remove_diacritics 0'
);
INSERT INTO ad_search_docs (ad_id) SELECT id FROM ads;
INSERT INTO ads_fts (rowid, titulo, texto)
    SELECT d.doc, a.busca_titulo, a.busca_texto
      FROM ads a JOIN ad_search_docs d ON d.ad_id = a.id;
CREATE INDEX ads_search ON ads (id, categoria, local, publicado_em, busca_titulo);

CREATE TRIGGER ads_fts_insert AFTER INSERT ON ads BEGIN
    INSERT INTO ad_search_docs (ad_id) VALUES (new.id);
    INSERT INTO ads_fts (rowid, titulo, texto)
        VALUES ((SELECT doc FROM ad_search_docs WHERE ad_id = new.id),
                new.busca_titulo, new.busca_texto);
END;
CREATE TRIGGER ads_fts_update AFTER UPDATE OF busca_titulo, busca_texto ON ads BEGIN
    UPDATE ads_fts SET titulo = new.busca_titulo, texto = new.busca_texto
     WHERE rowid = (SELECT doc FROM ad_search_docs WHERE ad_id = new.id);
END;
CREATE TRIGGER ads_fts_delete AFTER DELETE ON ads BEGIN
    DELETE FROM ads_fts WHERE rowid = (SELECT doc FROM ad_search_docs WHERE ad_id = old.id);
    DELETE FROM ad_search_docs WHERE ad_id = old.id;
END;
