//! Online-store URL names (`/{urlforn}`): normalisation as typed (lower case, whitespace
//! removed) and the rules of decisions.md §13: `[a-z0-9-]`, 3–40 characters, never one of the
//! app's own route names.

use crate::messages::{self, Message};
use serde::Serialize;
use std::borrow::Cow;

/// Shortest store URL.
pub const MIN_CHARS: usize = 3;
/// Longest store URL.
pub const MAX_CHARS: usize = 40;

/// Names a store cannot take: the app's routes (webapp and API) and a few that would mislead.
pub const RESERVED: &[&str] = &[
    "admin",
    "ajuda",
    "anuncios",
    "anunciegratis",
    "api",
    "app",
    "assets",
    "auth",
    "blockchain",
    "cadastro",
    "carrinho",
    "checkout",
    "conta",
    "contato",
    "detalhes",
    "entrar",
    "feira",
    "healthz",
    "links",
    "login",
    "logout",
    "lojas",
    "media",
    "painel",
    "perfil",
    "pix",
    "privacidade",
    "sacola",
    "sair",
    "sobre",
    "static",
    "suporte",
    "termos",
    "verificar",
    "wasm",
    "webhooks",
    "www",
];

/// Why a store URL was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StoreUrlError {
    Empty,
    Length,
    Characters,
    /// One of [`RESERVED`]: shown as unavailable.
    Reserved,
}

impl Message for StoreUrlError {
    fn message(&self) -> Cow<'static, str> {
        Cow::Borrowed(match self {
            Self::Empty => messages::URL_VAZIA,
            Self::Length => messages::URL_TAMANHO,
            Self::Characters => messages::URL_CARACTERES,
            Self::Reserved => messages::URL_INDISPONIVEL,
        })
    }
}

crate::display_message!(StoreUrlError);

/// The URL field as the user types: lower case, whitespace removed. Idempotent.
pub fn normalize(input: &str) -> String {
    input
        .chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .filter(|c| !c.is_whitespace())
        .collect()
}

/// A valid store URL name.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct StoreUrl(String);

impl StoreUrl {
    /// Normalises `input`, then checks: not empty, 3–40 characters, `[a-z0-9-]` only, not
    /// reserved.
    pub fn parse(input: &str) -> Result<Self, StoreUrlError> {
        let url = normalize(input);
        if url.is_empty() {
            return Err(StoreUrlError::Empty);
        }
        if !url
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        {
            return Err(StoreUrlError::Characters);
        }
        if !(MIN_CHARS..=MAX_CHARS).contains(&url.len()) {
            return Err(StoreUrlError::Length);
        }
        if RESERVED.contains(&url.as_str()) {
            return Err(StoreUrlError::Reserved);
        }
        Ok(Self(url))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The default URL made from a store's name (a store is never without one): accents
/// folded, every run of other characters one hyphen, at most 40 characters, cut at a hyphen
/// where it can; a name too short, or reserved, gets `loja-` in front (`Sítio Boa Vista` →
/// `sitio-boa-vista`, `Pé` → `loja-pe`). The candidate `n` (from 2) ends in `-{n}`, still within
/// 40 characters, for when the first is taken.
pub fn from_name(name: &str, n: u32) -> StoreUrl {
    let mut base = String::new();
    for c in crate::text::fold(name).chars() {
        if c.is_ascii_lowercase() || c.is_ascii_digit() {
            base.push(c);
        } else if !base.is_empty() && !base.ends_with('-') {
            base.push('-');
        }
    }
    let mut base = base.trim_end_matches('-').to_owned();
    if base.len() < MIN_CHARS || RESERVED.contains(&base.as_str()) {
        base = format!("loja-{base}").trim_end_matches('-').to_owned();
    }
    let suffix = if n >= 2 {
        format!("-{n}")
    } else {
        String::new()
    };
    let room = MAX_CHARS - suffix.len();
    if base.len() > room {
        let cut = &base[..room];
        base = match cut.rfind('-') {
            Some(i) if i >= MIN_CHARS => cut[..i].to_owned(),
            _ => cut.trim_end_matches('-').to_owned(),
        };
    }
    let url = format!("{base}{suffix}");
    StoreUrl::parse(&url).unwrap_or_else(|_| StoreUrl(format!("loja{suffix}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn default_urls_from_names() {
        let url = |name: &str, n| from_name(name, n).as_str().to_owned();
        assert_eq!(url("Sítio Boa Vista", 1), "sitio-boa-vista");
        assert_eq!(url("Sítio Boa Vista", 2), "sitio-boa-vista-2");
        assert_eq!(
            url("  Hortifruti da Dona Maria!! ", 1),
            "hortifruti-da-dona-maria"
        );
        assert_eq!(url("Pé", 1), "loja-pe");
        assert_eq!(url("Admin", 1), "loja-admin");
        assert_eq!(url("???", 1), "loja");
        assert_eq!(url("", 3), "loja-3");
        assert_eq!(url("Café & Cia. 100%", 1), "cafe-cia-100");
        let long = "Associação dos Produtores Rurais de Santa Bárbara d'Oeste";
        assert_eq!(url(long, 1), "associacao-dos-produtores-rurais-de");
        assert_eq!(url(long, 12), "associacao-dos-produtores-rurais-de-12");
    }

    #[test]
    fn normalises_as_typed() {
        assert_eq!(normalize(" Sítio  Boa Vista "), "sítioboavista");
        assert_eq!(normalize("MINHA-LOJA\t1"), "minha-loja1");
    }

    #[test]
    fn rules_and_messages() {
        assert_eq!(StoreUrl::parse("Minha Loja").unwrap().as_str(), "minhaloja");
        assert_eq!(
            StoreUrl::parse("sitio-boa-vista-2").unwrap().as_str(),
            "sitio-boa-vista-2"
        );
        assert!(StoreUrl::parse("abc").is_ok());
        assert!(StoreUrl::parse(&"a".repeat(40)).is_ok());
        let cases: &[(&str, &str)] = &[
            ("", "Digite uma URL"),
            ("   ", "Digite uma URL"),
            ("ab", "A URL deve ter de 3 a 40 caracteres"),
            (&"a".repeat(41), "A URL deve ter de 3 a 40 caracteres"),
            (
                "sítio",
                "Use apenas letras minúsculas, números e hífen na URL",
            ),
            (
                "loja_1",
                "Use apenas letras minúsculas, números e hífen na URL",
            ),
            (
                "loja.com",
                "Use apenas letras minúsculas, números e hífen na URL",
            ),
            ("Admin", "URL indisponível. Por favor, escolha outro nome."),
            ("painel", "URL indisponível. Por favor, escolha outro nome."),
            (
                "anunciegratis",
                "URL indisponível. Por favor, escolha outro nome.",
            ),
        ];
        for (input, message) in cases {
            assert_eq!(
                StoreUrl::parse(input).unwrap_err().to_string(),
                *message,
                "{input}"
            );
        }
        for name in RESERVED {
            assert_eq!(
                StoreUrl::parse(name),
                Err(StoreUrlError::Reserved),
                "{name}"
            );
        }
    }

    proptest! {
        #[test]
        fn normalisation_is_idempotent(s in "\\PC{0,50}") {
            let once = normalize(&s);
            prop_assert_eq!(normalize(&once), once.clone());
            prop_assert!(!once.chars().any(char::is_whitespace));
        }

        #[test]
        fn default_urls_are_valid(name in "\\PC{0,80}", n in 1u32..1000) {
            let u = from_name(&name, n);
            prop_assert!(StoreUrl::parse(u.as_str()).is_ok());
        }

        #[test]
        fn valid_urls_are_their_own_normal_form(s in "[a-zA-Z0-9 -]{0,45}") {
            if let Ok(u) = StoreUrl::parse(&s) {
                prop_assert_eq!(normalize(u.as_str()), u.as_str());
                prop_assert!((MIN_CHARS..=MAX_CHARS).contains(&u.as_str().len()));
            }
        }
    }
}
