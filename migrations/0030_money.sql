-- Stock and money a seller and a buyer can trust (issue 26; decisions.md §26–§28). Portable:
-- SQLite and PostgreSQL.

-- A checkout placed once per intent: the client's Idempotency-Key and the SHA-256 of the payload
-- it came with, stored with the order, so a retry (on any instance, after any restart) finds the
-- order instead of placing another. NULL for orders placed without a key.
ALTER TABLE orders ADD COLUMN chave_idempotencia TEXT;
ALTER TABLE orders ADD COLUMN impressao_pedido TEXT;
CREATE UNIQUE INDEX orders_idempotency ON orders (buyer_id, chave_idempotencia);

-- Pix money held until delivery (§27): an open item is 'a_liberar' until the supplier confirms
-- the delivery, then '2' (in the balance). `liberado_em` is when it was released.
ALTER TABLE open_items ADD COLUMN liberado_em BIGINT;
UPDATE open_items SET status = 'a_liberar'
 WHERE status = '2' AND withdrawal_id IS NULL
   AND order_id IN (SELECT id FROM orders WHERE situacao = '1');

-- Charges being opened at the PSP: a row is written (and committed) before the PSP is asked,
-- and deleted in the transaction that records the charge (or once the PSP removed it again). A
-- row left behind is a charge that no order holds (the instance died in between): the expiry
-- job removes it at the PSP, so nobody can ever pay it.
CREATE TABLE pix_openings (
    txid        TEXT PRIMARY KEY,
    criado_em   BIGINT NOT NULL
);
