-- Pix Automático for recurring baskets (decisions.md §35; docs/subscriptions.md, docs/pix.md).
-- Portable: SQLite and PostgreSQL.

-- A basket paid by Pix Automático (`pagamento` 'pix_automatico') carries its recurrence at the
-- PSP: `rec_id` (idRec, 29 characters), `rec_situacao` ('aguardando' until the payer approves
-- it at their bank, 'ativa', 'recusada' when refused or expired, 'cancelada' when we cancelled it
-- with the basket, 'cancelada_banco' when the payer cancelled it at their bank), the QR the buyer
-- scans (`rec_copia_e_cola`), the most the buyer accepts per cycle (`valor_maximo_centavos`), and
-- what the basket becomes when the recurrence is cancelled at the bank or refused
-- (`sem_pix`: 'na_entrega', paid in person from then on, or 'pausar', paused until the buyer acts).
ALTER TABLE subscriptions ADD COLUMN rec_id TEXT;
ALTER TABLE subscriptions ADD COLUMN rec_situacao TEXT;
ALTER TABLE subscriptions ADD COLUMN rec_copia_e_cola TEXT;
ALTER TABLE subscriptions ADD COLUMN valor_maximo_centavos BIGINT;
ALTER TABLE subscriptions ADD COLUMN sem_pix TEXT;
CREATE UNIQUE INDEX subscriptions_rec ON subscriptions (rec_id);

-- Each cycle's recurring charge (`/cobr`): the order's Pix charge (`pix_charges`, same txid,
-- which the payment path applies as any Pix) with what only a recurring charge has: its basket
-- and recurrence, its due date (`vencimento`), the retries asked (`retentativas`), how it stands
-- at the PSP as we last confirmed it (`situacao_psp`: 'ATIVA', 'CONCLUIDA', 'REJEITADA',
-- 'CANCELADA'…, and whether its last attempt failed, `falhou`), and a problem for the admin
-- (`problema`, NULL when none).
CREATE TABLE pix_cobr (
    txid            TEXT PRIMARY KEY,
    subscription_id TEXT NOT NULL REFERENCES subscriptions (id),
    order_id        TEXT NOT NULL REFERENCES orders (id),
    rec_id          TEXT NOT NULL,
    vencimento      TEXT NOT NULL,
    retentativas    BIGINT NOT NULL DEFAULT 0,
    situacao_psp    TEXT NOT NULL DEFAULT 'ATIVA',
    falhou          BIGINT NOT NULL DEFAULT 0,
    problema        TEXT,
    criado_em       BIGINT NOT NULL,
    atualizado_em   BIGINT NOT NULL
);
CREATE INDEX pix_cobr_subscription ON pix_cobr (subscription_id);
CREATE INDEX pix_cobr_problem ON pix_cobr (problema, atualizado_em);

-- Pix Automático notices that changed nothing, for the admin: a webhook naming a recurrence or
-- recurring charge that is not ours ('desconhecida'), one the PSP did not confirm, a cancellation
-- the PSP refused. `tipo`: 'rec' or 'cobr'; `ref`: the idRec or txid as told.
CREATE TABLE pix_automatico_avisos (
    id              TEXT PRIMARY KEY,
    tipo            TEXT NOT NULL,
    ref             TEXT NOT NULL,
    motivo          TEXT NOT NULL,
    criado_em       BIGINT NOT NULL
);
CREATE INDEX pix_automatico_avisos_time ON pix_automatico_avisos (criado_em);
