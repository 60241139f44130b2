//! The answers' shapes that more than one area writes, each defined once (docs/rpc.md, "The
//! buyer journey's shapes" and the panel's): Rust names in English, the wire's Portuguese
//! names by serde. Each derives its JSON schema for the OpenAPI document.

mod ad;
mod order;
mod product;
mod review;
mod supplier;

pub use ad::Ad;
pub use order::{Order, OrderCoupon, OrderInfos, OrderLine};
pub use product::{Product, ProductOption};
pub use review::{OrderReview, Rating};
pub use supplier::{
    Categories, Coupon, Coupons, Delivery, PanelDelivery, PanelExtensions, PanelPayments,
    PanelSite, PanelSupplier, PublicExtensions, PublicPayments, PublicSupplier, Site, SupplierCore,
};

use serde::Serialize;
use std::collections::BTreeMap;
use utoipa::{
    PartialSchema, ToSchema,
    openapi::{ObjectBuilder, RefOr, Schema, Type},
};

/// `true`, always (an answer's `ok`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct True;

impl Serialize for True {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bool(true)
    }
}

impl PartialSchema for True {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::Boolean)
            .enum_values(Some([true]))
            .into()
    }
}

impl ToSchema for True {}

/// Where an item or a supplier is shown: 1 all Brazil, 2 some states, 3 some municipalities
/// (stored checked; the schema says exactly those three, so the generated TypeScript does too).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct ScopeCode(pub i64);

impl PartialSchema for ScopeCode {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::Integer)
            .enum_values(Some([1, 2, 3]))
            .description(Some(
                "1 all Brazil, 2 some states (`UF`), 3 some municipalities (`City, UF`).",
            ))
            .into()
    }
}

impl ToSchema for ScopeCode {}

/// An item's photos besides its icon: `{photo id: URL}`.
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
#[serde(transparent)]
pub struct Photos(pub BTreeMap<String, String>);

/// `{photo id: URL}` of `(id, URL)` pairs.
pub fn photos(list: &[(String, String)]) -> Photos {
    Photos(list.iter().cloned().collect())
}

/// The places an item is shown in: `["ALL"]` for scope 1 (all Brazil), else its places.
pub fn places(local: i64, list: &[String]) -> Vec<String> {
    if local == 1 {
        vec!["ALL".to_owned()]
    } else {
        list.to_vec()
    }
}

/// A photo just stored: its id (`chave`) and URL.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PhotoAdded {
    #[serde(rename = "chave")]
    pub key: String,
    pub url: String,
}

/// `false`, always (a product's `anuncio`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct False;

impl Serialize for False {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bool(false)
    }
}

impl PartialSchema for False {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::Boolean)
            .enum_values(Some([false]))
            .into()
    }
}

impl ToSchema for False {}

/// `{ok: true}`: done, nothing else to say.
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
pub struct Done {
    pub ok: True,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scope_one_is_all() {
        let list = vec!["Piracicaba, SP".to_owned()];
        assert_eq!(places(1, &list), ["ALL"]);
        assert_eq!(places(3, &list), ["Piracicaba, SP"]);
        assert!(places(2, &[]).is_empty());
        assert_eq!(
            serde_json::to_value(Done::default()).unwrap(),
            serde_json::json!({"ok": true})
        );
    }
}
