//! Arweave's deep hash: SHA-384 over a tree of byte strings, each tagged with its kind and
//! length (`blob<len>` / `list<len>`), folded left to right. What a transaction signs.

use sha2::{Digest, Sha384};

/// A node of the structure to hash.
#[derive(Debug, Clone)]
pub enum Item {
    Blob(Vec<u8>),
    List(Vec<Item>),
}

/// The 48-byte deep hash of `item`.
pub fn deep_hash(item: &Item) -> [u8; 48] {
    match item {
        Item::Blob(data) => {
            let tag = Sha384::digest(format!("blob{}", data.len()));
            let mut h = Sha384::new();
            h.update(tag);
            h.update(Sha384::digest(data));
            h.finalize().into()
        }
        Item::List(items) => {
            let mut acc: [u8; 48] = Sha384::digest(format!("list{}", items.len())).into();
            for item in items {
                let mut h = Sha384::new();
                h.update(acc);
                h.update(deep_hash(item));
                acc = h.finalize().into();
            }
            acc
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blobs_and_lists_hash_differently() {
        let blob = deep_hash(&Item::Blob(b"abc".to_vec()));
        let list = deep_hash(&Item::List(vec![Item::Blob(b"abc".to_vec())]));
        assert_ne!(blob, list);
        // blob: sha384(sha384("blob3") || sha384("abc"))
        let mut h = Sha384::new();
        h.update(Sha384::digest("blob3"));
        h.update(Sha384::digest("abc"));
        assert_eq!(blob.as_slice(), h.finalize().as_slice());
    }
}
