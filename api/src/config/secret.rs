//! A secret setting: crates.io's `secrecy` (its `SecretString`), whose `Debug` writes
//! `[REDACTED]` and never the value, and which wipes the value when dropped. Reading it is
//! explicit (`expose_secret()`), so where a secret leaves the configuration is greppable.

pub use secrecy::ExposeSecret;

/// A secret value (a client secret, a token, a password, a key): prints as `[REDACTED]`.
pub type Secret = secrecy::SecretString;

/// A secret from a setting's text.
pub fn secret(value: impl Into<String>) -> Secret {
    Secret::from(value.into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_never_prints_the_value() {
        let s = secret("hunter2-hunter2");
        let shown = format!("{s:?} {:?}", Some(s.clone()));
        assert!(!shown.contains("hunter2"), "{shown}");
        assert!(shown.contains("REDACTED"), "{shown}");
        assert_eq!(s.expose_secret(), "hunter2-hunter2");
    }
}
