//! The platform's Arweave wallet: an RSA key in a JWK file (`ARWEAVE_WALLET`, the format
//! Arweave's tools write). When the file is missing (demo, tests) a 4096-bit key is generated
//! and written there, readable by its owner only; production provides its own funded wallet.

use super::{b64, unb64};
use anyhow::{Context, bail};
use ring::{
    rand::SystemRandom,
    signature::{KeyPair, RSA_PSS_SHA256, RsaKeyPair, RsaPublicKeyComponents},
};
use rsa::{
    BigUint, RsaPrivateKey,
    rand_core::OsRng,
    traits::{PrivateKeyParts, PublicKeyParts},
};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::{path::Path, sync::Arc};

/// Arweave's key size.
pub const KEY_BITS: usize = 4096;

/// An RSA key able to sign Arweave transactions. Signatures are made by `ring` (constant-time
/// RSA with blinding); the `rsa` crate only generates the keys of demo wallets and completes a
/// JWK that lacks its CRT parameters.
#[derive(Clone)]
pub struct Wallet {
    key: Arc<RsaKeyPair>,
    jwk: Arc<Jwk>,
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
    Ok(BigUint::from_bytes_be(&bytes(field, text)?))
}

fn bytes(field: &str, text: &str) -> anyhow::Result<Vec<u8>> {
    unb64(text).with_context(|| format!("JWK field {field}"))
}

/// A JWK with every CRT parameter, from a checked key.
fn full_jwk(key: &RsaPrivateKey) -> anyhow::Result<Jwk> {
    let [p, q] = key.primes() else {
        bail!("the wallet's key must have two primes");
    };
    let one = BigUint::from(1u8);
    let dp = key.d() % (p - &one);
    let dq = key.d() % (q - &one);
    let qi = key.crt_coefficient().context("the key's CRT coefficient")?;
    Ok(Jwk {
        kty: "RSA".into(),
        n: b64(&key.n().to_bytes_be()),
        e: b64(&key.e().to_bytes_be()),
        d: b64(&key.d().to_bytes_be()),
        p: b64(&p.to_bytes_be()),
        q: b64(&q.to_bytes_be()),
        dp: Some(b64(&dp.to_bytes_be())),
        dq: Some(b64(&dq.to_bytes_be())),
        qi: Some(b64(&qi.to_bytes_be())),
    })
}

impl Wallet {
    /// Reads a JWK (JSON text). The CRT parameters (`dp`, `dq`, `qi`) are computed when absent.
    pub fn from_jwk(json: &str) -> anyhow::Result<Self> {
        let jwk: Jwk = serde_json::from_str(json).context("not a JWK")?;
        if jwk.kty != "RSA" {
            bail!("the wallet must be an RSA JWK");
        }
        let jwk = if jwk.dp.is_some() && jwk.dq.is_some() && jwk.qi.is_some() {
            jwk
        } else {
            let mut key = RsaPrivateKey::from_components(
                uint("n", &jwk.n)?,
                uint("e", &jwk.e)?,
                uint("d", &jwk.d)?,
                vec![uint("p", &jwk.p)?, uint("q", &jwk.q)?],
            )
            .context("invalid RSA key")?;
            key.validate().context("invalid RSA key")?;
            key.precompute().context("invalid RSA key")?;
            full_jwk(&key)?
        };
        Self::from_full_jwk(jwk)
    }

    fn from_full_jwk(jwk: Jwk) -> anyhow::Result<Self> {
        let part = |field: &str, value: &Option<String>| -> anyhow::Result<Vec<u8>> {
            bytes(field, value.as_deref().unwrap_or_default())
        };
        let components = ring::rsa::KeyPairComponents {
            public_key: ring::rsa::PublicKeyComponents {
                n: bytes("n", &jwk.n)?,
                e: bytes("e", &jwk.e)?,
            },
            d: bytes("d", &jwk.d)?,
            p: bytes("p", &jwk.p)?,
            q: bytes("q", &jwk.q)?,
            dP: part("dp", &jwk.dp)?,
            dQ: part("dq", &jwk.dq)?,
            qInv: part("qi", &jwk.qi)?,
        };
        let key = RsaKeyPair::from_components(&components)
            .map_err(|e| anyhow::anyhow!("invalid RSA key (2048 to 4096 bits): {e}"))?;
        Ok(Self {
            key: Arc::new(key),
            jwk: Arc::new(jwk),
        })
    }

    /// A new random key of `bits` bits (2048 to 4096).
    pub fn generate(bits: usize) -> anyhow::Result<Self> {
        let mut key = RsaPrivateKey::new(&mut OsRng, bits)?;
        key.precompute()?;
        Self::from_full_jwk(full_jwk(&key)?)
    }

    /// The key as a JWK (JSON text), with the CRT parameters.
    pub fn to_jwk(&self) -> String {
        serde_json::to_string(&*self.jwk).unwrap_or_default()
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
        let public: RsaPublicKeyComponents<Vec<u8>> = self.key.public_key().into();
        public.n
    }

    /// The wallet's address: base64url of SHA-256 of the modulus.
    pub fn address(&self) -> String {
        b64(&Sha256::digest(self.owner()))
    }

    /// RSA-PSS (SHA-256, MGF1-SHA-256, 32-byte salt) signature of `message`.
    pub fn sign(&self, message: &[u8]) -> anyhow::Result<Vec<u8>> {
        let mut signature = vec![0; self.key.public().modulus_len()];
        self.key
            .sign(
                &RSA_PSS_SHA256,
                &SystemRandom::new(),
                message,
                &mut signature,
            )
            .map_err(|_| anyhow::anyhow!("RSA-PSS signing failed"))?;
        Ok(signature)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ring::signature::{RSA_PSS_2048_8192_SHA256, UnparsedPublicKey};

    #[test]
    fn a_jwk_round_trips_and_signatures_verify() {
        let w = Wallet::generate(2048).unwrap();
        let back = Wallet::from_jwk(&w.to_jwk()).unwrap();
        assert_eq!(back.address(), w.address());
        assert_eq!(w.address().len(), 43);
        let sig = back.sign(b"hello").unwrap();
        assert_eq!(sig.len(), 256);
        // Verified by `rsa` (an independent implementation) and by ring.
        let public = rsa::RsaPublicKey::new(
            BigUint::from_bytes_be(&w.owner()),
            BigUint::from(65_537_u32),
        )
        .unwrap();
        let vk = rsa::pss::VerifyingKey::<Sha256>::new(public);
        use rsa::signature::Verifier;
        let parsed = rsa::pss::Signature::try_from(sig.as_slice()).unwrap();
        assert!(vk.verify(b"hello", &parsed).is_ok());
        assert!(vk.verify(b"hellO", &parsed).is_err());
        let der = w.key.public_key().as_ref().to_vec();
        let ring_vk = UnparsedPublicKey::new(&RSA_PSS_2048_8192_SHA256, der);
        assert!(ring_vk.verify(b"hello", &sig).is_ok());
    }

    #[test]
    fn a_jwk_without_crt_parameters_is_completed() {
        let w = Wallet::generate(2048).unwrap();
        let mut jwk: serde_json::Value = serde_json::from_str(&w.to_jwk()).unwrap();
        for k in ["dp", "dq", "qi"] {
            jwk.as_object_mut().unwrap().remove(k);
        }
        let back = Wallet::from_jwk(&jwk.to_string()).unwrap();
        assert_eq!(back.to_jwk(), w.to_jwk());
        assert!(
            Wallet::generate(1024).is_err(),
            "ring signs with 2048 bits or more"
        );
    }

    #[test]
    fn a_missing_file_gets_a_new_wallet_that_is_read_back() {
        let dir = std::env::temp_dir().join(format!("feira-wallet-{}", crate::db::new_id()));
        let path = dir.join("sub").join("w.json");
        assert!(Wallet::from_jwk("{}").is_err());
        let a = Wallet::load_or_generate_bits(&path, 2048).unwrap();
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
