-- Single-use tickets that open a supplier's event stream (GET /api/fornecedor/eventos?ticket=…),
-- so a session token never travels in a URL (nor lands in an access log). A ticket is asked for
-- with the session (`pegar_ticket_eventos`), lives one minute and opens one stream; the stream
-- then follows its session (`token_hash`) and closes when it is revoked. Only the ticket's
-- SHA-256 is stored. Rows past their time are deleted by the housekeeping job.
CREATE TABLE event_tickets (
    ticket_hash   TEXT PRIMARY KEY,
    token_hash    TEXT NOT NULL REFERENCES sessions (token_hash) ON DELETE CASCADE,
    user_id       TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    criado_em     BIGINT NOT NULL,
    expira_em     BIGINT NOT NULL,
    usado_em      BIGINT
);
CREATE INDEX event_tickets_expira ON event_tickets (expira_em);
