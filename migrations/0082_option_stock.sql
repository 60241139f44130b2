-- Options with their own price and stock (decisions.md §39). Portable: SQLite and PostgreSQL.
--
-- An option's own price, promotional price and stock live in the product's `opcoes` JSON list
-- (a plain label for an option without them, an object otherwise), written only under the
-- product's row lock. `order_lines.estoque_opcao`: the line took its option's own stock (not
-- the product's), so a cancelled or expired order gives it back there.
ALTER TABLE order_lines ADD COLUMN estoque_opcao BOOLEAN NOT NULL DEFAULT FALSE;
