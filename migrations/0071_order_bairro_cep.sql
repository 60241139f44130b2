-- An order keeps its delivery address's bairro and CEP beside its street, number, city and
-- complement (decisions.md §31: addresses have them), so the store's 'Detalhes da Entrega' and the
-- buyer's order show the whole address as it was when the order was placed. NULL for a pickup and
-- for orders placed before. Portable: SQLite and PostgreSQL.
ALTER TABLE orders ADD COLUMN bairro TEXT;
ALTER TABLE orders ADD COLUMN cep TEXT;
