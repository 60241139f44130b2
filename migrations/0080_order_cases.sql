-- The buyer's 'Tive um problema' (decisions.md §37): a case on a delivered order, one per order,
-- while its held Pix money stays held. `orders.em_reclamacao` is when an open case began (NULL
-- when none is open): the release job and 'Recebi meu pedido' leave such an order alone, and the
-- case's opening and its settling are conditional updates of that one row, so a case and a
-- release never both happen. A settled case records how it ended once (`resultado`, the amount
-- given back, who decided and why). Portable: SQLite and PostgreSQL.
ALTER TABLE orders ADD COLUMN em_reclamacao BIGINT;

CREATE TABLE order_cases (
    id                  TEXT PRIMARY KEY,
    order_id            TEXT NOT NULL UNIQUE REFERENCES orders(id),
    buyer_id            TEXT NOT NULL,
    supplier_id         TEXT NOT NULL,
    -- 'nao_recebi', 'faltando', 'defeito', 'outro'
    motivo              TEXT NOT NULL,
    -- 'aberta' (buyer and store talk), 'mediacao' (the admin's 'Disputas'), 'encerrada'
    status              TEXT NOT NULL,
    -- What the store proposes to give back, in centavos (NULL: nothing proposed yet).
    proposta_centavos   BIGINT,
    -- How it ended: 'liberado' (all released), 'devolvido_parcial', 'devolvido_total'.
    resultado           TEXT,
    devolvido_centavos  BIGINT NOT NULL DEFAULT 0,
    -- 'loja' (the store refunded), 'comprador' (the buyer accepted), 'admin'
    decidido_por        TEXT,
    decisao_motivo      TEXT,
    criado_em           BIGINT NOT NULL,
    mediacao_em         BIGINT,
    encerrado_em        BIGINT
);
CREATE INDEX order_cases_status ON order_cases (status, criado_em);
CREATE INDEX order_cases_buyer ON order_cases (buyer_id);
CREATE INDEX order_cases_supplier ON order_cases (supplier_id);

-- The case's thread: dated messages of the buyer, the store and the admin; `fotos` a JSON list
-- of the photos' URLs (at most 3, the opening's).
CREATE TABLE order_case_messages (
    id          TEXT PRIMARY KEY,
    case_id     TEXT NOT NULL REFERENCES order_cases(id),
    -- 'comprador', 'loja', 'admin'
    autor       TEXT NOT NULL,
    texto       TEXT NOT NULL,
    fotos       TEXT NOT NULL DEFAULT '[]',
    criado_em   BIGINT NOT NULL
);
CREATE INDEX order_case_messages_case ON order_case_messages (case_id, criado_em);

-- A partial refund splits the order's held item (one per order): `valor_centavos` becomes the
-- part released to the store and `devolvido_centavos` the part given back to the buyer, so that
-- for every order paid = released + held + refunded (docs/money.md). A full refund stays as it
-- was: the whole item `devolvido`.
ALTER TABLE open_items ADD COLUMN devolvido_centavos BIGINT NOT NULL DEFAULT 0;
