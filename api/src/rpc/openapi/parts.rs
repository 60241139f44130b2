//! The pieces the hand-written route descriptions ([`super::routes`], [`super::pix`]) are built
//! of: the component schemas' list, a plain response, a text response, a string parameter, and
//! adding an operation to a path.

use utoipa::openapi::{
    Content, HttpMethod, ObjectBuilder, PathItem, Paths, RefOr, Required, ResponseBuilder, Schema,
    Type,
    path::{OperationBuilder, ParameterBuilder, ParameterIn},
};

/// The component schemas gathered while the document is described.
pub(super) type Schemas = Vec<(String, RefOr<Schema>)>;

/// A response of `media` (text) with `description`.
pub(super) fn text(media: &str, description: &str) -> ResponseBuilder {
    ResponseBuilder::new().description(description).content(
        media,
        Content::new(Some(ObjectBuilder::new().schema_type(Type::String))),
    )
}

/// A response without a body.
pub(super) fn bare(description: &str) -> ResponseBuilder {
    ResponseBuilder::new().description(description)
}

/// A string parameter `name` read from `at`.
pub(super) fn param(
    name: &str,
    at: ParameterIn,
    required: bool,
    description: &str,
) -> ParameterBuilder {
    ParameterBuilder::new()
        .name(name)
        .parameter_in(at)
        .required(if required {
            Required::True
        } else {
            Required::False
        })
        .description(Some(description))
        .schema(Some(ObjectBuilder::new().schema_type(Type::String)))
}

/// Adds `op` at `method` of `path`, beside the path's other operations.
pub(super) fn add(paths: &mut Paths, path: &str, method: HttpMethod, op: OperationBuilder) {
    paths
        .paths
        .entry(path.into())
        .or_default()
        .merge_operations(PathItem::new(method, op));
}
