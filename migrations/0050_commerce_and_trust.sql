-- Everyday commerce and trust (issue 29; decisions.md §29, §32–§34). Portable: SQLite and
-- PostgreSQL.

-- Coupons with rules (§32): optional first and last day (`AAAA-MM-DD`, Brasília time), a total
-- use limit, one use per buyer, a minimum products total. `usos` counts the orders that hold a
-- use (taken in the order's transaction, given back when the order is cancelled).
ALTER TABLE coupons ADD COLUMN validade_inicio TEXT;
ALTER TABLE coupons ADD COLUMN validade_fim TEXT;
ALTER TABLE coupons ADD COLUMN limite_usos BIGINT;
ALTER TABLE coupons ADD COLUMN um_por_cliente BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE coupons ADD COLUMN pedido_minimo_centavos BIGINT;
ALTER TABLE coupons ADD COLUMN usos BIGINT NOT NULL DEFAULT 0;

-- One row per order that used a coupon: which coupon (its supplier, code and `criado_em`, so a
-- coupon deleted and created again under the same code starts afresh) and which buyer.
-- `liberado_em` is set when the order was cancelled and its use given back.
CREATE TABLE coupon_uses (
    order_id         TEXT PRIMARY KEY REFERENCES orders (id),
    supplier_id      TEXT NOT NULL,
    codigo           TEXT NOT NULL,
    cupom_criado_em  BIGINT NOT NULL,
    buyer_id         TEXT NOT NULL,
    criado_em        BIGINT NOT NULL,
    liberado_em      BIGINT
);
CREATE INDEX coupon_uses_buyer ON coupon_uses (supplier_id, codigo, cupom_criado_em, buyer_id);

-- The orders placed with a coupon before this migration hold their use.
INSERT INTO coupon_uses (order_id, supplier_id, codigo, cupom_criado_em, buyer_id, criado_em)
SELECT o.id, o.supplier_id, o.cupom_codigo, c.criado_em, o.buyer_id, o.criado_em
  FROM orders o JOIN coupons c ON c.supplier_id = o.supplier_id AND c.codigo = o.cupom_codigo
 WHERE o.situacao NOT IN ('0', '00') AND c.criado_em <= o.criado_em;
UPDATE coupons SET usos = (SELECT COUNT(*) FROM coupon_uses u
  WHERE u.supplier_id = coupons.supplier_id AND u.codigo = coupons.codigo
    AND u.cupom_criado_em = coupons.criado_em AND u.liberado_em IS NULL);

-- Reviews of delivered orders (§33): one per order, by its buyer; the store may reply once; the
-- admin may remove one with a reason (kept, never shown). The store's sum and count of the
-- shown notes are kept with it, changed in the review's transaction.
CREATE TABLE reviews (
    id               TEXT PRIMARY KEY,
    order_id         TEXT NOT NULL UNIQUE REFERENCES orders (id),
    supplier_id      TEXT NOT NULL REFERENCES suppliers (user_id),
    buyer_id         TEXT NOT NULL REFERENCES users (id),
    nota             BIGINT NOT NULL,
    comentario       TEXT,
    criado_em        BIGINT NOT NULL,
    editado_em       BIGINT,
    resposta         TEXT,
    respondido_em    BIGINT,
    removido_em      BIGINT,
    motivo_remocao   TEXT
);
CREATE INDEX reviews_supplier ON reviews (supplier_id, removido_em, criado_em);
CREATE INDEX reviews_buyer ON reviews (buyer_id);
ALTER TABLE suppliers ADD COLUMN avaliacoes_soma BIGINT NOT NULL DEFAULT 0;
ALTER TABLE suppliers ADD COLUMN avaliacoes_quantidade BIGINT NOT NULL DEFAULT 0;

-- A store set up in minutes: the checklist's steps the supplier confirmed (the URL, made from
-- the name when the store was opened, and the payment options). Stores that chose their URL
-- before have it confirmed.
ALTER TABLE suppliers ADD COLUMN url_confirmada BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE suppliers ADD COLUMN pagamentos_confirmados BOOLEAN NOT NULL DEFAULT FALSE;
UPDATE suppliers SET url_confirmada = TRUE WHERE url IS NOT NULL;

-- Moderation with reasons: what the admin hid, when and why (the owner is e-mailed the reason
-- and sees it in the panel). A hidden product is also disabled, so no listing changes; a hidden
-- ad leaves every public listing.
ALTER TABLE suppliers ADD COLUMN invisivel_motivo TEXT;
ALTER TABLE suppliers ADD COLUMN invisivel_em BIGINT;
ALTER TABLE products ADD COLUMN moderado_motivo TEXT;
ALTER TABLE products ADD COLUMN moderado_em BIGINT;
ALTER TABLE ads ADD COLUMN moderado_motivo TEXT;
ALTER TABLE ads ADD COLUMN moderado_em BIGINT;

-- LGPD (§34): a deleted account keeps a row (its orders and payments refer to it) with every
-- identifying field replaced; `excluido_em` says when.
ALTER TABLE users ADD COLUMN excluido_em BIGINT;
