-- Real money through a PSP's API Pix (issue 16; decisions.md §20–§22). Portable: SQLite and
-- PostgreSQL.

-- Every Pix the PSP tells us about (webhook, reconciliation, a status query, the expiry check,
-- the sandbox), once per end-to-end id: the inbox. A notification is first written here (so an
-- acknowledged webhook is never lost), then applied in its own transaction: 'novo' → 'aplicado'
-- (it paid its charge), 'devolvido' (ours and exact, but the charge could no longer be paid:
-- a refund was scheduled) or 'recusado' (an unknown txid or another amount: kept for the admin,
-- never applied). `motivo` says why it was not applied.
CREATE TABLE pix_received (
    end_to_end_id   TEXT PRIMARY KEY,
    txid            TEXT,
    valor_centavos  BIGINT NOT NULL,
    chave           TEXT,
    horario         TEXT NOT NULL,               -- the PSP's RFC 3339 time of the payment
    info_pagador    TEXT,
    origem          TEXT NOT NULL,               -- 'webhook', 'reconciliacao', 'consulta', 'expiracao', 'sandbox'
    estado          TEXT NOT NULL,               -- 'novo', 'aplicado', 'devolvido', 'recusado'
    motivo          TEXT,
    recebido_em     BIGINT NOT NULL,
    processado_em   BIGINT
);
CREATE INDEX pix_received_estado ON pix_received (estado, recebido_em);
CREATE INDEX pix_received_txid ON pix_received (txid);

-- Refunds (devoluções) asked of the PSP with our own id, so a retry never refunds twice. A row is
-- written in the transaction that decides the refund (a cancelled paid order, a payment for a
-- charge that could no longer be paid); the refund job then asks the PSP, after that commit,
-- and retries until the PSP accepts: 'pendente' → 'em_processamento' → 'devolvido' or
-- 'nao_realizado' (the PSP could not return it); 'falhou' when the PSP refused the request for
-- good. The admin sees every one that is not 'devolvido'.
CREATE TABLE pix_refunds (
    id                      TEXT PRIMARY KEY,    -- our devolução id: 1–35 letters and digits
    end_to_end_id           TEXT NOT NULL UNIQUE, -- the Pix given back, in full, once
    txid                    TEXT,
    valor_centavos          BIGINT NOT NULL,
    motivo                  TEXT NOT NULL,       -- 'cancelamento' or 'pagamento_tardio'
    status                  TEXT NOT NULL,
    tentativas              BIGINT NOT NULL DEFAULT 0,
    proxima_tentativa_em    BIGINT NOT NULL,
    erro                    TEXT,
    rtr_id                  TEXT,                -- the PSP's return id (D…)
    criado_em               BIGINT NOT NULL,
    atualizado_em           BIGINT NOT NULL
);
CREATE INDEX pix_refunds_due ON pix_refunds (status, proxima_tentativa_em);
CREATE INDEX pix_refunds_txid ON pix_refunds (txid);

-- Watermarks of the periodic Pix work: the end of the last reconciled window (ms).
CREATE TABLE pix_sync (
    nome    TEXT PRIMARY KEY,
    valor   BIGINT NOT NULL
);
