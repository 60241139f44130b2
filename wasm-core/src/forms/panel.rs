//! The supplier panel's small forms: a store category's name, the payment options accepted and
//! a withdrawal of the balance.

use super::{FormError, WITHDRAWAL_FEE_HUNDREDTHS, optional_text};
use crate::money::Money;
use serde::{Deserialize, Serialize};

/// A new store category's name: `Insira o nome da categoria` when empty.
pub fn category_name(input: &str) -> Result<String, FormError> {
    optional_text(input).ok_or(FormError::CategoryNameRequired)
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
        let chave_pix = optional_text(pix_key).ok_or(FormError::PixKeyRequired)?;
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
