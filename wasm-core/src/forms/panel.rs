//! The supplier panel's small forms: a store category's name, the payment options accepted and
//! a withdrawal of the balance.

use super::{
    FormError, MAX_CATEGORY_NAME, MAX_PIX_KEY, MAX_STORE_MODEL, WITHDRAWAL_FEE_HUNDREDTHS, limit,
    optional_limited, optional_text,
};
use crate::messages;
use crate::money::Money;
use serde::{Deserialize, Serialize};

/// A new store category's name: `Insira o nome da categoria` when empty.
pub fn category_name(input: &str) -> Result<String, FormError> {
    let name = optional_text(input).ok_or(FormError::CategoryNameRequired)?;
    limit(&name, messages::CAMPO_CATEGORIA, MAX_CATEGORY_NAME)?;
    Ok(name)
}

/// A Pix key: required (`Insira sua chave Pix`), at most [`MAX_PIX_KEY`] characters.
pub fn pix_key(input: &str) -> Result<String, FormError> {
    let key = optional_text(input).ok_or(FormError::PixKeyRequired)?;
    limit(&key, messages::CAMPO_CHAVE_PIX, MAX_PIX_KEY)?;
    Ok(key)
}

/// The storefront's template name (`criar_site`'s `modelo`): optional, at most
/// [`MAX_STORE_MODEL`] characters.
pub fn store_model(input: &str) -> Result<Option<String>, FormError> {
    optional_limited(input, messages::CAMPO_MODELO, MAX_STORE_MODEL)
}

/// The payment options a supplier accepts: `'1'` in person, `'2'` Pix (decisions.md §6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PaymentOptions {
    #[serde(rename = "presencial")]
    pub in_person: bool,
    pub pix: bool,
}

impl PaymentOptions {
    /// From the stored codes; none configured means in person.
    pub fn from_codes(codes: &str) -> Self {
        let (in_person, pix) = (codes.contains('1'), codes.contains('2'));
        Self {
            in_person: in_person || !pix,
            pix,
        }
    }

    /// The supplier's choice: at least one (`Selecione ao menos uma forma de pagamento`).
    pub fn choose(in_person: bool, pix: bool) -> Result<Self, FormError> {
        if in_person || pix {
            Ok(Self { in_person, pix })
        } else {
            Err(FormError::ChoosePayment)
        }
    }

    /// `"1"`, `"2"` or `"12"`.
    pub fn codes(self) -> String {
        let mut s = String::new();
        if self.in_person {
            s.push('1');
        }
        if self.pix {
            s.push('2');
        }
        s
    }
}

/// A withdrawal: the balance, the 2 % fee (rounded to the centavo) and the net amount paid out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Withdrawal {
    pub bruto_centavos: Money,
    pub taxa_centavos: Money,
    pub liquido_centavos: Money,
    pub chave_pix: String,
}

impl Withdrawal {
    /// The fee and net total shown before a request.
    pub fn preview(balance: Money) -> (Money, Money) {
        let fee = balance
            .non_negative()
            .percent_hundredths(WITHDRAWAL_FEE_HUNDREDTHS);
        (fee, balance.non_negative().saturating_sub(fee))
    }

    /// A request: a Pix key (`Insira sua chave Pix`) and a balance above zero (`Você está sem
    /// saldo`).
    pub fn request(balance: Money, pix_key: &str) -> Result<Self, FormError> {
        let chave_pix = self::pix_key(pix_key)?;
        if !balance.is_positive() {
            return Err(FormError::NoBalance);
        }
        let (fee, net) = Self::preview(balance);
        Ok(Self {
            bruto_centavos: balance,
            taxa_centavos: fee,
            liquido_centavos: net,
            chave_pix,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::forms::test_util::{err, m};

    #[test]
    fn category_and_payments() {
        assert_eq!(err(category_name("  ")), "Insira o nome da categoria");
        assert_eq!(category_name(" Queijos "), Ok("Queijos".into()));
        assert_eq!(
            err(category_name(&"q".repeat(41))),
            "O nome da categoria deve ter no máximo 40 caracteres"
        );
        assert_eq!(
            err(pix_key(&"k".repeat(78))),
            "A chave Pix deve ter no máximo 77 caracteres"
        );
        assert_eq!(
            err(store_model(&"m".repeat(41))),
            "O modelo deve ter no máximo 40 caracteres"
        );
        assert_eq!(store_model(" "), Ok(None));

        assert_eq!(PaymentOptions::from_codes("").codes(), "1");
        assert_eq!(PaymentOptions::from_codes("2").codes(), "2");
        assert_eq!(PaymentOptions::from_codes("12").codes(), "12");
        assert_eq!(
            err(PaymentOptions::choose(false, false)),
            "Selecione ao menos uma forma de pagamento"
        );

        let w = Withdrawal::request(m(10_000), " chave@pix.com ").unwrap();
        assert_eq!((w.taxa_centavos, w.liquido_centavos), (m(200), m(9800)));
        assert_eq!(w.chave_pix, "chave@pix.com");
        // 2 % of R$ 12,34 = 24,68 centavos → 25.
        assert_eq!(Withdrawal::preview(m(1234)), (m(25), m(1209)));
        assert_eq!(err(Withdrawal::request(m(100), "")), "Insira sua chave Pix");
        assert_eq!(err(Withdrawal::request(m(0), "k")), "Você está sem saldo");
    }
}
