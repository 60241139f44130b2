//! Who takes WhatsApp notices: a person's opt-in per [`Role`] (`whatsapp_contacts`, with the
//! date of the consent, decisions.md §34 and §38) and the kinds of notice they take by WhatsApp
//! (`whatsapp_notice_kinds`, a kind without a row being on).

use crate::db::{Db, now_ms};
use sqlx::{Any, Executor};

/// Whose phone: the person's (profile) or their store's (supplier's panel).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    Buyer,
    Store,
}

impl Role {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Buyer => "comprador",
            Self::Store => "loja",
        }
    }
}

/// A kind of notice, on or off by WhatsApp per person.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// New orders (the buyer's 'Pedido recebido', the store's new order).
    Orders,
    /// Payments and money given back.
    Payments,
    /// Out for delivery, delivered.
    Deliveries,
    /// Withdrawals paid (stores).
    Withdrawals,
    /// A problem case's steps (opened, a message, with the Feira, ended).
    Cases,
    /// Recurring baskets (the order ahead of the cut-off, a cycle not placed, a store's
    /// vacation).
    Baskets,
}

impl Kind {
    pub const ALL: [Self; 6] = [
        Self::Orders,
        Self::Payments,
        Self::Deliveries,
        Self::Withdrawals,
        Self::Cases,
        Self::Baskets,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Orders => "pedidos",
            Self::Payments => "pagamentos",
            Self::Deliveries => "entregas",
            Self::Withdrawals => "saques",
            Self::Cases => "reclamacoes",
            Self::Baskets => "cestas",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.as_str() == s)
    }
}

/// Why the channel was turned off without the person's toggle.
pub const OFF_STOP: &str = "parar";
/// The number is not on WhatsApp (error 131026 and the like).
pub const OFF_INVALID: &str = "numero_invalido";

/// Error codes of the Cloud API that mean the number cannot take messages: the channel is
/// turned off for that person rather than tried again.
pub const INVALID_NUMBER_CODES: [i64; 2] = [131_026, 131_030];

/// A person's contact in one role: the E.164 phone, whether it is on, since when, and why it
/// was turned off.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Contact {
    pub telefone: String,
    pub ativo: i64,
    pub consentido_em: Option<i64>,
    pub desligado_em: Option<i64>,
    pub desligado_motivo: Option<String>,
}

/// `user`'s contact in `role`, if they ever set one.
pub async fn contact(db: &Db, user: &str, role: Role) -> sqlx::Result<Option<Contact>> {
    sqlx::query_as(
        "SELECT telefone, ativo, consentido_em, desligado_em, desligado_motivo \
         FROM whatsapp_contacts WHERE user_id = $1 AND papel = $2",
    )
    .bind(user)
    .bind(role.as_str())
    .fetch_optional(db)
    .await
}

/// The kinds `user` takes by WhatsApp.
pub async fn kinds(db: &Db, user: &str) -> sqlx::Result<Vec<(Kind, bool)>> {
    let off: Vec<(String,)> = sqlx::query_as(
        "SELECT aviso FROM whatsapp_notice_kinds WHERE user_id = $1 AND whatsapp = 0",
    )
    .bind(user)
    .fetch_all(db)
    .await?;
    Ok(Kind::ALL
        .into_iter()
        .map(|k| (k, !off.iter().any(|(a,)| a == k.as_str())))
        .collect())
}

/// Turns `user`'s notices in `role` on (to `e164`, consent dated now, unless already on with
/// that number) or off; sets the kinds given.
pub async fn set(
    db: &Db,
    user: &str,
    role: Role,
    on: bool,
    e164: &str,
    kinds: &[(Kind, bool)],
) -> sqlx::Result<()> {
    let mut tx = crate::db::begin_write(db).await?;
    let now = now_ms();
    let current: Option<(String, i64)> = sqlx::query_as(
        "SELECT telefone, ativo FROM whatsapp_contacts WHERE user_id = $1 AND papel = $2",
    )
    .bind(user)
    .bind(role.as_str())
    .fetch_optional(&mut *tx)
    .await?;
    match current {
        None => {
            sqlx::query(
                "INSERT INTO whatsapp_contacts (user_id, papel, telefone, ativo, consentido_em) \
                 VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(user)
            .bind(role.as_str())
            .bind(e164)
            .bind(i64::from(on))
            .bind(on.then_some(now))
            .execute(&mut *tx)
            .await?;
        }
        Some((phone, active)) if on && (active == 0 || phone != e164) => {
            sqlx::query(
                "UPDATE whatsapp_contacts SET telefone = $1, ativo = 1, consentido_em = $2, \
                 desligado_em = NULL, desligado_motivo = NULL WHERE user_id = $3 AND papel = $4",
            )
            .bind(e164)
            .bind(now)
            .bind(user)
            .bind(role.as_str())
            .execute(&mut *tx)
            .await?;
        }
        Some((_, 1)) if !on => {
            sqlx::query(
                "UPDATE whatsapp_contacts SET ativo = 0, desligado_em = $1, \
                 desligado_motivo = NULL WHERE user_id = $2 AND papel = $3",
            )
            .bind(now)
            .bind(user)
            .bind(role.as_str())
            .execute(&mut *tx)
            .await?;
        }
        Some(_) => {}
    }
    for (kind, whatsapp) in kinds {
        sqlx::query("DELETE FROM whatsapp_notice_kinds WHERE user_id = $1 AND aviso = $2")
            .bind(user)
            .bind(kind.as_str())
            .execute(&mut *tx)
            .await?;
        sqlx::query(
            "INSERT INTO whatsapp_notice_kinds (user_id, aviso, whatsapp) VALUES ($1, $2, $3)",
        )
        .bind(user)
        .bind(kind.as_str())
        .bind(i64::from(*whatsapp))
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await
}

/// Why the channel was turned off because the person saved a phone it cannot reach (one of
/// another country).
pub const OFF_PHONE: &str = "telefone";

/// `user` saved `phone` (as typed) as the phone of `role`: an active WhatsApp contact follows
/// it (docs/notices.md, 'A new phone'). The person opted in for notices on the phone they keep
/// with us, and changing it is their own act in the same screen, so the notices go on to the
/// new number and the consent is dated again with it (the old number gets nothing more); a
/// phone the channel cannot reach (not Brazilian) turns the channel off, and the profile says
/// why. Returns whether the contact changed.
pub async fn follow_phone<'e, E>(e: E, user: &str, role: Role, phone: &str) -> sqlx::Result<bool>
where
    E: Executor<'e, Database = Any>,
{
    let now = now_ms();
    let done = match wasm_core::phone::Phone::parse_brazilian(phone) {
        Ok(p) => {
            sqlx::query(
                "UPDATE whatsapp_contacts SET telefone = $1, consentido_em = $2 \
                 WHERE user_id = $3 AND papel = $4 AND ativo = 1 AND telefone <> $1",
            )
            .bind(p.e164())
            .bind(now)
            .bind(user)
            .bind(role.as_str())
            .execute(e)
            .await?
        }
        Err(_) => {
            sqlx::query(
                "UPDATE whatsapp_contacts SET ativo = 0, desligado_em = $1, \
                 desligado_motivo = $2 WHERE user_id = $3 AND papel = $4 AND ativo = 1",
            )
            .bind(now)
            .bind(OFF_PHONE)
            .bind(user)
            .bind(role.as_str())
            .execute(e)
            .await?
        }
    };
    Ok(done.rows_affected() > 0)
}

/// Turns off every active contact with number `e164` for `reason`; returns the (user, role)
/// pairs turned off (none when already off: a repeated webhook changes nothing).
pub async fn turn_off<'e, E>(e: E, e164: &str, reason: &str) -> sqlx::Result<Vec<(String, String)>>
where
    E: Executor<'e, Database = Any>,
{
    sqlx::query_as(
        "UPDATE whatsapp_contacts SET ativo = 0, desligado_em = $1, desligado_motivo = $2 \
         WHERE telefone = $3 AND ativo = 1 RETURNING user_id, papel",
    )
    .bind(now_ms())
    .bind(reason)
    .bind(e164)
    .fetch_all(e)
    .await
}
