//! One supplier per bag.

use crate::messages::{self, Message};
use std::borrow::Cow;

/// A product from another supplier than the bag's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OtherSupplier;

impl Message for OtherSupplier {
    fn message(&self) -> Cow<'static, str> {
        Cow::Borrowed(messages::OUTRO_FORNECEDOR)
    }
}

crate::display_message!(OtherSupplier);

/// The bag holds one supplier's products: adding `incoming`'s product to a bag of `current`'s
/// (none when empty).
pub fn bag_accepts(current: Option<&str>, incoming: &str) -> Result<(), OtherSupplier> {
    match current {
        Some(c) if c != incoming => Err(OtherSupplier),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_supplier_per_bag() {
        assert!(bag_accepts(None, "a").is_ok());
        assert!(bag_accepts(Some("a"), "a").is_ok());
        assert_eq!(
            bag_accepts(Some("a"), "b").unwrap_err().to_string(),
            "Você já possui produtos de outro fornecedor no carrinho"
        );
    }
}
