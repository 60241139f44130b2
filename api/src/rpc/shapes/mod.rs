//! The answers' shapes that more than one area writes, each defined once (docs/rpc.md, "The
//! buyer journey's shapes" and the panel's): Rust names in English, the wire's Portuguese
//! names by serde. Each derives its JSON schema for the OpenAPI document.

use serde::Serialize;
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

/// `{ok: true}`: done, nothing else to say.
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
pub struct Done {
    pub ok: True,
}
