//! WhatsApp notices in the profile and the supplier's panel (decisions.md §38): `pegar_avisos`
//! (the person's opt-ins and kinds of notice) and `alterar_avisos` ('Receber avisos pelo
//! WhatsApp' on or off for the profile's phone or the store's, and which kinds go by WhatsApp).
//! The phone is the one already collected (the profile's, the store's), normalised to E.164 by
//! wasm-core; a number of another country is refused. Consent is dated when given.

use crate::{
    auth::AuthUser,
    error::{ApiError, ApiResult},
    mail::whatsapp::{Kind, Role, contacts},
    state::AppState,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use wasm_core::{messages::Message, phone::Phone};

/// Told when the channel is off (`WHATSAPP_*` unset).
pub const INDISPONIVEL: &str = "Os avisos pelo WhatsApp não estão disponíveis.";
/// Told when there is no phone to send to.
pub const SEM_TELEFONE: &str = "Cadastre um telefone antes de ligar os avisos pelo WhatsApp.";

/// One kind of notice and whether it goes by WhatsApp (e-mail always stays).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct NoticeKind {
    /// `pedidos`, `pagamentos`, `entregas`, `saques`, `reclamacoes` (a problem case's steps) or
    /// `cestas` (recurring baskets).
    pub aviso: String,
    pub whatsapp: bool,
}

/// A phone's WhatsApp notices.
#[derive(Debug, Serialize, ToSchema)]
pub struct WhatsAppChannel {
    /// The phone (masked) the notices go to; null when none was given.
    pub telefone: Option<String>,
    /// 'Receber avisos pelo WhatsApp'.
    pub ativo: bool,
    /// When the consent was given (ms since the epoch).
    pub consentido_em: Option<i64>,
    /// Why it was turned off without the toggle, as the profile says it; else null.
    pub aviso_desligado: Option<String>,
}

/// `pegar_avisos`' and `alterar_avisos`' answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct Notices {
    /// Whether the platform sends WhatsApp notices at all.
    pub disponivel: bool,
    /// The profile's phone.
    pub comprador: WhatsAppChannel,
    /// The store's phone; null without a store.
    pub loja: Option<WhatsAppChannel>,
    pub avisos: Vec<NoticeKind>,
}

/// `alterar_avisos`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ChangeNotices {
    /// `comprador` (the profile's phone) or `loja` (the store's).
    pub papel: String,
    pub ativo: bool,
    /// Kinds to change (others stay as they are).
    #[serde(default)]
    pub avisos: Vec<NoticeKind>,
}

fn said(reason: Option<&str>) -> Option<String> {
    match reason? {
        contacts::OFF_STOP => {
            Some("Você respondeu PARAR no WhatsApp: os avisos por lá foram desligados.".to_owned())
        }
        contacts::OFF_PHONE => Some(
            "O telefone salvo não é do Brasil: os avisos pelo WhatsApp foram desligados. Salve \
             um telefone do Brasil e ligue de novo."
                .to_owned(),
        ),
        contacts::OFF_INVALID => Some(
            "O WhatsApp não aceitou este número: os avisos por lá foram desligados. Confira o \
             telefone e ligue de novo."
                .to_owned(),
        ),
        _ => None,
    }
}

/// The phones collected: the profile's and, with a store, the store's.
async fn phones(state: &AppState, user: &str) -> ApiResult<(Option<String>, Option<String>, bool)> {
    let (mine,): (Option<String>,) = sqlx::query_as("SELECT telefone FROM users WHERE id = $1")
        .bind(user)
        .fetch_one(&state.db)
        .await?;
    let store: Option<(String,)> =
        sqlx::query_as("SELECT telefone FROM suppliers WHERE user_id = $1")
            .bind(user)
            .fetch_optional(&state.db)
            .await?;
    let has_store = store.is_some();
    Ok((mine, store.map(|(t,)| t), has_store))
}

async fn channel(
    state: &AppState,
    user: &str,
    role: Role,
    phone: Option<String>,
) -> ApiResult<WhatsAppChannel> {
    let c = contacts::contact(&state.db, user, role).await?;
    let masked = phone
        .as_deref()
        .and_then(|p| Phone::parse(p).ok())
        .map(|p| p.masked());
    Ok(WhatsAppChannel {
        telefone: masked,
        ativo: c.as_ref().is_some_and(|c| c.ativo == 1),
        consentido_em: c.as_ref().and_then(|c| c.consentido_em),
        aviso_desligado: c
            .as_ref()
            .filter(|c| c.ativo == 0)
            .and_then(|c| said(c.desligado_motivo.as_deref())),
    })
}

/// `pegar_avisos`.
pub async fn notices(state: &AppState, user: AuthUser) -> ApiResult<Notices> {
    let (mine, store, has_store) = phones(state, &user.id).await?;
    let comprador = channel(state, &user.id, Role::Buyer, mine).await?;
    let loja = if has_store {
        Some(channel(state, &user.id, Role::Store, store).await?)
    } else {
        None
    };
    let avisos = contacts::kinds(&state.db, &user.id)
        .await?
        .into_iter()
        .map(|(k, on)| NoticeKind {
            aviso: k.as_str().to_owned(),
            whatsapp: on,
        })
        .collect();
    Ok(Notices {
        disponivel: state.config.whatsapp.is_some(),
        comprador,
        loja,
        avisos,
    })
}

/// `alterar_avisos`.
pub async fn change_notices(
    state: &AppState,
    user: AuthUser,
    req: ChangeNotices,
) -> ApiResult<Notices> {
    let role = match req.papel.as_str() {
        "comprador" => Role::Buyer,
        "loja" => Role::Store,
        _ => {
            return Err(ApiError::bad_request(
                "papel deve ser 'comprador' ou 'loja'.",
            ));
        }
    };
    let mut kinds = Vec::new();
    for k in &req.avisos {
        let kind = Kind::parse(&k.aviso)
            .ok_or_else(|| ApiError::bad_request(format!("Aviso desconhecido: {}.", k.aviso)))?;
        kinds.push((kind, k.whatsapp));
    }
    if req.ativo && state.config.whatsapp.is_none() {
        return Err(ApiError::bad_request(INDISPONIVEL));
    }
    let (mine, store, has_store) = phones(state, &user.id).await?;
    if role == Role::Store && !has_store {
        return Err(ApiError::Forbidden);
    }
    let phone = match role {
        Role::Buyer => mine,
        Role::Store => store,
    };
    let e164 = match phone.as_deref().map(str::trim).filter(|p| !p.is_empty()) {
        Some(p) => Phone::parse_brazilian(p)
            .map(|p| p.e164())
            .map_err(|e| ApiError::bad_request(e.message())),
        None if req.ativo => Err(ApiError::bad_request(SEM_TELEFONE)),
        None => Ok(String::new()),
    };
    let e164 = match e164 {
        Ok(e) => e,
        Err(e) if req.ativo => return Err(e),
        Err(_) => String::new(),
    };
    contacts::set(&state.db, &user.id, role, req.ativo, &e164, &kinds).await?;
    notices(state, user).await
}
