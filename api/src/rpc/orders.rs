//! Orders: `finalizar_pedido` ([`place`]: recomputed with wasm-core, stock reserved
//! atomically, one transaction), `pegar_pedidos` ([`view`]), `consultar_pagamento` ([`payment`]),
//! `cancelar_pedido` ([`cancel`]), `confirmar_recebimento` ([`receipt`], decisions.md §37), `pedir_de_novo` ([`reorder`]). The buyer is always the session's user (decisions.md §2).
//! The state changes are the domain's ([`crate::domain::orders`]).

pub mod cancel;
pub mod payment;
pub mod place;
pub mod receipt;
pub mod reorder;
pub mod view;

use crate::{error::ApiError, messages::PEDIDO_NAO_ENCONTRADO};

/// "Pedido não encontrado." (404).
fn order_not_found() -> ApiError {
    ApiError::NotFound(PEDIDO_NAO_ENCONTRADO.into())
}
