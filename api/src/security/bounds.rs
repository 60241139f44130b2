//! The bounds of every RPC request, checked before its payload is typed: the body's size per
//! action (photo actions carry base64 JPEGs, place lists up to 5.570 cities, the data-URL
//! notarisation the configured `BODY_LIMIT_BYTES`, everything else a few kilobytes), and in the
//! JSON itself every string, list, object and number, and the nesting depth. Field-by-field
//! bounds with their messages are wasm-core's forms (`forms::MAX_*`); these catch the rest (an
//! id, a code, a field a form does not read) so that no value of any size is ever stored or
//! echoed. A request over a bound is 413 'A requisição é grande demais.'.

use crate::error::ApiError;
use serde_json::Value;
use wasm_core::forms::MAX_CITIES;

/// The body limit of an action with no photo, file or place list.
pub const SMALL_BODY: usize = 64 * 1024;
/// Actions with a list of places (5.570 cities are ~170 KB of JSON).
pub const PLACES_BODY: usize = 512 * 1024;
/// Actions carrying base64 photos (a background is at most 800×2400 px).
pub const PHOTO_BODY: usize = 3 * 1024 * 1024;
/// The longest string in an action without photos or files (descriptions are 1.500
/// characters).
pub const MAX_STRING: usize = 4 * 1024;
/// The longest list: a scope's cities.
pub const MAX_LIST: usize = MAX_CITIES;
/// The most fields in one object.
pub const MAX_FIELDS: usize = 64;
/// The deepest nesting.
pub const MAX_DEPTH: usize = 8;
/// The largest number (in absolute value): above a millisecond timestamp (~1,8e12, which the
/// webapp echoes back inside the objects it edits) and any amount, below where JSON numbers
/// stop being exact integers (2^53 ≈ 9e15).
pub const MAX_NUMBER: f64 = 1e15;

/// What an action may carry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Small,
    Places,
    Photos,
    File,
}

fn kind(codigo: &str) -> Kind {
    match codigo {
        "upload_blockchain" => Kind::File,
        "cadastro_fornecedor"
        | "adicionar_produto"
        | "editar_produto_site"
        | "editar_imagens_fornecedor"
        | "editar_icone_produto_site"
        | "upload_foto"
        | "adicionar_anuncio"
        | "editar_anuncio"
        | "upload_foto_anuncio" => Kind::Photos,
        "editar_locais_fornecedor" => Kind::Places,
        _ => Kind::Small,
    }
}

/// The body limit of action `codigo`; `file_limit` is `BODY_LIMIT_BYTES`.
pub fn body_limit(codigo: &str, file_limit: usize) -> usize {
    match kind(codigo) {
        Kind::Small => SMALL_BODY,
        Kind::Places => PLACES_BODY,
        Kind::Photos => PHOTO_BODY.min(file_limit),
        Kind::File => file_limit,
    }
}

/// Checks a decoded request of `codigo` whose body had `size` bytes.
pub fn check(codigo: &str, size: usize, value: &Value, file_limit: usize) -> Result<(), ApiError> {
    let limit = body_limit(codigo, file_limit);
    let max_string = match kind(codigo) {
        Kind::Small | Kind::Places => MAX_STRING,
        Kind::Photos | Kind::File => limit,
    };
    if size > limit || !within(value, max_string, 0) {
        tracing::info!(codigo, size, "request over its bounds");
        return Err(ApiError::PayloadTooLarge);
    }
    Ok(())
}

fn within(v: &Value, max_string: usize, depth: usize) -> bool {
    if depth > MAX_DEPTH {
        return false;
    }
    match v {
        Value::Null | Value::Bool(_) => true,
        Value::Number(n) => n.as_f64().is_some_and(|f| f.abs() <= MAX_NUMBER),
        Value::String(s) => s.len() <= max_string || s.chars().count() <= max_string,
        Value::Array(a) => {
            a.len() <= MAX_LIST && a.iter().all(|x| within(x, max_string, depth + 1))
        }
        Value::Object(o) => {
            o.len() <= MAX_FIELDS
                && o.iter()
                    .all(|(k, x)| k.len() <= 64 && within(x, max_string, depth + 1))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn ok(codigo: &str, v: Value) -> bool {
        let size = v.to_string().len();
        check(codigo, size, &v, 8 << 20).is_ok()
    }

    #[test]
    fn every_kind_of_value_is_bounded() {
        assert!(ok("alterar_nome", json!({"nome": "Ana"})));
        assert!(!ok(
            "alterar_nome",
            json!({"nome": "a".repeat(MAX_STRING + 1)})
        ));
        assert!(ok("alterar_nome", json!({"nome": "é".repeat(MAX_STRING)})));
        assert!(!ok(
            "pegar_produtos_fornecedor",
            json!({"x": vec![1; MAX_LIST + 1]})
        ));
        assert!(!ok("finalizar_pedido", json!({"total": 1e16})));
        // A millisecond timestamp echoed inside an edited object is fine.
        assert!(ok(
            "editar_anuncio",
            json!({"infos": {"criado_em": 1_795_000_000_000_i64}})
        ));
        let deep = (0..12).fold(json!(1), |v, _| json!([v]));
        assert!(!ok("finalizar_pedido", deep));
        let wide: serde_json::Map<String, Value> =
            (0..65).map(|i| (format!("k{i}"), json!(i))).collect();
        assert!(!ok("finalizar_pedido", Value::Object(wide)));
        // A photo action takes a base64 photo; a small action does not.
        let photo = "A".repeat(200_000);
        assert!(ok("upload_foto", json!({"uri": photo})));
        assert!(!ok("validar_cupom", json!({"cupom": photo})));
        // Body sizes: per action.
        assert_eq!(body_limit("validar_cupom", 8 << 20), SMALL_BODY);
        assert_eq!(body_limit("upload_blockchain", 8 << 20), 8 << 20);
        assert!(check("validar_cupom", SMALL_BODY + 1, &json!({}), 8 << 20).is_err());
    }
}
