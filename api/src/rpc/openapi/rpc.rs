//! `POST /api` from the action table: one request schema per action (`{Variant}Request`: the
//! `codigo` and the payload), a `oneOf` of them discriminated by `codigo`, and the answers.

use super::{ErrorBody, SESSION};
use crate::rpc::{Request, Session};
use serde_json::{Value, json};
use utoipa::openapi::{
    Content, HttpMethod, ObjectBuilder, OneOfBuilder, PathItem, Paths, Ref, RefOr, Required,
    ResponseBuilder, Schema, Type,
    path::{OperationBuilder, ParameterBuilder, ParameterIn, ParameterStyle},
    request_body::RequestBodyBuilder,
    schema::{AnyOfBuilder, Discriminator},
    security::SecurityRequirement,
};

/// A `$ref` to component `name`.
pub fn reference(name: &str) -> Ref {
    Ref::from_schema_name(name)
}

/// The JSON pointer of component `name`.
pub fn pointer(name: &str) -> String {
    format!("#/components/schemas/{name}")
}

/// A JSON response of component `name`.
pub fn json_response(description: &str, name: &str) -> ResponseBuilder {
    ResponseBuilder::new()
        .description(description)
        .content("application/json", Content::new(Some(reference(name))))
}

/// The [`ErrorBody`] response with `description`, adding its schema to `schemas`.
pub fn error(description: &str, schemas: &mut Vec<(String, RefOr<Schema>)>) -> ResponseBuilder {
    let name = crate::rpc::schema_of::<ErrorBody>(schemas);
    json_response(description, &name)
}

/// 413: a body over the API's limit (`BODY_LIMIT_BYTES`, answered as text by the framework), or
/// a body or value over the action's bounds ('A requisição é grande demais.', the error body).
pub fn too_large(schemas: &mut Vec<(String, RefOr<Schema>)>) -> ResponseBuilder {
    let name = crate::rpc::schema_of::<ErrorBody>(schemas);
    ResponseBuilder::new()
        .description(
            "Over the API's body limit (`BODY_LIMIT_BYTES`, as text) or over the action's bounds \
             ('A requisição é grande demais.').",
        )
        .content("application/json", Content::new(Some(reference(&name))))
        .content(
            "text/plain",
            Content::new(Some(ObjectBuilder::new().schema_type(Type::String))),
        )
}

/// 429: a rate limit ('Muitas tentativas em pouco tempo. Tente de novo em {n} segundos.', with
/// `Retry-After`).
pub fn too_many(schemas: &mut Vec<(String, RefOr<Schema>)>) -> ResponseBuilder {
    error(
        "A rate limit: 'Muitas tentativas em pouco tempo. Tente de novo em {n} segundos.', with \
         `Retry-After` (sign-in, coupon checks, uploads, orders, notarisation).",
        schemas,
    )
}

/// 503: something the request depends on cannot take it now, with `Retry-After` where it says
/// when to try again.
pub fn unavailable(schemas: &mut Vec<(String, RefOr<Schema>)>) -> ResponseBuilder {
    error(
        "Try again shortly: the database is unavailable or the request took longer than \
         `REQUEST_TIMEOUT_SECONDS` ('Serviço temporariamente indisponível. Tente novamente em \
         instantes.', with `Retry-After`), a provider's budget is spent (the geocoder's, the \
         Arweave gateway's: with `Retry-After`), or the PSP failed while a Pix charge was \
         being opened ('Não foi possível gerar o Pix agora. Tente novamente.').",
        schemas,
    )
}

/// No session needed (the requirement that none is: `{}`).
pub fn no_session() -> Vec<SecurityRequirement> {
    vec![SecurityRequirement::default()]
}

/// A session is optional (`{}`) or the bearer token.
pub fn optional_session() -> Vec<SecurityRequirement> {
    vec![
        SecurityRequirement::default(),
        SecurityRequirement::new(SESSION, Vec::<String>::new()),
    ]
}

/// The request schema of one action (`{Variant}Request`): `codigo` and the payload's fields,
/// who may call it (`x-feira-session`), its answer's schema (`x-feira-answer`) and whether it is
/// also a cacheable `GET /api` read (`x-feira-get`) and whether it changes nothing
/// (`x-feira-read`).
fn request_schema(
    action: &crate::rpc::Action,
    schemas: &mut Vec<(String, RefOr<Schema>)>,
) -> (String, Value) {
    let answer = (action.answer)(schemas);
    let doc = action
        .doc
        .lines()
        .map(str::trim)
        .collect::<Vec<_>>()
        .join(" ");
    let session = match action.session {
        Session::Public => "Public: a session, when sent, may change the answer.",
        Session::User => "Needs a session (401 without one).",
        Session::Admin => "The administrator's (401 without a session, 403 for anyone else).",
    };
    let description = [doc.trim(), session]
        .into_iter()
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    let mut schema = json!({
        "title": action.codigo,
        "description": description,
        "type": "object",
        "properties": { "codigo": { "type": "string", "enum": [action.codigo] } },
        "required": ["codigo"],
        "x-feira-session": action.session.as_str(),
        "x-feira-answer": pointer(&answer),
        "x-feira-get": action.get,
        "x-feira-read": !action.changes,
    });
    if let Some(payload) = action.payload {
        let payload = payload(schemas);
        schema["allOf"] = json!([{ "$ref": pointer(&payload) }]);
    }
    (format!("{}Request", action.variant), schema)
}

/// Adds `POST /api` to `paths` and the schemas it refers to to `schemas`; returns the request
/// schemas, one per action (written as JSON: utoipa's `Object` cannot hold an `allOf`).
pub fn describe(
    paths: &mut Paths,
    schemas: &mut Vec<(String, RefOr<Schema>)>,
) -> Vec<(String, Value)> {
    let mut one_of = OneOfBuilder::new();
    let mut discriminator = Discriminator::new("codigo");
    let mut answers: Vec<String> = Vec::new();
    let mut requests = Vec::new();
    for action in Request::ACTIONS {
        let (name, schema) = request_schema(action, schemas);
        let answer = (action.answer)(schemas);
        if !answers.contains(&answer) {
            answers.push(answer);
        }
        discriminator
            .mapping
            .insert(action.codigo.to_owned(), pointer(&name));
        one_of = one_of.item(reference(&name));
        requests.push((name, schema));
    }
    let answer: RefOr<Schema> = match answers.as_slice() {
        [one] => reference(one).into(),
        many => {
            let mut any = AnyOfBuilder::new().description(Some(
                "The answer of the action named by `codigo`: the schema its request schema \
                 names in `x-feira-answer`.",
            ));
            for answer in many {
                any = any.item(reference(answer));
            }
            Schema::AnyOf(any.build()).into()
        }
    };
    let body = RequestBodyBuilder::new()
        .description(Some(
            "`{\"codigo\": …}` and the action's fields. Fields an action does not read are \
             ignored (the spec's clients send some, such as `usuario`: identity comes from the \
             session only).",
        ))
        .required(Some(Required::True))
        .content(
            "application/json",
            Content::new(Some(Schema::OneOf(
                one_of.discriminator(Some(discriminator)).build(),
            ))),
        )
        .build();
    let operation = OperationBuilder::new()
        .operation_id(Some("rpc"))
        .tag("rpc")
        .summary(Some("Runs one action of the contract"))
        .description(Some(
            "Every action is `POST /api` with `{\"codigo\": \"<action>\", …fields}` \
             (decisions.md §1). The request schema of each action says who may call it \
             (`x-feira-session`: `public`, `user` or `admin`), names its answer's schema \
             (`x-feira-answer`) and says whether `GET /api` answers it too (`x-feira-get`).",
        ))
        .securities(Some(optional_session()))
        .request_body(Some(body))
        .response(
            "200",
            ResponseBuilder::new()
                .description("The action's answer.")
                .content("application/json", Content::new(Some(answer))),
        )
        .response(
            "400",
            error(
                "A body that is not JSON ('Requisição inválida.'), an unknown `codigo` \
                 ('Ação desconhecida'), a payload of the wrong shape ('Dados inválidos.') or \
                 the action's own refusal, with the spec's message.",
                schemas,
            ),
        )
        .response(
            "401",
            error(
                "No session, or one that ended, for an action that needs one.",
                schemas,
            ),
        )
        .response(
            "403",
            error(
                "Another user's item, or an administrator's action by anyone else.",
                schemas,
            ),
        )
        .response(
            "404",
            error("What the action names does not exist.", schemas),
        )
        .response(
            "409",
            error("The action conflicts with the item's state.", schemas),
        )
        .response("413", too_large(schemas))
        .response("429", too_many(schemas))
        .response(
            "500",
            error("Anything unexpected: 'Algum erro ocorreu!'.", schemas),
        )
        .response("503", unavailable(schemas));
    paths
        .paths
        .insert("/api".into(), PathItem::new(HttpMethod::Post, operation));
    describe_reads(paths, schemas);
    requests
}

/// `GET /api?codigo=…&field=value…`: the public catalogue reads (marked `get` in the action
/// table) as a cache can answer them; the query is the same object a POST carries.
fn describe_reads(paths: &mut Paths, schemas: &mut Vec<(String, RefOr<Schema>)>) {
    let mut one_of = OneOfBuilder::new();
    let mut seen: Vec<String> = Vec::new();
    for action in Request::ACTIONS
        .iter()
        .filter(|a| Request::is_cacheable_read(a.codigo))
    {
        one_of = one_of.item(reference(&format!("{}Request", action.variant)));
        let answer = (action.answer)(schemas);
        if !seen.contains(&answer) {
            seen.push(answer);
        }
    }
    let answers: RefOr<Schema> = match seen.as_slice() {
        [one] => reference(one).into(),
        many => {
            let mut any = AnyOfBuilder::new().description(Some(
                "The answer of the read named by `codigo`, as by `POST /api`.",
            ));
            for answer in many {
                any = any.item(reference(answer));
            }
            Schema::AnyOf(any.build()).into()
        }
    };
    let query = ParameterBuilder::new()
        .name("leitura")
        .parameter_in(ParameterIn::Query)
        .required(Required::True)
        .style(Some(ParameterStyle::Form))
        .explode(Some(true))
        .description(Some(
            "`codigo` and the read's fields as query parameters, each once (a field given \
             twice is 'Dados inválidos.'); another action by GET is refused.",
        ))
        .schema(Some(Schema::OneOf(one_of.build())));
    let operation = OperationBuilder::new()
        .operation_id(Some("read"))
        .tag("rpc")
        .summary(Some("A public catalogue read, cacheable"))
        .description(Some(
            "Always answered as to an anonymous caller. `Cache-Control: public, max-age=30, \
             stale-while-revalidate=30`, a strong `ETag`; `If-None-Match` with it answers 304.",
        ))
        .securities(Some(no_session()))
        .parameter(query)
        .response(
            "200",
            ResponseBuilder::new()
                .description("The read's answer.")
                .content("application/json", Content::new(Some(answers))),
        )
        .response(
            "304",
            ResponseBuilder::new().description("Not modified: the `ETag` sent is current."),
        )
        .response(
            "400",
            error(
                "An unknown `codigo` ('Ação desconhecida'), an action that is not a read \
                 ('Esta ação só é aceita por POST /api.') or bad fields ('Dados inválidos.').",
                schemas,
            ),
        )
        .response("404", error("What the read names does not exist.", schemas))
        .response("413", too_large(schemas))
        .response(
            "500",
            error("Anything unexpected: 'Algum erro ocorreu!'.", schemas),
        )
        .response("503", unavailable(schemas));
    paths
        .paths
        .entry("/api".into())
        .or_default()
        .merge_operations(PathItem::new(HttpMethod::Get, operation));
}
