//! The platform's Arweave wallet: an RSA key in a JWK file (`ARWEAVE_WALLET`, the format
//! Arweave's tools write). When the file is missing (demo, tests) a 4096-bit key is generated
//! and written there, readable by its owner only; production provides its own funded wallet.

use super::{b64, unb64};
use anyhow::{Context, bail};
use rsa::{
    BigUint, RsaPrivateKey,
    pss::BlindedSigningKey,
    rand_core::OsRng,
    signature::{RandomizedSigner, SignatureEncoding},
    traits::{PrivateKeyParts, PublicKeyParts},
};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::path::Path;

/// Arweave's key size.
pub const KEY_BITS: usize = 4096;

/// An RSA key able to sign Arweave transactions.
#[derive(Clone)]
pub struct Wallet {
    key: RsaPrivateKey,
}

impl std::fmt::Debug for Wallet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Wallet")
            .field("address", &self.address())
            .finish_non_exhaustive()
    }
}

/// A JWK RSA private key (only the fields we read or write).
#[derive(Debug, Serialize, Deserialize)]
struct Jwk {
    kty: String,
    n: String,
    e: String,
    d: String,
    p: String,
    q: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    dp: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    dq: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    qi: Option<String>,
}

fn uint(field: &str, text: &str) -> anyhow::Result<BigUint> {
    Ok(BigUint::from_bytes_be(
        &unb64(text).with_context(|| format!("JWK field {field}"))?,
    ))
}

impl Wallet {
    /// Reads a JWK (JSON text).
    pub fn from_jwk(json: &str) -> anyhow::Result<Self> {
        let jwk: Jwk = serde_json::from_str(json).context("not a JWK")?;
        if jwk.kty != "RSA" {
            bail!("the wallet must be an RSA JWK");
        }
        let key = RsaPrivateKey::from_components(
            uint("n", &jwk.n)?,
            uint("e", &jwk.e)?,
            uint("d", &jwk.d)?,
            vec![uint("p", &jwk.p)?, uint("q", &jwk.q)?],
        )
        .context("invalid RSA key")?;
        key.validate().context("invalid RSA key")?;
        Ok(Self { key })
    }

    /// A new random key of `bits` bits.
    pub fn generate(bits: usize) -> anyhow::Result<Self> {
        let mut key = RsaPrivateKey::new(&mut OsRng, bits)?;
        key.precompute()?;
        Ok(Self { key })
    }

    /// The key as a JWK (JSON text), with the CRT parameters.
    pub fn to_jwk(&self) -> String {
        let primes = self.key.primes();
        let (p, q) = (&primes[0], &primes[1]);
        let one = BigUint::from(1u8);
        let dp = self.key.d() % (p - &one);
        let dq = self.key.d() % (q - &one);
        let qi = self.key.crt_coefficient().map(|c| b64(&c.to_bytes_be()));
        let jwk = Jwk {
            kty: "RSA".into(),
            n: b64(&self.key.n().to_bytes_be()),
            e: b64(&self.key.e().to_bytes_be()),
            d: b64(&self.key.d().to_bytes_be()),
            p: b64(&p.to_bytes_be()),
            q: b64(&q.to_bytes_be()),
            dp: Some(b64(&dp.to_bytes_be())),
            dq: Some(b64(&dq.to_bytes_be())),
            qi,
        };
        serde_json::to_string(&jwk).unwrap_or_default()
    }

    /// Reads the wallet at `path`, or generates one there when the file does not exist.
    pub fn load_or_generate(path: &Path) -> anyhow::Result<Self> {
        Self::load_or_generate_bits(path, KEY_BITS)
    }

    /// [`Self::load_or_generate`] with a key size for a new wallet (tests use small keys).
    pub fn load_or_generate_bits(path: &Path, bits: usize) -> anyhow::Result<Self> {
        match std::fs::read_to_string(path) {
            Ok(text) => Self::from_jwk(&text).with_context(|| format!("wallet {}", path.display())),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                tracing::warn!(path = %path.display(), "no Arweave wallet: generating one");
                let wallet = Self::generate(bits)?;
                if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                    std::fs::create_dir_all(dir)?;
                }
                // Written beside, then renamed: concurrent starters never read half a file.
                let tmp = path.with_extension(format!("tmp{}", std::process::id()));
                std::fs::write(&tmp, wallet.to_jwk())?;
                #[cfg(unix)]
                {
                    use std::os::unix::fs::PermissionsExt;
                    std::fs::set_permissions(&tmp, std::fs::Permissions::from_mode(0o600))?;
                }
                std::fs::rename(&tmp, path)?;
                Ok(wallet)
            }
            Err(e) => Err(e).with_context(|| format!("wallet {}", path.display())),
        }
    }

    /// The public modulus, the transaction's `owner`.
    pub fn owner(&self) -> Vec<u8> {
        self.key.n().to_bytes_be()
    }

    /// The wallet's address: base64url of SHA-256 of the modulus.
    pub fn address(&self) -> String {
        b64(&Sha256::digest(self.owner()))
    }

    /// RSA-PSS (SHA-256, MGF1-SHA-256, 32-byte salt) signature of `message`.
    pub fn sign(&self, message: &[u8]) -> Vec<u8> {
        let signer = BlindedSigningKey::<Sha256>::new(self.key.clone());
        signer.sign_with_rng(&mut OsRng, message).to_vec()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rsa::{pss::VerifyingKey, signature::Verifier};

    #[test]
    fn a_jwk_round_trips_and_signatures_verify() {
        let w = Wallet::generate(1024).unwrap();
        let back = Wallet::from_jwk(&w.to_jwk()).unwrap();
        assert_eq!(back.address(), w.address());
        assert_eq!(w.address().len(), 43);
        let sig = back.sign(b"hello");
        let vk = VerifyingKey::<Sha256>::new(w.key.to_public_key());
        let sig = rsa::pss::Signature::try_from(sig.as_slice()).unwrap();
        assert!(vk.verify(b"hello", &sig).is_ok());
        assert!(vk.verify(b"hellO", &sig).is_err());
    }

    #[test]
    fn a_missing_file_gets_a_new_wallet_that_is_read_back() {
        let dir = std::env::temp_dir().join(format!("feira-wallet-{}", crate::db::new_id()));
        let path = dir.join("sub").join("w.json");
        assert!(Wallet::from_jwk("{}").is_err());
        let a = Wallet::load_or_generate_bits(&path, 1024).unwrap();
        assert!(path.exists());
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        let b = Wallet::load_or_generate(&path).unwrap();
        assert_eq!(a.address(), b.address());
        let _ = std::fs::remove_dir_all(dir);
    }
}
