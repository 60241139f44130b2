//! Every route besides `POST /api` and the Pix routes ([`super::pix`]), written by hand (a thin
//! layer: the methods, parameters and media types the router serves), with the handlers' own
//! types as JSON bodies.

use super::{
    parts::{Schemas, add, bare, param, text},
    rpc::{error, json_response, no_session, optional_session, too_large, too_many},
};
use crate::rpc::schema_of;
use utoipa::openapi::{
    Content, HttpMethod, ObjectBuilder, OneOfBuilder, Paths, Required, ResponseBuilder, Schema,
    Type,
    path::{OperationBuilder, ParameterIn},
    request_body::RequestBodyBuilder,
};

/// One server-sent event of the supplier's stream: its name and its data (JSON, as text). Open
/// API 3.1 has the event stream's `schema` describe each event.
fn supplier_event() -> ResponseBuilder {
    let event = |name: &str, data: &str| {
        ObjectBuilder::new()
            .property(
                "event",
                ObjectBuilder::new()
                    .schema_type(Type::String)
                    .enum_values(Some([name])),
            )
            .required("event")
            .property(
                "data",
                ObjectBuilder::new()
                    .schema_type(Type::String)
                    .content_media_type("application/json")
                    .description(Some(data)),
            )
            .required("data")
    };
    let one_of = OneOfBuilder::new()
        .item(event(
            "pendentes",
            "`{\"pendentes\": n}`: the count of deliveries awaiting.",
        ))
        .item(event(
            "novo_pedido",
            "`{\"idpedido\", \"cliente_nome\", \"total_pago\", \"pendentes\"}`: an order \
             just placed.",
        ))
        .item(event(
            "pagamento",
            "`{\"idpedido\", \"status_pix\", \"pendentes\"}`: an order's Pix just paid.",
        ));
    ResponseBuilder::new()
        .description("The event stream (each event as the schema describes it).")
        .content("text/event-stream", Content::new(Some(one_of)))
}

/// Adds the routes to `paths` and their schemas to `schemas`.
pub fn describe(paths: &mut Paths, schemas: &mut Schemas) {
    let health = schema_of::<crate::ops::Health>(schemas);
    add(
        paths,
        "/healthz",
        HttpMethod::Get,
        OperationBuilder::new()
            .operation_id(Some("healthz"))
            .securities(Some(no_session()))
            .tag("operations")
            .summary(Some(
                "Whether the process is alive and serving (no database call)",
            ))
            .response("200", json_response("Alive.", &health)),
    );
    add(
        paths,
        "/readyz",
        HttpMethod::Get,
        OperationBuilder::new()
            .operation_id(Some("readyz"))
            .securities(Some(no_session()))
            .tag("operations")
            .summary(Some(
                "Whether the database answers within two seconds with every migration applied",
            ))
            .response("200", json_response("Ready.", &health))
            .response(
                "503",
                json_response(
                    "Not ready: `status` `unavailable` and the `reason`.",
                    &health,
                ),
            ),
    );
    add(
        paths,
        "/metrics",
        HttpMethod::Get,
        OperationBuilder::new()
            .operation_id(Some("metrics"))
            .securities(Some(no_session()))
            .tag("operations")
            .summary(Some("Prometheus metrics (OpenMetrics text)"))
            .description(Some(
                "Only with `Authorization: Bearer` and the operator's `METRICS_TOKEN` (not a \
                 session); 404 when no `METRICS_TOKEN` is set. The `METRICS_ADDR` listener \
                 serves it without a token.",
            ))
            .response("200", text("application/openmetrics-text", "The metrics."))
            .response("401", bare("Without the metrics token."))
            .response("404", bare("No `METRICS_TOKEN` set: not served here.")),
    );

    add(
        paths,
        "/api/openapi.json",
        HttpMethod::Get,
        OperationBuilder::new()
            .operation_id(Some("openapi"))
            .securities(Some(no_session()))
            .tag("operations")
            .summary(Some("This document"))
            .response(
                "200",
                ResponseBuilder::new()
                    .description("The OpenAPI 3.1 document of the API.")
                    .content(
                        "application/json",
                        Content::new(Some(ObjectBuilder::new().schema_type(Type::Object))),
                    ),
            ),
    );

    let uploaded = schema_of::<crate::rpc::notary::upload::Notarised>(schemas);
    add(
        paths,
        "/api/blockchain/upload",
        HttpMethod::Post,
        OperationBuilder::new()
            .operation_id(Some("notarise"))
            .tag("notarisation")
            .summary(Some("Notarises a file on Arweave (spends one token)"))
            .description(Some(
                "The raw file is the body, streamed to disk while hashed (at most 104,857,600 \
                 bytes); its `Content-Type` is the file's type. docs/rpc.md lists the checks \
                 and their messages.",
            ))
            .parameter(param("nome", ParameterIn::Query, false, "The file's name."))
            .parameter(param(
                "descricao",
                ParameterIn::Query,
                false,
                "The description (500 characters at most).",
            ))
            .securities(Some(optional_session()))
            .request_body(Some(
                RequestBodyBuilder::new()
                    .description(Some("The file's bytes."))
                    .required(Some(Required::True))
                    .content("*/*", Content::new(None::<Schema>))
                    .build(),
            ))
            .response("200", json_response("Notarised.", &uploaded))
            .response(
                "400",
                error("Refused (no token, too large, no description, …).", schemas),
            )
            .response("401", error("No session.", schemas))
            .response("413", too_large(schemas))
            .response("429", too_many(schemas))
            .response(
                "500",
                error("The gateway failed: no token was spent.", schemas),
            )
            .response("503", super::rpc::unavailable(schemas)),
    );

    add(
        paths,
        "/api/fornecedor/eventos",
        HttpMethod::Get,
        OperationBuilder::new()
            .operation_id(Some("supplier_events"))
            .tag("supplier")
            .summary(Some("The supplier's new orders, live (server-sent events)"))
            .description(Some(
                "Events: `pendentes` (data `{\"pendentes\": n}`) on connect and whenever the \
                 count of deliveries awaiting changes; `novo_pedido` (data `{\"idpedido\", \
                 \"cliente_nome\", \"total_pago\", \"pendentes\"}`) when an order is placed. A \
                 comment line every 20 s keeps proxies from closing the stream.",
            ))
            .parameter(param(
                "ticket",
                ParameterIn::Query,
                false,
                "A single-use ticket from `pegar_ticket_eventos` (`EventSource` cannot send \
                 headers); `Authorization: Bearer` is accepted instead.",
            ))
            .securities(Some(optional_session()))
            .response("200", supplier_event())
            .response("401", error("No live session.", schemas))
            .response("404", error("The user has no business account.", schemas)),
    );

    add(
        paths,
        "/media/{key}",
        HttpMethod::Get,
        OperationBuilder::new()
            .operation_id(Some("media"))
            .securities(Some(no_session()))
            .tag("media")
            .summary(Some("A stored photo, cached for a year"))
            .parameter(param(
                "key",
                ParameterIn::Path,
                true,
                "The photo's key (it may hold slashes: `/media/produtos/{id}/{photo}.jpg`).",
            ))
            .response(
                "200",
                ResponseBuilder::new()
                    .description(
                        "The photo (`Cache-Control: public, max-age=31536000, immutable`).",
                    )
                    .content("image/jpeg", Content::new(None::<Schema>)),
            )
            .response("404", bare("No such photo.")),
    );

    add(
        paths,
        "/auth/callback",
        HttpMethod::Get,
        OperationBuilder::new()
            .operation_id(Some("auth_callback"))
            .securities(Some(no_session()))
            .tag("sign-in")
            .summary(Some("The sign-in popup's redirect target"))
            .description(Some(
                "A tiny page that hands the ID token of its URL fragment to the page that opened \
                 it (same origin only) and closes.",
            ))
            .response("200", text("text/html", "The page.")),
    );

    add(
        paths,
        "/auth/callback.js",
        HttpMethod::Get,
        OperationBuilder::new()
            .operation_id(Some("auth_callback_script"))
            .securities(Some(no_session()))
            .tag("sign-in")
            .summary(Some("The sign-in callback page's script"))
            .description(Some(
                "A file of our origin, so that the Content-Security-Policy needs no inline script.",
            ))
            .response("200", text("text/javascript", "The script.")),
    );

    add(
        paths,
        "/",
        HttpMethod::Get,
        OperationBuilder::new()
            .operation_id(Some("webapp"))
            .securities(Some(no_session()))
            .tag("webapp")
            .summary(Some("The webapp"))
            .description(Some(
                "Any other path outside `/api`, `/media` and `/assets` answers the same page (the \
                 webapp routes it), with that page's own head for a store, a product or an ad \
                 (title, description, canonical URL, Open Graph, JSON-LD); a path the webapp does \
                 not have, a hidden store, a disabled or removed product answer it with 404 \
                 (docs/search.md, decisions.md §30).",
            ))
            .response("200", text("text/html", "The webapp's page.")),
    );

    add(
        paths,
        "/robots.txt",
        HttpMethod::Get,
        OperationBuilder::new()
            .operation_id(Some("robots"))
            .securities(Some(no_session()))
            .tag("webapp")
            .summary(Some(
                "Robots' rules: the panels, the admin and the API are disallowed",
            ))
            .response("200", text("text/plain", "robots.txt, naming the sitemap.")),
    );

    add(
        paths,
        "/sitemap.xml",
        HttpMethod::Get,
        OperationBuilder::new()
            .operation_id(Some("sitemap"))
            .securities(Some(no_session()))
            .tag("webapp")
            .summary(Some("Every public store, product and ad"))
            .description(Some(
                "A sitemaps.org sitemap; above 50,000 addresses, an index of `/sitemap-{n}.xml` \
                 files. Cacheable for an hour.",
            ))
            .response("200", text("application/xml", "The sitemap or its index.")),
    );

    add(
        paths,
        "/assets/{file}",
        HttpMethod::Get,
        OperationBuilder::new()
            .operation_id(Some("asset"))
            .securities(Some(no_session()))
            .tag("webapp")
            .summary(Some("A built file of the webapp, cached for a year"))
            .parameter(param(
                "file",
                ParameterIn::Path,
                true,
                "The file's hashed name.",
            ))
            .response(
                "200",
                ResponseBuilder::new()
                    .description("The file.")
                    .content("*/*", Content::new(None::<Schema>)),
            )
            .response("404", bare("No such file.")),
    );
}
