//! Tests of the contract: the request table (every codigo, the admin guard, rate classes, body
//! shapes, reads), decoding and its errors, the cleaning of texts and idempotency keys.

use super::*;
use crate::auth::AuthUser;

#[test]
fn payload_texts_lose_their_control_characters() {
    let mut v = serde_json::json!({
        "nome": "Ana\u{0}\u{1b}[2J\nMaria",
        "produto": {"titulo": "Alface\tcrespa", "descricao": "Linha 1\r\nLinha 2\u{7}"},
        "itens": [{"obs": "a\u{202e}b"}],
        "quantidade": 2
    });
    clean_texts(&mut v, None);
    assert_eq!(v["nome"], "Ana[2J Maria");
    assert_eq!(v["produto"]["titulo"], "Alface crespa");
    assert_eq!(v["produto"]["descricao"], "Linha 1\nLinha 2");
    assert_eq!(v["itens"][0]["obs"], "ab");
    assert_eq!(v["quantidade"], 2);
}

fn caller(is_admin: bool) -> MaybeAuthUser {
    MaybeAuthUser {
        user: Some(AuthUser {
            id: "u1".into(),
            email: "u1@x".into(),
            token: "t".into(),
            is_admin,
        }),
        bad_token: false,
    }
}

fn parse_test(body: &[u8], caller: &MaybeAuthUser) -> ApiResult<Request> {
    parse(body, caller, 8 << 20)
}

#[test]
fn every_request_knows_its_codigo() {
    let r = parse_test(br#"{"codigo":"alterar_nome","nome":"Ana"}"#, &caller(false)).unwrap();
    assert_eq!(r.codigo(), "alterar_nome");
    let r = parse_test(br#"{"codigo":"iniciar_login"}"#, &caller(false)).unwrap();
    assert_eq!(r.codigo(), "iniciar_login");
}

fn error_of(body: &str) -> ApiError {
    match parse_test(body.as_bytes(), &MaybeAuthUser::default()) {
        Err(e) => e,
        Ok(r) => panic!("expected an error, got {r:?}"),
    }
}

fn message_of(body: &str) -> String {
    match error_of(body) {
        ApiError::BadRequest(m) => m,
        e @ ApiError::Refused { .. } if e.code() == crate::error::ErrorCode::AcaoDesconhecida => {
            e.to_string()
        }
        other => panic!("expected a bad request, got {other:?}"),
    }
}

#[test]
fn unknown_or_missing_codigo_is_an_unknown_action() {
    assert_eq!(message_of(r#"{"codigo":"voar"}"#), ACAO_DESCONHECIDA);
    assert_eq!(message_of(r#"{"x":1}"#), ACAO_DESCONHECIDA);
    assert_eq!(message_of(r#"{"codigo":3}"#), ACAO_DESCONHECIDA);
    // Close to a real one is still unknown.
    assert_eq!(message_of(r#"{"codigo":"LOGIN_SITE"}"#), ACAO_DESCONHECIDA);
}

#[test]
fn every_listed_codigo_is_a_variant_of_the_request() {
    for codigo in Request::CODIGOS {
        // An empty payload is a request, or a bad payload — never an unknown action.
        let body = format!(r#"{{"codigo":"{codigo}"}}"#);
        match parse_test(body.as_bytes(), &caller(true)) {
            Ok(_) => {}
            Err(ApiError::BadRequest(m)) => assert_ne!(m, ACAO_DESCONHECIDA, "{codigo}"),
            Err(e) => panic!("{codigo}: {e:?}"),
        }
    }
    assert_eq!(Request::CODIGOS.len(), 110);
}

#[test]
fn the_admin_guard_covers_exactly_the_admin_actions() {
    let admin: Vec<&str> = Request::CODIGOS
        .iter()
        .copied()
        .filter(|c| Request::is_admin_action(c))
        .collect();
    assert_eq!(
        admin,
        [
            "pegar_disputas",
            "decidir_disputa",
            "loading_admin",
            "invisivel",
            "permitir_documento",
            "pegar_clientes",
            "pegar_solicitacoes_saque",
            "confirmar_saque",
            "start_site_admin",
            "pegar_pendencias_pix",
            "pegar_avisos_falhos",
            "pegar_pix_automatico_problemas",
            "tentar_devolucao_pix",
            "remover_avaliacao",
            "pegar_resumo_fornecedor",
            "moderar_anuncio",
            "moderar_produto",
        ]
    );
    for codigo in Request::CODIGOS {
        // A malformed payload: the guard answers before the payload is read.
        let body = format!(r#"{{"codigo":"{codigo}","userforn":7,"urlforn":[]}}"#);
        let refused = matches!(
            parse_test(body.as_bytes(), &caller(false)),
            Err(ApiError::Forbidden)
        );
        assert_eq!(refused, Request::is_admin_action(codigo), "{codigo}");
        if Request::is_admin_action(codigo) {
            assert!(matches!(
                parse_test(body.as_bytes(), &MaybeAuthUser::default()),
                Err(ApiError::Unauthorized)
            ));
            // The admin's request goes on to its payload (unit variants ignore the fields).
            assert!(matches!(
                parse_test(body.as_bytes(), &caller(true)),
                Ok(_) | Err(ApiError::BadRequest(_))
            ));
        }
    }
}

#[test]
fn an_idempotency_key_is_checked_and_fingerprints_its_payload() {
    let with = |v: &str| {
        let mut h = HeaderMap::new();
        h.insert("idempotency-key", v.parse().unwrap());
        h
    };
    let payload = serde_json::json!({"codigo": "finalizar_pedido", "total": 9.5, "entrega": true});
    let reordered: Value =
        serde_json::from_str(r#"{"entrega": true, "total": 9.5, "codigo": "finalizar_pedido"}"#)
            .unwrap();
    assert_eq!(
        IdempotencyKey::of(&HeaderMap::new(), &payload).unwrap(),
        None
    );
    let a = IdempotencyKey::of(&with("8e03978e-40d5"), &payload)
        .unwrap()
        .unwrap();
    let quoted = IdempotencyKey::of(&with("\"8e03978e-40d5\""), &reordered)
        .unwrap()
        .unwrap();
    assert_eq!(a, quoted, "quoted or bare, any field order: one attempt");
    assert_eq!(a.key, "8e03978e-40d5");
    let other = serde_json::json!({"codigo": "finalizar_pedido", "total": 9.6, "entrega": true});
    assert_ne!(
        IdempotencyKey::of(&with("8e03978e-40d5"), &other)
            .unwrap()
            .unwrap()
            .fingerprint,
        a.fingerprint
    );
    for bad in ["", "\"\"", "com espaço", &"x".repeat(256)] {
        assert!(
            matches!(IdempotencyKey::of(&with(bad), &payload), Err(ApiError::BadRequest(m)) if m == CHAVE_INVALIDA),
            "{bad:?}"
        );
    }
}

#[test]
fn every_rate_class_limits_an_action_and_bodies_fit_what_actions_carry() {
    use crate::security::{bounds::Body, rate::Class};
    let line = |c: &str| Request::action(c).unwrap();
    for class in Class::ALL {
        assert!(
            Request::ACTIONS.iter().any(|a| a.limit == Some(class)),
            "{class:?} limits no action"
        );
    }
    assert_eq!(
        (
            line("finalizar_pedido").limit,
            line("finalizar_pedido").body
        ),
        (Some(Class::Order), Body::Small)
    );
    assert_eq!(
        (line("upload_foto").limit, line("upload_foto").body),
        (Some(Class::Upload), Body::Photos)
    );
    assert_eq!(
        (
            line("upload_blockchain").limit,
            line("upload_blockchain").body
        ),
        (Some(Class::Notary), Body::File)
    );
    assert_eq!(
        (line("login_site").limit, line("validar_cupom").limit),
        (Some(Class::SignIn), Some(Class::Coupon))
    );
    // Every action that takes a photo as base64 says so (or its 3 MB would be refused).
    let mut photos = 0;
    for a in Request::ACTIONS {
        let shape = shape(a.codigo).unwrap();
        let payload = shape.schema["allOf"][0]["$ref"]
            .as_str()
            .and_then(|r| r.strip_prefix("#/components/schemas/"))
            .and_then(|n| shape.components.get(n));
        let shape = payload.map(Value::to_string).unwrap_or_default();
        let photo = ["\"iconeurl\"", "\"uri\"", "\"icone\"", "\"iconefornfinal\""]
            .iter()
            .any(|f| shape.contains(f));
        if photo {
            photos += 1;
            assert_eq!(a.body, Body::Photos, "{}", a.codigo);
        }
    }
    assert!(photos >= 5, "the photo actions were found ({photos})");
}

#[test]
fn every_action_has_its_shape() {
    for codigo in Request::CODIGOS {
        let shape = shape(codigo).unwrap_or_else(|| panic!("{codigo}"));
        assert_eq!(shape.schema["properties"]["codigo"]["enum"][0], *codigo);
    }
}

#[test]
fn reads_are_marked_so_in_the_table() {
    for a in Request::ACTIONS {
        let looks_like_a_read = ["pegar_", "loading_", "verificar_", "consultar_", "validar_"]
            .iter()
            .any(|p| a.codigo.starts_with(p));
        if looks_like_a_read {
            assert!(!a.changes, "{} reads: mark it `read` (or `get`)", a.codigo);
        }
        if a.get {
            assert!(!a.changes && a.session == Session::Public, "{}", a.codigo);
        }
    }
    let changes = |c: &str| {
        Request::ACTIONS
            .iter()
            .find(|a| a.codigo == c)
            .unwrap()
            .changes
    };
    assert!(changes("finalizar_pedido") && changes("editar_produto_site"));
    assert!(!changes("search") && !changes("pegar_pedidos"));
}

#[test]
fn the_table_marks_the_actions_that_honour_an_idempotency_key() {
    let idempotent: Vec<&str> = Request::ACTIONS
        .iter()
        .filter(|a| a.idempotent)
        .map(|a| a.codigo)
        .collect();
    // Placing an order is the one action whose retry must not do it twice (its charge, its stock).
    assert_eq!(idempotent, ["finalizar_pedido"]);
    for a in Request::ACTIONS.iter().filter(|a| a.idempotent) {
        assert!(a.changes && !a.get, "{}: a read needs no key", a.codigo);
    }
}

#[test]
fn bad_json_and_bad_payloads_are_told_apart() {
    assert_eq!(message_of("{"), "Requisição inválida.");
    assert_eq!(
        message_of(r#"{"codigo":"alterar_nome"}"#),
        "Dados inválidos."
    );
}

#[test]
fn extra_fields_such_as_usuario_are_ignored() {
    let r = parse_test(
        br#"{"codigo":"alterar_nome","usuario":"someone-else","nome":"Ana"}"#,
        &MaybeAuthUser::default(),
    );
    assert!(matches!(r, Ok(Request::ChangeName(_))));
}
