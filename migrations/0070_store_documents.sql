-- One store per CPF/CNPJ: registering a store (or changing a store's document) with a document
-- another live store already has is refused, unless the administrator allowed that document
-- (`permitir_documento`): then any number of stores may share it. Documents are stored without
-- punctuation, as `suppliers.documento`. Portable: SQLite and PostgreSQL.
CREATE TABLE allowed_documents (
    documento       TEXT PRIMARY KEY,
    permitido_em    BIGINT NOT NULL
);
CREATE INDEX suppliers_documento ON suppliers (documento);
