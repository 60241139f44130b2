//! The blockchain notarisation page: the upload checks and the price of tokens.

use super::{
    FormError, MAX_BLOCKCHAIN_DESCRIPTION, MAX_FILE_BYTES, TOKEN_PRICE, limit, optional_text,
};
use crate::messages;
use crate::money::Money;

/// The upload checks in the page's order: a token (`Você não possui fichas!`), a file of at most
/// 100 MB (`Arquivo muito grande!`), a description (`Insira uma descrição`) of at most 500
/// characters. Returns the trimmed description.
pub fn blockchain_upload(
    fichas: u32,
    file_bytes: u64,
    descricao: &str,
) -> Result<String, FormError> {
    if fichas < 1 {
        return Err(FormError::NoTokens);
    }
    if file_bytes > MAX_FILE_BYTES {
        return Err(FormError::FileTooLarge);
    }
    let d = optional_text(descricao).ok_or(FormError::DescriptionRequired)?;
    limit(&d, messages::CAMPO_DESCRICAO, MAX_BLOCKCHAIN_DESCRIPTION)?;
    Ok(d)
}

/// The price of `quantity` tokens: R$ 5 each, at least 1 (`Escolha ao menos 1 ficha`).
pub fn tokens_price(quantity: u32) -> Result<Money, FormError> {
    if quantity < 1 {
        return Err(FormError::TokenQuantity);
    }
    Ok(TOKEN_PRICE.times(quantity))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::forms::test_util::{err, m};

    #[test]
    fn blockchain_rules() {
        assert_eq!(
            err(blockchain_upload(0, 10, "x")),
            "Você não possui fichas!"
        );
        assert_eq!(
            err(blockchain_upload(1, 104_857_601, "x")),
            "Arquivo muito grande!"
        );
        assert!(blockchain_upload(1, 104_857_600, "x").is_ok());
        assert_eq!(err(blockchain_upload(1, 10, " ")), "Insira uma descrição");
        assert_eq!(
            err(blockchain_upload(1, 10, &"d".repeat(501))),
            "A descrição deve ter no máximo 500 caracteres"
        );
        assert_eq!(tokens_price(1), Ok(m(500)));
        assert_eq!(tokens_price(3), Ok(m(1500)));
        assert_eq!(tokens_price(3).unwrap().decimal_string(), "15.00");
        assert_eq!(err(tokens_price(0)), "Escolha ao menos 1 ficha");
    }
}
