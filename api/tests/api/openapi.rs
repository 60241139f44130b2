//! The OpenAPI document against the real API: a representative request of every action
//! ([`crate::fixtures::actions`]) must validate against its action's request schema, and its
//! answer against the schema the document names for it — strictly: an answer may hold no
//! field the document does not describe. Who may call each action is what the document says
//! (401 without a session, 403 for the admin's). Failures must be the error body, and the other
//! JSON routes' answers their own schemas.

use crate::fixtures::actions::{Scene, calls, scene};
use feira_api::rpc::{Request, Session};
use jsonschema::{Draft, Validator};
use serde_json::{Value, json};
use std::collections::BTreeSet;

const PREFIX: &str = "#/components/schemas/";

/// The document's schemas, as validators.
pub struct Contract {
    doc: Value,
    /// The components, with every object schema closed (`unevaluatedProperties: false`)
    /// except the parts of an `allOf`, which the whole closes.
    strict: Value,
}

impl Contract {
    /// The document the scene's app serves.
    pub async fn of(scene: &Scene) -> Self {
        let doc: Value = scene
            .app
            .get("/api/openapi.json")
            .await
            .json()
            .await
            .unwrap();
        Self::new(doc)
    }

    pub fn new(doc: Value) -> Self {
        let mut strict = doc["components"].clone();
        let mut parts = BTreeSet::new();
        all_of_parts(&strict, &mut parts);
        if let Some(schemas) = strict["schemas"].as_object_mut() {
            for (name, schema) in schemas.iter_mut() {
                close(schema, !parts.contains(name));
            }
        }
        Self { doc, strict }
    }

    fn validator(&self, name: &str, strict: bool) -> Validator {
        let components = if strict {
            self.strict.clone()
        } else {
            self.doc["components"].clone()
        };
        let schema = json!({ "$ref": format!("{PREFIX}{name}"), "components": components });
        jsonschema::options()
            .with_draft(Draft::Draft202012)
            .build(&schema)
            .unwrap_or_else(|e| panic!("{name}: {e}"))
    }

    fn check(&self, name: &str, strict: bool, instance: &Value) -> Result<(), String> {
        let v = self.validator(name, strict);
        let errors: Vec<String> = v
            .iter_errors(instance)
            .map(|e| format!("{} at {}", e, e.instance_path()))
            .collect();
        if errors.is_empty() {
            Ok(())
        } else {
            Err(format!("{name}: {}", errors.join("; ")))
        }
    }

    /// The request schema of `codigo`, by name.
    pub fn request_schema(&self, codigo: &str) -> String {
        let mapping = &self.doc["paths"]["/api"]["post"]["requestBody"]["content"]["application/json"]
            ["schema"]["discriminator"]["mapping"];
        mapping[codigo].as_str().unwrap()[PREFIX.len()..].to_owned()
    }

    /// The answer schema of `codigo`, by name.
    pub fn answer_schema(&self, codigo: &str) -> String {
        let request = self.request_schema(codigo);
        self.doc["components"]["schemas"][&request]["x-feira-answer"]
            .as_str()
            .unwrap()[PREFIX.len()..]
            .to_owned()
    }

    /// `x-feira-session` of `codigo`.
    pub fn session(&self, codigo: &str) -> &str {
        self.doc["components"]["schemas"][&self.request_schema(codigo)]["x-feira-session"]
            .as_str()
            .unwrap()
    }

    pub fn check_request(&self, codigo: &str, body: &Value) -> Result<(), String> {
        self.check(&self.request_schema(codigo), false, body)
    }

    pub fn check_answer(&self, codigo: &str, body: &Value) -> Result<(), String> {
        self.check(&self.answer_schema(codigo), true, body)
    }

    pub fn check_error(&self, body: &Value) -> Result<(), String> {
        self.check("ErrorBody", true, body)
    }

    /// The JSON answer of `method path` for `status`, checked strictly.
    pub fn check_route(
        &self,
        method: &str,
        path: &str,
        status: u16,
        body: &Value,
    ) -> Result<(), String> {
        let content = &self.doc["paths"][path][method]["responses"][status.to_string()]["content"]
            ["application/json"]["schema"]["$ref"];
        let name = content
            .as_str()
            .ok_or_else(|| format!("{method} {path} {status}: no JSON answer described"))?;
        self.check(&name[PREFIX.len()..], true, body)
    }
}

/// The component names referred to from inside an `allOf`.
fn all_of_parts(v: &Value, out: &mut BTreeSet<String>) {
    match v {
        Value::Object(o) => {
            if let Some(Value::Array(items)) = o.get("allOf") {
                for i in items {
                    if let Some(r) = i["$ref"].as_str() {
                        out.insert(r[PREFIX.len()..].to_owned());
                    }
                }
            }
            o.values().for_each(|x| all_of_parts(x, out));
        }
        Value::Array(a) => a.iter().for_each(|x| all_of_parts(x, out)),
        _ => {}
    }
}

/// Closes the object schemas in `v` (`unevaluatedProperties: false`), `v` itself only when
/// `top` (an `allOf`'s parts are closed by the whole).
fn close(v: &mut Value, top: bool) {
    let Value::Object(o) = v else {
        if let Value::Array(a) = v {
            a.iter_mut().for_each(|x| close(x, true));
        }
        return;
    };
    let is_object = o.contains_key("properties") || o.contains_key("allOf");
    if top && is_object && !o.contains_key("unevaluatedProperties") {
        o.insert("unevaluatedProperties".into(), Value::Bool(false));
    }
    for (k, x) in o.iter_mut() {
        match k.as_str() {
            // An allOf's inline parts are closed by the whole.
            "allOf" => {
                if let Value::Array(items) = x {
                    items.iter_mut().for_each(|i| close(i, false));
                }
            }
            // Maps' values and composed alternatives are whole schemas.
            _ => close(x, true),
        }
    }
}

#[test]
fn the_strict_check_refuses_undescribed_missing_and_mistyped_fields() {
    let doc = feira_api::rpc::openapi::document(feira_api::rpc::openapi::Options { sandbox: true });
    let c = Contract::new(doc);
    let good = json!({"ok": true, "nome": "Ana"});
    c.check_answer("alterar_nome", &good).unwrap();
    for bad in [
        json!({"ok": true, "nome": "Ana", "extra": 1}),
        json!({"ok": false, "nome": "Ana"}),
        json!({"ok": true}),
        json!({"ok": true, "nome": 3}),
    ] {
        assert!(c.check_answer("alterar_nome", &bad).is_err(), "{bad}");
    }
    c.check_error(&json!({"error": "Dados inválidos.", "codigo_erro": "dados_invalidos"}))
        .unwrap();
    assert!(c.check_error(&json!({"erro": "x"})).is_err());
    assert!(
        c.check_error(&json!({"error": "Dados inválidos."}))
            .is_err(),
        "the code is required"
    );
    assert!(
        c.check_error(&json!({"error": "x", "codigo_erro": "um_codigo_inventado"}))
            .is_err()
    );
    c.check_request(
        "alterar_nome",
        &json!({"codigo": "alterar_nome", "nome": "Ana", "usuario": "x"}),
    )
    .unwrap();
    assert!(
        c.check_request("alterar_nome", &json!({"codigo": "alterar_nome"}))
            .is_err()
    );
    assert!(
        c.check_request(
            "alterar_nome",
            &json!({"codigo": "login_site", "nome": "A"})
        )
        .is_err()
    );
}

#[tokio::test]
async fn every_action_answers_what_the_openapi_document_says() {
    let scene = scene().await;
    let contract = Contract::of(&scene).await;
    let calls = calls(&scene);
    let covered: BTreeSet<&str> = calls.iter().map(|c| c.codigo).collect();
    let missing: Vec<&&str> = Request::CODIGOS
        .iter()
        .filter(|c| !covered.contains(**c))
        .collect();
    assert!(missing.is_empty(), "no representative request: {missing:?}");
    let mut failures = Vec::new();
    for call in &calls {
        if let Err(e) = contract.check_request(call.codigo, &call.body) {
            failures.push(format!("request {}: {e}", call.codigo));
        }
        // Who may call it is what the document says (`x-feira-session`).
        let session = contract.session(call.codigo);
        assert_eq!(
            Some(session),
            Request::session(call.codigo).map(Session::as_str)
        );
        if session != "public" {
            let (s, b) = scene.app.rpc(None, call.body.clone()).await;
            assert_eq!(s, 401, "{} without a session: {b}", call.codigo);
            contract.check_error(&b).unwrap();
        }
        if session == "admin" {
            let (s, _) = scene.app.rpc(Some(&scene.buyer), call.body.clone()).await;
            assert_eq!(s, 403, "{} by a buyer", call.codigo);
        }
        let (status, body) = scene.send(call).await;
        assert_eq!(status, 200, "{} ({:?}): {body}", call.codigo, call.who);
        if let Err(e) = contract.check_answer(call.codigo, &body) {
            failures.push(format!("answer {}: {e}\n  {body}", call.codigo));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[tokio::test]
async fn refusals_and_the_other_routes_answer_what_the_document_says() {
    let scene = scene().await;
    let contract = Contract::of(&scene).await;
    let app = &scene.app;
    // Refusals of every kind are the error body.
    for (token, body, status) in [
        (None, json!({"codigo": "voar"}), 400),
        (None, json!({"codigo": "alterar_nome", "nome": "x"}), 401),
        (Some(&scene.buyer), json!({"codigo": "loading_admin"}), 403),
        (
            Some(&scene.buyer),
            json!({"codigo": "pegar_dadosforn", "usuario": "ninguem"}),
            404,
        ),
        (
            Some(&scene.supplier),
            json!({"codigo": "adicionar_categoria", "categoriatext": "Verduras"}),
            409,
        ),
    ] {
        let (s, b) = app.rpc(token.map(String::as_str), body.clone()).await;
        assert_eq!(s, status, "{body}: {b}");
        contract.check_error(&b).unwrap();
        contract.check_route("post", "/api", s, &b).unwrap();
    }
    let health: Value = app.get("/healthz").await.json().await.unwrap();
    contract
        .check_route("get", "/healthz", 200, &health)
        .unwrap();
    // A Pix charge paid through the sandbox, twice.
    let charge = scene
        .app
        .rpc(
            Some(&scene.buyer),
            json!({"codigo": "gerarpix_blockchain", "quantidade": 1}),
        )
        .await
        .1;
    let txid = charge["txid"].as_str().unwrap();
    for _ in 0..2 {
        let (s, b) = crate::fixtures::pay_pix(app, txid).await;
        assert_eq!(s, 200);
        contract
            .check_route("post", "/pix/sandbox/{txid}/pagar", 200, &b)
            .unwrap();
    }
    let (s, b) = crate::fixtures::pay_pix(app, "nada").await;
    contract
        .check_route("post", "/pix/sandbox/{txid}/pagar", s, &b)
        .unwrap();
    // The streaming upload and its refusal.
    let upload = |token: &str| {
        app.http
            .post(format!("{}/api/blockchain/upload", app.address))
            .query(&[("nome", "a.txt"), ("descricao", "Um arquivo")])
            .header("content-type", "text/plain")
            .bearer_auth(token)
            .body("conteúdo")
    };
    let res = upload(&scene.buyer).send().await.unwrap();
    let s = res.status().as_u16();
    let b: Value = res.json().await.unwrap();
    assert_eq!(s, 200, "{b}");
    contract
        .check_route("post", "/api/blockchain/upload", s, &b)
        .unwrap();
    let res = upload(&scene.supplier).send().await.unwrap();
    let s = res.status().as_u16();
    let b: Value = res.json().await.unwrap();
    assert_eq!(s, 400, "no tokens: {b}");
    contract
        .check_route("post", "/api/blockchain/upload", s, &b)
        .unwrap();
}
