//! The JSON schemas of the forms' lenient fields (feature `openapi`), for the API's OpenAPI
//! document: what a field accepts is what its deserialiser in `forms::fields` accepts, written
//! next to it so the two are read together.

use utoipa::openapi::{Array, ObjectBuilder, OneOf, Schema, Type, schema::SchemaType};

fn types(list: &[Type]) -> SchemaType {
    SchemaType::from_iter(list.iter().cloned())
}

/// A form field as the browser holds it (`lenient_text`): text, a number (read as its decimal
/// text) or null (empty).
pub fn form_text() -> Schema {
    ObjectBuilder::new()
        .schema_type(types(&[Type::String, Type::Number, Type::Null]))
        .description(Some(
            "Text, or a number (read as its decimal text); null is empty.",
        ))
        .into()
}

/// A whole number ≥ 0 given as a number or as digits (`lenient_count`); null or empty text is
/// none.
pub fn form_count() -> Schema {
    OneOf::builder()
        .item(
            ObjectBuilder::new()
                .schema_type(Type::Integer)
                .minimum(Some(0))
                .maximum(Some(u32::MAX)),
        )
        .item(
            ObjectBuilder::new()
                .schema_type(Type::String)
                .pattern(Some(r"^\s*[0-9]{0,9}\s*$")),
        )
        .item(ObjectBuilder::new().schema_type(Type::Null))
        .description(Some(
            "A whole number ≥ 0, as a number or as digits; null or empty text is none.",
        ))
        .into()
}

/// A product's options (`option_labels`): labels, or `{opcao}` objects; null is none.
pub fn option_labels() -> Schema {
    let label = OneOf::builder()
        .item(ObjectBuilder::new().schema_type(Type::String))
        .item(
            ObjectBuilder::new()
                .schema_type(Type::Object)
                .property("opcao", ObjectBuilder::new().schema_type(Type::String))
                .property("preco", form_text())
                .property("precopromo", form_text())
                .property(
                    "estoqueproprio",
                    ObjectBuilder::new().schema_type(Type::Boolean),
                )
                .property("estoque", form_text())
                .property("estoqueanterior", form_count())
                .required("opcao")
                .description(Some(
                    "An option with its own price, promotional price and stock \
                     (decisions.md §39); empty `preco`: the product's; `estoqueproprio` false: \
                     the product's stock; `estoqueanterior`: its own stock as the form was loaded.",
                )),
        );
    Array::builder()
        .schema_type(types(&[Type::Array, Type::Null]))
        .items(label)
        .description(Some(
            "Option labels, or `{opcao, …}` objects with their own terms; null is none.",
        ))
        .into()
}
