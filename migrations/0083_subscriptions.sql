-- Recurring baskets ('Cesta da semana', decisions.md §35; docs/subscriptions.md).
-- Portable: SQLite and PostgreSQL.

-- A buyer's basket at one store: its lines (subscription_lines) are ordered every `frequencia`
-- ('semanal' | 'quinzenal' | 'mensal') on the weekday and window of its first delivery
-- `data_inicio` ('YYYY-MM-DD', São Paulo), delivered (`tipo_entrega` 'Entrega') to the buyer's
-- address as it is when the cycle is ordered (the 'Endereço' page), or picked up ('Retirada'). `proxima_data` is the next cycle not yet handled: the
-- cycles job handles it at the store's cut-off for that date and moves it on by one period.
-- `pagamento`: 'na_entrega' (paid in person, the only one built) or, later, 'pix_automatico'
-- (decisions.md §35: a recurrence authorised once, each cycle charged). `situacao`: 'ativa',
-- 'pausada' (cycles before `pausada_ate` are skipped, then it is active again) or 'cancelada'.
-- `pular_data`: one cycle the buyer skipped. `cupom_codigo`: the coupon of the first cycle
-- (`cupom_ciclos` cycles from the first; 1 unless a coupon says otherwise). `aviso_data`: the
-- cycle whose notice ahead of the cut-off was sent.
CREATE TABLE subscriptions (
    id              TEXT PRIMARY KEY,
    buyer_id        TEXT NOT NULL REFERENCES users (id),
    supplier_id     TEXT NOT NULL REFERENCES suppliers (user_id),
    frequencia      TEXT NOT NULL,
    tipo_entrega    TEXT NOT NULL,
    janela_inicio   TEXT NOT NULL,
    janela_fim      TEXT NOT NULL,
    data_inicio     TEXT NOT NULL,
    proxima_data    TEXT NOT NULL,
    pagamento       TEXT NOT NULL DEFAULT 'na_entrega',
    situacao        TEXT NOT NULL DEFAULT 'ativa',
    pausada_ate     TEXT,
    pular_data      TEXT,
    cupom_codigo    TEXT,
    cupom_ciclos    BIGINT NOT NULL DEFAULT 1,
    ciclos_feitos   BIGINT NOT NULL DEFAULT 0,
    aviso_data      TEXT,
    observacao      TEXT,
    criado_em       BIGINT NOT NULL,
    atualizado_em   BIGINT NOT NULL
);
CREATE INDEX subscriptions_due ON subscriptions (situacao, proxima_data);
CREATE INDEX subscriptions_supplier ON subscriptions (supplier_id, situacao);
CREATE INDEX subscriptions_buyer ON subscriptions (buyer_id, criado_em);

-- A basket's lines, in the bag's order.
CREATE TABLE subscription_lines (
    subscription_id TEXT NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
    posicao         BIGINT NOT NULL,
    product_id      TEXT NOT NULL,
    opcao           TEXT,
    quantidade      BIGINT NOT NULL,
    observacao      TEXT,
    PRIMARY KEY (subscription_id, posicao)
);

-- Each cycle handled, once per (basket, delivery date): its outcome `situacao` ('pedido': the
-- order `order_id` was placed; 'pulada', 'pausada', 'ferias': skipped by the buyer, the buyer's
-- pause or the store's vacation; 'vazia': nothing in stock; 'recusada': the order was refused,
-- `motivo` says why), and `faltaram`, the titles left out for lack of stock (JSON list). The
-- order itself is placed once by its idempotency key 'cesta:{id}:{data}' (the unique index
-- orders_idempotency), so a generation cut by a crash and run again finds it.
CREATE TABLE subscription_cycles (
    subscription_id TEXT NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
    data_entrega    TEXT NOT NULL,
    situacao        TEXT NOT NULL,
    order_id        TEXT,
    faltaram        TEXT NOT NULL DEFAULT '[]',
    motivo          TEXT,
    total_centavos  BIGINT,
    criado_em       BIGINT NOT NULL,
    PRIMARY KEY (subscription_id, data_entrega)
);

-- A store's vacation: no basket of this store is delivered from `de` to `ate` (dates, inclusive).
CREATE TABLE store_pauses (
    supplier_id     TEXT NOT NULL REFERENCES suppliers (user_id) ON DELETE CASCADE,
    de              TEXT NOT NULL,
    ate             TEXT NOT NULL,
    criado_em       BIGINT NOT NULL,
    PRIMARY KEY (supplier_id, de)
);
