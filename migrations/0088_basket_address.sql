-- A recurring basket's own delivery address (decisions.md §35; docs/subscriptions.md).
-- Portable: SQLite and PostgreSQL.
--
-- At 'Assinar' the buyer picks where the basket is delivered: their profile's address (these
-- columns NULL: each cycle goes to the profile's address as it is when the cycle is ordered, as
-- before) or another one, kept here with the coordinates the server computed for it (never the
-- client's), so that each cycle's fee and the store's delivery area are computed for it. 'Minhas
-- assinaturas' may change it or go back to the profile's.
ALTER TABLE subscriptions ADD COLUMN end_rua TEXT;
ALTER TABLE subscriptions ADD COLUMN end_numero TEXT;
ALTER TABLE subscriptions ADD COLUMN end_complemento TEXT;
ALTER TABLE subscriptions ADD COLUMN end_bairro TEXT;
ALTER TABLE subscriptions ADD COLUMN end_cep TEXT;
ALTER TABLE subscriptions ADD COLUMN end_cidade TEXT;
ALTER TABLE subscriptions ADD COLUMN end_latitude DOUBLE PRECISION;
ALTER TABLE subscriptions ADD COLUMN end_longitude DOUBLE PRECISION;
