-- The e-mail outbox shared by several instances (decisions.md §23): a sender claims a message
-- (`reservado_por`, a claim id, until `reservado_ate`) before sending it, so each message is
-- sent once however many instances sweep the outbox; a failed try is counted (`tentativas`) and
-- retried with a growing delay (`proxima_tentativa_em`); a message that cannot be sent (refused
-- for good, out of tries, or older than a day) is kept with its reason (`erro`) and `falhou_em`.
ALTER TABLE email_outbox ADD COLUMN tentativas BIGINT NOT NULL DEFAULT 0;
ALTER TABLE email_outbox ADD COLUMN proxima_tentativa_em BIGINT;
ALTER TABLE email_outbox ADD COLUMN reservado_por TEXT;
ALTER TABLE email_outbox ADD COLUMN reservado_ate BIGINT;
ALTER TABLE email_outbox ADD COLUMN falhou_em BIGINT;
CREATE INDEX email_outbox_due ON email_outbox (falhou_em, enviado_em, criado_em);
