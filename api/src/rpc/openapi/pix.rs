//! The Pix routes: the PSP's webhook (hmac mode), a charge's QR image and the sandbox's payment
//! and recurrence-authorisation endpoints.

use super::{
    Options,
    parts::{Schemas, add, bare, param},
    rpc::{error, json_response, no_session},
};
use crate::rpc::schema_of;
use utoipa::openapi::{
    Content, HttpMethod, ObjectBuilder, Required, Type,
    path::{OperationBuilder, ParameterIn},
    request_body::RequestBodyBuilder,
};

/// Adds the Pix routes to `paths`.
pub fn describe(paths: &mut utoipa::openapi::Paths, schemas: &mut Schemas, options: Options) {
    add(
        paths,
        "/pix/{txid}/qr.svg",
        HttpMethod::Get,
        OperationBuilder::new()
            .operation_id(Some("pix_qr"))
            .securities(Some(no_session()))
            .tag("pix")
            .summary(Some("A Pix charge's QR code, cached for a year"))
            .description(Some(
                "The image an order's `Infos.imagem_qrcode` names while its charge can be paid \
                 (`Cache-Control: public, max-age=31536000, immutable`: a txid's code never \
                 changes).",
            ))
            .parameter(param("txid", ParameterIn::Path, true, "The charge's txid."))
            .response(
                "200",
                utoipa::openapi::ResponseBuilder::new()
                    .description("The QR code (SVG).")
                    .content(
                        "image/svg+xml",
                        Content::new(None::<utoipa::openapi::schema::Schema>),
                    ),
            )
            .response("404", bare("No such charge.")),
    );
    for (path, id) in [
        ("/webhooks/pix", "pix_webhook"),
        ("/webhooks/pix/pix", "pix_webhook_efi"),
    ] {
        add(
            paths,
            path,
            HttpMethod::Post,
            OperationBuilder::new()
                .operation_id(Some(id))
                .securities(Some(no_session()))
                .tag("pix")
                .summary(Some("The PSP's notification of received Pix (hmac mode)"))
                .description(Some(
                    "Called by the PSP, not by the webapp (docs/pix.md). On this listener the \
                     `hmac` query value must equal `PIX_WEBHOOK_HMAC` (not found when that is \
                     unset); the mutual-TLS listener serves the same paths without it. Each \
                     notification is applied once per `endToEndId`, only for our txid and the \
                     charge's amount; anything else is kept for the admin. `/webhooks/pix/pix` \
                     is the suffix Efí appends.",
                ))
                .parameter(param(
                    "hmac",
                    ParameterIn::Query,
                    true,
                    "The shared secret of the hmac mode.",
                ))
                .request_body(Some(
                    RequestBodyBuilder::new()
                        .content(
                            "application/json",
                            Content::new(Some(
                                ObjectBuilder::new()
                                    .property(
                                        "pix",
                                        utoipa::openapi::ArrayBuilder::new().items(
                                            ObjectBuilder::new()
                                                .property(
                                                    "endToEndId",
                                                    ObjectBuilder::new().schema_type(Type::String),
                                                )
                                                .required("endToEndId"),
                                        ),
                                    )
                                    .required("pix"),
                            )),
                        )
                        .required(Some(Required::True))
                        .build(),
                ))
                .response("200", bare("Received (stored before this answer)."))
                .response("400", error("Not a notification.", schemas))
                .response("401", error("Wrong or missing hmac.", schemas))
                .response("404", error("The hmac mode is not configured.", schemas))
                .response(
                    "503",
                    error(
                        "Not stored (the database failed): the PSP retries.",
                        schemas,
                    ),
                ),
        );
    }

    if options.sandbox {
        let paid = schema_of::<crate::pix_http::sandbox::SandboxPaid>(schemas);
        add(
            paths,
            "/pix/sandbox/{txid}/pagar",
            HttpMethod::Post,
            OperationBuilder::new()
                .operation_id(Some("sandbox_pay"))
                .securities(Some(no_session()))
                .tag("pix")
                .summary(Some("Pays a Pix charge (the sandbox provider only)"))
                .description(Some(
                    "Served only with `PIX_PROVIDER=sandbox` (the demo and the tests). Paying a \
                     paid charge again answers the same success.",
                ))
                .parameter(param("txid", ParameterIn::Path, true, "The charge's txid."))
                .response("200", json_response("Paid.", &paid))
                .response("404", error("No such charge.", schemas))
                .response(
                    "409",
                    error("The charge expired or was cancelled.", schemas),
                ),
        );
        let authorised = schema_of::<crate::pix_http::sandbox::SandboxAuthorised>(schemas);
        add(
            paths,
            "/pix/sandbox/rec/{idRec}/autorizar",
            HttpMethod::Post,
            OperationBuilder::new()
                .operation_id(Some("sandbox_authorise_recurrence"))
                .securities(Some(no_session()))
                .tag("pix")
                .summary(Some(
                    "Authorises a basket's Pix Automático recurrence (the sandbox provider only)",
                ))
                .description(Some(
                    "Served only with `PIX_PROVIDER=sandbox`: the payer's bank approving the \
                     recurrence `assinar` created (decisions.md §35). Each cycle's recurring \
                     charge is then paid with `POST /pix/sandbox/{txid}/pagar`. Authorising it \
                     again answers the same success.",
                ))
                .parameter(param(
                    "idRec",
                    ParameterIn::Path,
                    true,
                    "The recurrence's id (the basket's `rec_id`).",
                ))
                .response("200", json_response("Authorised.", &authorised))
                .response("404", error("No such recurrence.", schemas))
                .response(
                    "409",
                    error("The recurrence was refused or cancelled.", schemas),
                ),
        );
    }
}
