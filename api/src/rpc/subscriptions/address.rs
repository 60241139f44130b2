//! A basket's own delivery address (decisions.md §35): at `assinar` and in `alterar_assinatura`
//! (`acao: endereco`) the buyer may send `endereco`, an address as the profile's form takes it
//! (rua, número, complemento, bairro, CEP, 'Cidade, UF'; no phone: the order keeps the
//! profile's). It is checked by wasm-core's address rules, the city must be an IBGE
//! municipality, and its coordinates are computed here as `alterar_endereco` computes the
//! profile's (never taken from the client): each cycle's fee and the store's delivery area
//! ('Endereço fora da área de entrega de {nomeforn}.') are then computed for it.

use crate::{
    domain::subscriptions::BasketAddress,
    error::{ApiError, ApiResult},
    rpc::address::{CIDADE_INVALIDA, SEM_COORDENADAS, Street, coordinates, municipality},
    state::AppState,
};
use wasm_core::forms::{AddressForm, FormError};

/// A phone that passes wasm-core's rules, put in the copy of the form that is checked: a
/// basket's address has no phone of its own (the order carries the buyer's profile phone), and
/// the form's rules check the phone last, so every other field is checked as the profile's is.
const NO_PHONE: &str = "(11) 3333-3333";

/// `form` checked and located: the basket's address.
pub async fn checked(state: &AppState, form: &AddressForm) -> ApiResult<BasketAddress> {
    let copy = AddressForm {
        telefone: NO_PHONE.to_owned(),
        ..form.clone()
    };
    let address = copy
        .validate()
        .map_err(|e: FormError| ApiError::bad_request(e.to_string()))?;
    let city =
        municipality(&address.cidade).ok_or_else(|| ApiError::bad_request(CIDADE_INVALIDA))?;
    let cep = address.cep.as_ref().map(|c| c.digits().to_owned());
    let street = Street {
        rua: &address.rua,
        numero: &address.numero,
        bairro: address.bairro.as_deref(),
        cep: cep.as_deref(),
    };
    let (point, _) = coordinates(state, city, street)
        .await?
        .ok_or_else(|| ApiError::bad_request(SEM_COORDENADAS))?;
    Ok(BasketAddress {
        rua: address.rua,
        numero: address.numero,
        complemento: address.complemento,
        bairro: address.bairro,
        cep,
        cidade: city.label(),
        latitude: point.latitude(),
        longitude: point.longitude(),
    })
}
