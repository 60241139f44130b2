-- The buyer confirms receipt before the money is released (decisions.md §37, amending §27). The
-- store's 'confirmar_entrega' now only marks an order delivered (`situacao '2'`, `entregue_em`);
-- its held Pix money is released when the buyer taps 'Recebi meu pedido' or, without a problem
-- reported, RELEASE_AFTER_DAYS after the mark (the `orders-release` job). `recebido_em` is when
-- that happened and `recebimento` how: 'comprador' (the buyer confirmed), 'automatico' (the
-- job), 'loja' (the store confirmed it before this change). A review (§33) needs `recebido_em`.
-- Portable: SQLite and PostgreSQL.
ALTER TABLE orders ADD COLUMN entregue_em BIGINT;
ALTER TABLE orders ADD COLUMN recebido_em BIGINT;
ALTER TABLE orders ADD COLUMN recebimento TEXT;

-- Orders the store confirmed before this change keep their release (their money already joined
-- the balance in that confirmation): recorded as delivered and received then. Paid orders not yet
-- delivered (`situacao '1'`) follow the new steps.
UPDATE orders SET entregue_em = atualizado_em, recebido_em = atualizado_em, recebimento = 'loja'
 WHERE situacao = '2';

-- What the release job reads: delivered orders still waiting for the buyer's word.
CREATE INDEX orders_awaiting_receipt ON orders (entregue_em) WHERE recebido_em IS NULL;
