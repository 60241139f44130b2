//! Format-2 transactions: the header posted to `POST /tx` (its data goes separately, in
//! chunks), signed over the deep hash of
//! `[format, owner, target, quantity, reward, last_tx, tags, data_size, data_root]` with
//! RSA-PSS; the id is base64url of SHA-256 of the signature.

use super::{
    b64,
    chunks::ChunkedFile,
    deep_hash::{Item, deep_hash},
    unb64,
    wallet::Wallet,
};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// A tag as sent: name and value in base64url.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tag {
    pub name: String,
    pub value: String,
}

impl Tag {
    /// A tag from its plain text name and value.
    pub fn new(name: &str, value: &str) -> Self {
        Self {
            name: b64(name.as_bytes()),
            value: b64(value.as_bytes()),
        }
    }
}

/// A transaction header in the gateway's JSON shape.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Transaction {
    pub format: u8,
    pub id: String,
    pub last_tx: String,
    pub owner: String,
    pub tags: Vec<Tag>,
    pub target: String,
    pub quantity: String,
    pub data: String,
    pub data_size: String,
    pub data_root: String,
    pub reward: String,
    pub signature: String,
}

impl Transaction {
    /// An unsigned data transaction for `file`, anchored on `anchor` (from `GET /tx_anchor`),
    /// paying `reward` winston (from `GET /price/{bytes}`).
    pub fn data(
        wallet: &Wallet,
        file: &ChunkedFile,
        anchor: &str,
        reward: &str,
        tags: Vec<Tag>,
    ) -> Self {
        Self {
            format: 2,
            id: String::new(),
            last_tx: anchor.to_owned(),
            owner: b64(&wallet.owner()),
            tags,
            target: String::new(),
            quantity: "0".into(),
            data: String::new(),
            data_size: file.size.to_string(),
            data_root: b64(&file.data_root),
            reward: reward.to_owned(),
            signature: String::new(),
        }
    }

    /// The message the signature covers.
    pub fn signature_data(&self) -> anyhow::Result<[u8; 48]> {
        let blob = |s: &str| Item::Blob(s.as_bytes().to_vec());
        let raw = |s: &str| -> anyhow::Result<Item> { Ok(Item::Blob(unb64(s)?)) };
        let tags = self
            .tags
            .iter()
            .map(|t| Ok(Item::List(vec![raw(&t.name)?, raw(&t.value)?])))
            .collect::<anyhow::Result<Vec<_>>>()?;
        Ok(deep_hash(&Item::List(vec![
            blob(&self.format.to_string()),
            raw(&self.owner)?,
            raw(&self.target)?,
            blob(&self.quantity),
            blob(&self.reward),
            raw(&self.last_tx)?,
            Item::List(tags),
            blob(&self.data_size),
            raw(&self.data_root)?,
        ])))
    }

    /// Signs with `wallet` (whose modulus must be the `owner`) and sets the id.
    pub fn sign(&mut self, wallet: &Wallet) -> anyhow::Result<()> {
        let signature = wallet.sign(&self.signature_data()?)?;
        self.id = b64(&Sha256::digest(&signature));
        self.signature = b64(&signature);
        Ok(())
    }
}
