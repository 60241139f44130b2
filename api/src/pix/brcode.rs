//! The Pix "copia e cola" payload: a BR Code, i.e. an EMV® Merchant-Presented QR Code (MPM) with
//! Pix's merchant account template, as the BACEN manual ("Manual de Padrões para Iniciação do
//! Pix") describes it.
//!
//! Fields, in order: `00` payload format `01`; `26` merchant account (`00` GUI `br.gov.bcb.pix`,
//! `01` the key); `52` category `0000`; `53` currency `986` (BRL); `54` the amount with two
//! decimals; `58` country `BR`; `59` merchant name (at most 25); `60` merchant city (at most 15);
//! `62` additional data with `05` the txid; `63` the CRC16-CCITT-FALSE (polynomial 0x1021,
//! initial value 0xFFFF) of everything up to and including `6304`, as 4 upper-case hex digits.
//!
//! Name and city lose their accents and are written in upper case ASCII, so that every bank app
//! reads them (the EMV "ans" character set).
//!
//! The txid is 26–35 characters as decisions.md §10 asks (Efí's rule for `cob` txids). The BR
//! Code manual caps `62-05` at 25 characters in a *static* code, and some bank apps may enforce
//! it; with Efí the payload comes from the PSP instead (a dynamic code whose `62-05` is `***`).

use wasm_core::money::Money;

/// The Pix GUI of the merchant account template.
const PIX_GUI: &str = "br.gov.bcb.pix";
/// Longest merchant name (field 59).
pub const MAX_NAME: usize = 25;
/// Longest merchant city (field 60).
pub const MAX_CITY: usize = 15;
/// Longest Pix key that fits template 26 (99 − `0014br.gov.bcb.pix` − `01LL`).
pub const MAX_KEY: usize = 77;
/// Shortest and longest txid (decisions.md §10).
pub const TXID_LEN: std::ops::RangeInclusive<usize> = 26..=35;

/// Why a payload cannot be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BrCodeError {
    #[error("a chave Pix deve ter de 1 a {MAX_KEY} caracteres ASCII")]
    Key,
    #[error("o nome do recebedor ficou vazio")]
    Name,
    #[error("a cidade do recebedor ficou vazia")]
    City,
    #[error("o txid deve ter de 26 a 35 letras e dígitos")]
    Txid,
    #[error("o valor de uma cobrança Pix deve ser positivo")]
    Amount,
    #[error("a location deve ter de 1 a 77 caracteres ASCII, sem o esquema")]
    Location,
}

/// What a charge's payload says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BrCode {
    key: String,
    name: String,
    city: String,
    amount: Money,
    txid: String,
}

impl BrCode {
    /// Checks and normalises the fields: the key as given (ASCII, at most 77 characters), name
    /// and city without accents, upper case, cut to 25 and 15 characters; the txid 26–35
    /// alphanumerics; the amount above zero.
    pub fn new(
        key: &str,
        name: &str,
        city: &str,
        amount: Money,
        txid: &str,
    ) -> Result<Self, BrCodeError> {
        let key = key.trim();
        if key.is_empty() || key.len() > MAX_KEY || !key.bytes().all(|b| b.is_ascii_graphic()) {
            return Err(BrCodeError::Key);
        }
        let name = merchant_text(name, MAX_NAME).ok_or(BrCodeError::Name)?;
        let city = merchant_text(city, MAX_CITY).ok_or(BrCodeError::City)?;
        if !is_txid(txid) {
            return Err(BrCodeError::Txid);
        }
        if !amount.is_positive() {
            return Err(BrCodeError::Amount);
        }
        Ok(Self {
            key: key.to_owned(),
            name,
            city,
            amount,
            txid: txid.to_owned(),
        })
    }

    /// The payload, CRC included.
    pub fn payload(&self) -> String {
        let account = [tlv("00", PIX_GUI), tlv("01", &self.key)].concat();
        let body = [
            tlv("00", "01"),
            tlv("26", &account),
            tlv("52", "0000"),
            tlv("53", "986"),
            tlv("54", &self.amount.decimal_string()),
            tlv("58", "BR"),
            tlv("59", &self.name),
            tlv("60", &self.city),
            tlv("62", &tlv("05", &self.txid)),
        ]
        .concat();
        with_crc(&body)
    }
}

/// A dynamic payload, as a PSP makes one for a location (a recurrence's QR, JORNADA_2 of Pix
/// Automático): template 26 carries the GUI and, in sub-field 25, `location` without its scheme
/// (the payer's app fetches what to authorise from there); point of initiation `12`, no amount,
/// `62-05` `***`. Name and city are normalised as in [`BrCode::new`].
pub fn location_payload(location: &str, name: &str, city: &str) -> Result<String, BrCodeError> {
    let account = [tlv("00", PIX_GUI), tlv("25", location)].concat();
    if location.is_empty() || account.len() > 99 || !location.bytes().all(|b| b.is_ascii_graphic())
    {
        return Err(BrCodeError::Location);
    }
    let name = merchant_text(name, MAX_NAME).ok_or(BrCodeError::Name)?;
    let city = merchant_text(city, MAX_CITY).ok_or(BrCodeError::City)?;
    let body = [
        tlv("00", "01"),
        tlv("01", "12"),
        tlv("26", &account),
        tlv("52", "0000"),
        tlv("53", "986"),
        tlv("58", "BR"),
        tlv("59", &name),
        tlv("60", &city),
        tlv("62", &tlv("05", "***")),
    ]
    .concat();
    Ok(with_crc(&body))
}

/// Whether `txid` is 26–35 ASCII letters and digits.
pub fn is_txid(txid: &str) -> bool {
    TXID_LEN.contains(&txid.len()) && txid.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// One EMV data object: id, two-digit length, value. Values here are ASCII, so bytes and
/// characters agree.
fn tlv(id: &str, value: &str) -> String {
    debug_assert!(value.len() <= 99, "EMV values hold at most 99 characters");
    format!("{id}{:02}{value}", value.len())
}

/// Appends `6304` and the CRC of everything before it.
pub fn with_crc(body: &str) -> String {
    let mut out = format!("{body}6304");
    let crc = crc16(out.as_bytes());
    out.push_str(&format!("{crc:04X}"));
    out
}

/// CRC16-CCITT-FALSE: polynomial 0x1021, initial value 0xFFFF, no reflection, no final XOR.
pub fn crc16(data: &[u8]) -> u16 {
    let mut crc: u16 = 0xFFFF;
    for &byte in data {
        crc ^= u16::from(byte) << 8;
        for _ in 0..8 {
            crc = if crc & 0x8000 != 0 {
                (crc << 1) ^ 0x1021
            } else {
                crc << 1
            };
        }
    }
    crc
}

/// Upper-case ASCII without accents, keeping letters, digits, spaces and `.-&/`; runs of
/// spaces collapse; cut to `max` characters. `None` when nothing is left.
fn merchant_text(input: &str, max: usize) -> Option<String> {
    let folded = wasm_core::text::fold(input);
    let kept: String = folded
        .chars()
        .map(|c| match c {
            'a'..='z' | '0'..='9' | '.' | '-' | '&' | '/' => c.to_ascii_uppercase(),
            _ => ' ',
        })
        .collect();
    let text: String = kept
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .chars()
        .take(max)
        .collect();
    let text = text.trim_end().to_owned();
    (!text.is_empty()).then_some(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The static example of the BACEN manual (Manual de Padrões para Iniciação do Pix, §1.6).
    const BACEN: &str = "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D";
    /// pix-utils' README examples (an e-mail key with an amount; a dynamic payload).
    const PIX_UTILS: [&str; 3] = [
        "00020126650014br.gov.bcb.pix0119nubank@thalesog.com0220Gerado por Pix-Utils52040000530398654041.005802BR5914Thales Ogliari6009Sao Paulo62070503***63046069",
        "00020126650014br.gov.bcb.pix0119nubank@thalesog.com0220Gerado por Pix-Utils52040000530398654041.005802BR5914Thales Ogliari6015SAO MIGUEL DO O62070503***6304059A",
        "00020126540014br.gov.bcb.pix2532https://pix.thalesogliari.com.br5204000053039865802BR5914Thales Ogliari6009SAO PAULO62070503***63043FD3",
    ];

    /// Splits a payload into `(id, value)` pairs.
    fn fields(s: &str) -> Vec<(String, String)> {
        let mut out = Vec::new();
        let mut rest = s;
        while !rest.is_empty() {
            let len: usize = rest[2..4].parse().unwrap();
            out.push((rest[..2].to_owned(), rest[4..4 + len].to_owned()));
            rest = &rest[4 + len..];
        }
        out
    }

    #[test]
    fn crc16_ccitt_false_check_value() {
        assert_eq!(crc16(b"123456789"), 0x29B1);
    }

    #[test]
    fn known_payloads_have_the_crc_they_carry() {
        for p in std::iter::once(BACEN).chain(PIX_UTILS) {
            let (body, crc) = p.split_at(p.len() - 8);
            assert_eq!(with_crc(body), p, "{crc}");
        }
    }

    #[test]
    fn the_tlv_encoder_rebuilds_the_bacen_example() {
        let account = [
            tlv("00", PIX_GUI),
            tlv("01", "123e4567-e12b-12d1-a456-426655440000"),
        ]
        .concat();
        let body = [
            tlv("00", "01"),
            tlv("26", &account),
            tlv("52", "0000"),
            tlv("53", "986"),
            tlv("58", "BR"),
            tlv("59", "Fulano de Tal"),
            tlv("60", "BRASILIA"),
            tlv("62", &tlv("05", "***")),
        ]
        .concat();
        assert_eq!(with_crc(&body), BACEN);
    }

    #[test]
    fn a_charge_payload_has_every_field() {
        let txid = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123";
        let code = BrCode::new(
            "123e4567-e12b-12d1-a456-426655440000",
            "Feira Agrícola do Interior Paulista",
            "São João da Boa Vista",
            Money::from_centavos(4395),
            txid,
        )
        .unwrap();
        let p = code.payload();
        let f = fields(&p);
        let get = |id: &str| f.iter().find(|(k, _)| k == id).unwrap().1.clone();
        assert_eq!(f[0], ("00".into(), "01".into()));
        assert_eq!(
            get("26"),
            "0014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-426655440000"
        );
        assert_eq!(get("52"), "0000");
        assert_eq!(get("53"), "986");
        assert_eq!(get("54"), "43.95");
        assert_eq!(get("58"), "BR");
        assert_eq!(get("59"), "FEIRA AGRICOLA DO INTERIO");
        assert_eq!(get("60"), "SAO JOAO DA BOA");
        assert_eq!(get("62"), format!("0530{txid}"));
        assert_eq!(f.last().unwrap().0, "63");
        assert_eq!(with_crc(&p[..p.len() - 8]), p);
    }

    #[test]
    fn a_location_payload_is_dynamic_without_an_amount() {
        let p = location_payload(
            "sandbox.feira.invalid/qr/v2/rec/RR0000000020261129abc",
            "Feira",
            "Piracicaba",
        )
        .unwrap();
        let f = fields(&p);
        let get = |id: &str| f.iter().find(|(k, _)| k == id).map(|(_, v)| v.clone());
        assert_eq!(f[0], ("00".into(), "01".into()));
        assert_eq!(get("01").as_deref(), Some("12"));
        assert_eq!(
            get("26").as_deref(),
            Some("0014br.gov.bcb.pix2553sandbox.feira.invalid/qr/v2/rec/RR0000000020261129abc")
        );
        assert_eq!(get("54"), None, "the payer authorises; no amount to pay");
        assert_eq!(get("59").as_deref(), Some("FEIRA"));
        assert_eq!(get("60").as_deref(), Some("PIRACICABA"));
        assert_eq!(get("62").as_deref(), Some("0503***"));
        assert_eq!(with_crc(&p[..p.len() - 8]), p);
        // The same shape as pix-utils' dynamic example.
        assert!(PIX_UTILS[2].starts_with("00020126540014br.gov.bcb.pix25"));
        assert_eq!(location_payload("", "F", "C"), Err(BrCodeError::Location));
        assert_eq!(
            location_payload(&"x".repeat(80), "F", "C"),
            Err(BrCodeError::Location)
        );
    }

    #[test]
    fn bad_fields_are_refused() {
        let ok_txid = "A".repeat(26);
        let m = Money::from_centavos(100);
        assert_eq!(
            BrCode::new("", "F", "C", m, &ok_txid),
            Err(BrCodeError::Key)
        );
        assert_eq!(
            BrCode::new("k", "  ", "C", m, &ok_txid),
            Err(BrCodeError::Name)
        );
        assert_eq!(
            BrCode::new("k", "F", "C", m, &"A".repeat(25)),
            Err(BrCodeError::Txid)
        );
        assert_eq!(
            BrCode::new("k", "F", "C", m, &"A".repeat(36)),
            Err(BrCodeError::Txid)
        );
        assert_eq!(
            BrCode::new("k", "F", "C", m, &format!("{}-", "A".repeat(26))),
            Err(BrCodeError::Txid)
        );
        assert_eq!(
            BrCode::new("k", "F", "C", Money::ZERO, &ok_txid),
            Err(BrCodeError::Amount)
        );
        assert!(BrCode::new("k", "F", "C", m, &"A".repeat(35)).is_ok());
    }
}
