-- The store's 'Dia de entrega' page (decisions.md §36; docs/delivery.md). Portable: SQLite and
-- PostgreSQL.

-- When the store tapped 'Saiu para entrega' for a route holding this order: the buyer is told
-- once (the e-mail is queued with the change), however often the button is tapped.
ALTER TABLE orders ADD COLUMN saiu_para_entrega_em BIGINT;
