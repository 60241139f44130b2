-- WhatsApp notices (decisions.md §38). Portable: SQLite and PostgreSQL.
--
-- `whatsapp_contacts`: a person's opt-in, one per role ('comprador': the profile's phone;
-- 'loja': the store's phone, from the supplier's panel). `telefone` is E.164 (+55…); `ativo`
-- is the opt-in, `consentido_em` when it was given (LGPD: kept with its date). A reply 'PARAR'
-- or 'SAIR', or a number WhatsApp refuses (error 131026 and the like), turns it off:
-- `desligado_em` and `desligado_motivo` ('parar' or 'numero_invalido'), which the profile shows.
CREATE TABLE whatsapp_contacts (
    user_id          TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    papel            TEXT NOT NULL,
    telefone         TEXT NOT NULL,
    ativo            BIGINT NOT NULL DEFAULT 0,
    consentido_em    BIGINT,
    desligado_em     BIGINT,
    desligado_motivo TEXT,
    PRIMARY KEY (user_id, papel)
);
CREATE INDEX whatsapp_contacts_phone ON whatsapp_contacts (telefone);

-- Which kinds of notice a person takes by WhatsApp ('pedidos', 'pagamentos', 'entregas',
-- 'saques'); a kind without a row is on (orders and payments on both channels by default;
-- e-mail always stays, decisions.md §38).
CREATE TABLE whatsapp_notice_kinds (
    user_id   TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    aviso     TEXT NOT NULL,
    whatsapp  BIGINT NOT NULL,
    PRIMARY KEY (user_id, aviso)
);

-- The outbox's WhatsApp channel: recorded in the transaction that records the e-mail, claimed
-- once across instances (`reservado_por` until `reservado_ate`) like `email_outbox`, retried
-- with a growing delay on 429 and 5xx, kept as failed (`falhou_em`, `erro`) after its tries.
-- `modelo` and `variaveis` (a JSON array of texts) are the approved template's; `texto` is a
-- free reply (the confirmation of 'PARAR'), sent instead of a template. `wamid` is the Cloud
-- API's message id; `situacao` its last status from the webhook ('sent', 'delivered', 'read',
-- 'failed' with `codigo_erro`).
CREATE TABLE whatsapp_outbox (
    id                   TEXT PRIMARY KEY,
    user_id              TEXT NOT NULL,
    papel                TEXT NOT NULL,
    destinatario         TEXT NOT NULL,
    modelo               TEXT NOT NULL,
    variaveis            TEXT NOT NULL,
    texto                TEXT,
    order_id             TEXT,
    criado_em            BIGINT NOT NULL,
    tentativas           BIGINT NOT NULL DEFAULT 0,
    proxima_tentativa_em BIGINT,
    reservado_por        TEXT,
    reservado_ate        BIGINT,
    enviado_em           BIGINT,
    falhou_em            BIGINT,
    erro                 TEXT,
    wamid                TEXT,
    situacao             TEXT,
    situacao_em          BIGINT,
    codigo_erro          BIGINT
);
CREATE INDEX whatsapp_outbox_due ON whatsapp_outbox (falhou_em, enviado_em, criado_em);
CREATE UNIQUE INDEX whatsapp_outbox_wamid ON whatsapp_outbox (wamid);
