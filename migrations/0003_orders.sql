-- Orders and Pix (issue 4). Portable: SQLite and PostgreSQL.
-- An order keeps the coupon it was placed with (type and value in hundredths, as `coupons`),
-- since the supplier may change or delete the coupon later.
ALTER TABLE orders ADD COLUMN cupom_tipo TEXT;
ALTER TABLE orders ADD COLUMN cupom_valor BIGINT;
-- When a paid charge was given back (a cancelled order). `pix_charges.status` also takes
-- 'cancelado': an unpaid charge whose order the buyer cancelled.
ALTER TABLE pix_charges ADD COLUMN devolvido_em BIGINT;
