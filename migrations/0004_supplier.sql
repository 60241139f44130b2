-- The supplier panel (issue 5). Portable: SQLite and PostgreSQL.
-- Entregas history and Gestão read one supplier's orders by month (a time range), whatever
-- their situation; orders_supplier (0001) has the situation before the time.
CREATE INDEX orders_supplier_time ON orders (supplier_id, criado_em);
-- A withdrawal request sums the open items moved into it.
CREATE INDEX open_items_withdrawal ON open_items (withdrawal_id);
