-- Delivery days and windows chosen at checkout (decisions.md §36; docs/delivery.md).
-- Portable: SQLite and PostgreSQL.

-- The date and window the buyer chose for a delivery or a pickup, in America/Sao_Paulo
-- (decisions.md §40): `data_entrega` 'YYYY-MM-DD', `janela_inicio`/`janela_fim` 'HH:MM'.
-- NULL for an order of a store without delivery days and for orders placed before.
ALTER TABLE orders ADD COLUMN data_entrega TEXT;
ALTER TABLE orders ADD COLUMN janela_inicio TEXT;
ALTER TABLE orders ADD COLUMN janela_fim TEXT;
-- The day's page reads one store's orders of one date.
CREATE INDEX orders_supplier_delivery_date ON orders (supplier_id, data_entrega);

-- A store's weekly windows: on weekday `dia_semana` (0 Sunday … 6 Saturday) the store delivers
-- (`tipo` 'entrega') or receives pickups (`tipo` 'retirada') from `inicio` to `fim` ('HH:MM',
-- São Paulo time, `inicio` < `fim`). Windows of one day and kind never overlap (checked when
-- saved). A store with no row for a kind offers that kind without a date, as before.
CREATE TABLE delivery_windows (
    supplier_id   TEXT NOT NULL REFERENCES suppliers (user_id) ON DELETE CASCADE,
    tipo          TEXT NOT NULL,
    dia_semana    BIGINT NOT NULL,
    inicio        TEXT NOT NULL,
    fim           TEXT NOT NULL,
    PRIMARY KEY (supplier_id, tipo, dia_semana, inicio)
);

-- The store's cut-off for orders with a date, at most one of:
-- `corte_horas`: orders close this many hours before the window starts;
-- `corte_dias` + `corte_hora`: orders close at 'HH:MM' of the day `corte_dias` days before the
-- delivery day (1 = 'pedidos até 18h do dia anterior'; 0 = the same day, before its windows).
-- All NULL: orders close when the window starts.
ALTER TABLE suppliers ADD COLUMN corte_horas BIGINT;
ALTER TABLE suppliers ADD COLUMN corte_dias BIGINT;
ALTER TABLE suppliers ADD COLUMN corte_hora TEXT;
