-- Production that cannot be misconfigured and fails well (issue 27; decisions.md §21, §23).
-- Portable: SQLite and PostgreSQL.

-- Periodic jobs done once per period across instances (api/src/jobs.rs): the start (ms since
-- the epoch) of the last period each job was done for. A run claims its period under the job's
-- advisory lock only when this is older, so an instance ticking a moment after another skips.
CREATE TABLE job_runs (
    job             TEXT PRIMARY KEY,
    periodo         BIGINT NOT NULL,
    executado_em    BIGINT NOT NULL
);

-- Every Pix a webhook notification named, and what the PSP said of it (api/src/pix/webhook.rs):
-- a notification is a hint; only what `GET /pix/{e2eid}` confirms for our key reaches
-- pix_received. 'confirmado' (the PSP has it, for our key: recorded from the PSP's answer),
-- 'nao_confirmado' (the PSP does not have it), 'outra_chave' (the PSP has it for another key).
-- `motivo` says what differed. Kept for the admin; never applied from here.
CREATE TABLE pix_notifications (
    id              TEXT PRIMARY KEY,
    end_to_end_id   TEXT NOT NULL,
    txid            TEXT,
    valor_centavos  BIGINT,
    chave           TEXT,
    resultado       TEXT NOT NULL,
    motivo          TEXT,
    recebido_em     BIGINT NOT NULL
);
CREATE INDEX pix_notifications_e2e ON pix_notifications (end_to_end_id);
CREATE INDEX pix_notifications_resultado ON pix_notifications (resultado, recebido_em);

-- Calls the server makes on a user's behalf, bounded across instances (api/src/outside.rs): a
-- named window (a charge's status query, a user's token charge being opened, the geocoder, the
-- Arweave gateway) that started with its first call and ends at `livre_em` (ms since the
-- epoch), with `usadas` calls made in it. A caller takes a call with one conditional upsert, so
-- at most N calls per window whatever the instances.
CREATE TABLE call_slots (
    nome        TEXT PRIMARY KEY,
    livre_em    BIGINT NOT NULL,
    usadas      BIGINT NOT NULL DEFAULT 0
);
