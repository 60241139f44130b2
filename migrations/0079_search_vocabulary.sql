-- The vocabulary of the search index (docs/search.md, "Typos"): every key of a product's or an
-- ad's title (wasm_core::text::words) with one word it came from, as typed in a title
-- (`exemplo`, shown in 'Você quis dizer …?'), and the key's length in characters (`tamanho`:
-- the candidates for a misspelt key are those of about its length). Written with the keys, in
-- the writer's transaction (api/src/search); a key stays when its last title goes (a suggestion
-- that would find nothing is never offered: the corrected search must find more). Filled for the
-- rows written before this migration when the API starts. Portable: SQLite and PostgreSQL.
CREATE TABLE search_vocabulary (
    palavra     TEXT PRIMARY KEY,
    exemplo     TEXT NOT NULL,
    tamanho     BIGINT NOT NULL
);
CREATE INDEX search_vocabulary_size ON search_vocabulary (tamanho, palavra);
