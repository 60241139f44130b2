-- A coupon valid on every delivery of a recurring basket (decisions.md §35: "a coupon applies
-- to the first cycle unless it says otherwise"; docs/subscriptions.md). Portable: SQLite and
-- PostgreSQL.
--
-- `todas_entregas`: the store ticked 'Vale para todas as entregas da assinatura' on the coupon
-- form. A basket subscribed with it applies it to every cycle (`subscriptions.cupom_ciclos` set
-- to every cycle when the basket is created, so the buyer keeps what they were shown); each
-- cycle's order is priced with it again by wasm-core and takes one use, as any order. Unticked
-- (the default, and every coupon before this): the first cycle only.
ALTER TABLE coupons ADD COLUMN todas_entregas BOOLEAN NOT NULL DEFAULT FALSE;
