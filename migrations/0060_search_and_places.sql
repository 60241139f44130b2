-- Issue 28: full-text search, CEP and bairro, delivery areas. Portable: SQLite and PostgreSQL.
-- The search indexes themselves differ by database and are in 0061 (SQLite, FTS5) and 0062
-- (PostgreSQL, GIN over a tsvector); docs/search.md.

-- Full-text search. The words of each product and ad as wasm_core::text::words makes them (one
-- rule for both databases): `busca_titulo` holds the title's keys, `busca_texto` those of the
-- description and the seller's name, space-separated. `busca_versao` is the rule's version the
-- keys were written with: 0 (never written) or an older version is rebuilt when the API starts.
-- Every writer of a title, a description or a store name rewrites them in its transaction.
ALTER TABLE products ADD COLUMN busca_titulo TEXT NOT NULL DEFAULT '';
ALTER TABLE products ADD COLUMN busca_texto TEXT NOT NULL DEFAULT '';
ALTER TABLE products ADD COLUMN busca_versao BIGINT NOT NULL DEFAULT 0;
CREATE INDEX products_busca_versao ON products (busca_versao);
ALTER TABLE ads ADD COLUMN busca_titulo TEXT NOT NULL DEFAULT '';
ALTER TABLE ads ADD COLUMN busca_texto TEXT NOT NULL DEFAULT '';
ALTER TABLE ads ADD COLUMN busca_versao BIGINT NOT NULL DEFAULT 0;
CREATE INDEX ads_busca_versao ON ads (busca_versao);

-- Addresses have a CEP (8 digits) and a bairro (decisions.md §31). `coordenadas_origem` says where
-- the coordinates came from: 'endereco' (a geocoder found the address) or 'cidade' (the
-- municipality's seat); NULL for addresses saved before.
ALTER TABLE users ADD COLUMN cep TEXT;
ALTER TABLE users ADD COLUMN bairro TEXT;
ALTER TABLE users ADD COLUMN coordenadas_origem TEXT;

-- The supplier's delivery start address gets the same, and an optional maximum delivery
-- distance in whole km (NULL: no limit): beyond it checkout offers pickup only.
ALTER TABLE suppliers ADD COLUMN entrega_cep TEXT;
ALTER TABLE suppliers ADD COLUMN entrega_bairro TEXT;
ALTER TABLE suppliers ADD COLUMN entrega_coordenadas_origem TEXT;
ALTER TABLE suppliers ADD COLUMN distancia_maxima_km BIGINT;
