//! What happened in a problem case (decisions.md §37) and who is told: the words both of its
//! channels share, the e-mails ([`super::cases`]) and WhatsApp ([`super::whatsapp::cases`]),
//! kept apart so that neither imports the other.

/// Who writes in a case, or is told.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Buyer,
    Store,
    Admin,
}

/// What happened in a case.
#[derive(Debug, Clone, Copy)]
pub enum CaseNotice<'a> {
    /// The buyer opened it (to the store).
    Opened { motivo: &'a str, texto: &'a str },
    /// A message of `from` (to the other side; an admin's to both).
    Message { from: Side, texto: &'a str },
    /// It went to the admin's 'Disputas' (to both).
    Escalated,
    /// It ended: `devolvido` centavos given back to the buyer, the rest released (to both);
    /// `motivo` is the admin's reason when the admin decided.
    Settled {
        devolvido: i64,
        liberado: i64,
        motivo: Option<&'a str>,
    },
}
