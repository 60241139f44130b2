//! Recurring baskets ('Cesta da semana', decisions.md §35; docs/subscriptions.md): the buyer
//! subscribes from a store's bag (`assinar`, [`subscribe`]) and manages the basket in 'Minhas
//! assinaturas' (`minhas_assinaturas`, `alterar_assinatura`: skip, pause, change, cancel,
//! [`manage`]); the store sees its baskets and its next delivery's totals and may pause all for
//! a vacation ([`store`]); each cycle's order is placed at the store's cut-off by the cycles job
//! (`domain::subscriptions_cycles`, reached through [`cycles`]) with the checkout's own code.
//! A basket paid by Pix Automático: [`pix_automatico`]; delivered to its own address:
//! [`address`]. The answers' shapes are [`view`]'s.

pub mod address;
pub mod cycles;
pub mod manage;
pub mod pix_automatico;
pub mod store;
pub mod subscribe;
pub mod view;

use crate::error::ApiError;

/// 'Assinatura não encontrada.' (404): none with that id is the caller's.
pub const ASSINATURA_NAO_ENCONTRADA: &str = "Assinatura não encontrada.";

fn not_found() -> ApiError {
    ApiError::NotFound(ASSINATURA_NAO_ENCONTRADA.into())
}
