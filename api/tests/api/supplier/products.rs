//! Products: the add-product rules and messages, edit, promotions, enable/disable, photos
//! (re-validated JPEGs, at most 4, files deleted with them), removal, and ownership.

use super::{call, refused};
use crate::fixtures::OTHER_SUPPLIER;
use crate::fixtures::jpeg_b64;
use crate::fixtures::{SUPPLIER, demo_app};
use serde_json::{Value, json};

fn product(f: &dyn Fn(&mut Value)) -> Value {
    let mut infos = json!({
        "categoria": "Alimentos", "titulo": "Queijo Fresco", "preco": "12,50", "minimo": 2,
        "estoque": 10, "opcoes": [{"opcao": "500 g"}, {"opcao": " "}], "descricao": "Do sítio",
        "userforn": "demo-ana", "nomeforn": "x", "oculto": false,
    });
    f(&mut infos);
    json!({ "iconeurl": false, "infos": infos, "usuario": "demo-ana", "cidades": ["ALL"] })
}

#[tokio::test]
async fn adding_a_product_checks_the_wizards_rules() {
    let app = demo_app().await;
    let (token, _) = app.login(SUPPLIER).await;
    for (body, msg) in [
        (
            product(&|i| i["titulo"] = json!("")),
            "Preencha todos os campos!",
        ),
        (
            product(&|i| i["preco"] = json!("abc")),
            "Insira um preço válido",
        ),
        (
            product(&|i| i["estoque"] = json!(1)),
            "O estoque não pode ser menor do que o pedido mínimo",
        ),
        (
            product(&|i| i["titulo"] = json!("t".repeat(51))),
            "O título deve ter no máximo 50 caracteres",
        ),
        (
            product(&|i| i["descricao"] = json!("d".repeat(1501))),
            "A descrição deve ter no máximo 1500 caracteres",
        ),
        (
            product(&|i| i["opcoes"] = json!(["o".repeat(51)])),
            "Cada opção deve ter no máximo 50 caracteres",
        ),
    ] {
        assert_eq!(
            refused(&app, &token, "adicionar_produto", body, 400).await,
            msg
        );
    }
    let mut body = product(&|_| {});
    body["iconeurl"] = json!(jpeg_b64(200, 300));
    let (s, b) = call(&app, &token, "adicionar_produto", body).await;
    assert_eq!(s, 200, "{b}");
    let p = &b["infos"];
    assert_eq!(p["titulo"], "queijo fresco");
    assert_eq!(p["preco"], 12.5);
    assert_eq!(p["userforn"], "demo-joao");
    // The spec's `{opcao}`, with what it sells at (the product's terms: decisions.md §39).
    assert_eq!(p["opcoes"][0]["opcao"], "500 g");
    assert_eq!(p["opcoes"][0]["estoqueproprio"], false);
    assert_eq!(p["opcoes"].as_array().map(Vec::len), Some(1));
    assert_eq!(
        (p["minimo"].clone(), p["estoque"].clone()),
        (json!(2), json!(10))
    );
    assert_eq!(p["status"], false);
    let icon = p["icone"].as_str().unwrap();
    let bytes = app.get(icon).await.bytes().await.unwrap();
    assert_eq!(feira_photo::validate_jpeg(&bytes, 300).unwrap(), (200, 300));

    // A photo beyond 300 px is refused before anything is stored.
    let mut big = product(&|_| {});
    big["iconeurl"] = json!(jpeg_b64(301, 10));
    let (s, _) = call(&app, &token, "adicionar_produto", big).await;
    assert_eq!(s, 400);

    let (_, list) = call(
        &app,
        &token,
        "pegar_produtos_fornecedor",
        json!({"all": true}),
    )
    .await;
    assert_eq!(list["produtos"].as_array().unwrap().len(), 11);
    assert_eq!(list["produtos"][0]["id"], p["id"]);
}

#[tokio::test]
async fn edit_promotion_and_availability() {
    let app = demo_app().await;
    let (token, _) = app.login(SUPPLIER).await;
    let edit = |f: &dyn Fn(&mut Value)| {
        let mut n = json!({"titulo": "Mandioca Descascada", "preco": "9", "minimo": 0,
                           "estoque": 30, "opcoes": [], "descricao": ""});
        f(&mut n);
        json!({"produto": {"id": "demo-p04"}, "newproduto": n})
    };
    assert_eq!(
        refused(
            &app,
            &token,
            "editar_produto_site",
            edit(&|n| n["preco"] = json!("x")),
            400
        )
        .await,
        "Digite um preço válido"
    );
    let (s, b) = call(&app, &token, "editar_produto_site", edit(&|_| {})).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["infos"]["titulo"], "mandioca descascada");
    assert_eq!(b["infos"]["categoria"], "Alimentos");
    assert_eq!(b["infos"]["estoque"], 30);

    let promo = |p: Value, m: Value| json!({"item": {"id": "demo-p04"}, "precopromoinput": p, "minimopromoinput": m});
    for (body, msg) in [
        (promo(json!("abc"), json!(1)), "Digite um preço válido"),
        (
            promo(json!("5"), json!(0)),
            "A quantidade mínima da promoção deve ser ao menos 1",
        ),
        (
            promo(json!("9,00"), json!(1)),
            "O preço promocional deve ser menor que o preço.",
        ),
    ] {
        assert_eq!(
            refused(&app, &token, "adicionar_promocao", body, 400).await,
            msg
        );
    }
    let (_, b) = call(
        &app,
        &token,
        "adicionar_promocao",
        promo(json!("7,20"), json!(3)),
    )
    .await;
    assert_eq!(b["infos"]["precopromo"], 7.2);
    assert_eq!(b["infos"]["minimopromo"], 3);
    assert_eq!(b["infos"]["desconto"], 20);
    let (_, b) = call(
        &app,
        &token,
        "remover_promocao",
        json!({"item": "demo-p04"}),
    )
    .await;
    assert_eq!(b["infos"]["precopromo"], Value::Null);

    let (_, b) = call(
        &app,
        &token,
        "desabilitar_produto",
        json!({"item": "demo-p04"}),
    )
    .await;
    assert_eq!(b["infos"]["status"], true);
    let (s, page) = app
        .rpc(
            None,
            json!({"codigo": "pegar_produto_url_site", "id": "demo-p04"}),
        )
        .await;
    // Its own page exists and says so ('Indisponível', decisions.md §26); no listing has it.
    assert_eq!(s, 200, "{page}");
    assert_eq!(page["item"]["status"], true, "{page}");
    let (_, store) = app
        .rpc(
            None,
            json!({"codigo": "start_site", "urlforn": "sitio-boa-vista"}),
        )
        .await;
    assert!(
        !store.to_string().contains("demo-p04"),
        "not on the storefront"
    );
    let (s, _) = app
        .rpc(
            None,
            json!({"codigo": "pegar_produto_url_site", "id": "nao-existe"}),
        )
        .await;
    assert_eq!(s, 404, "a product that does not exist is still not found");
    let (_, b) = call(
        &app,
        &token,
        "habilitar_produto",
        json!({"item": "demo-p04"}),
    )
    .await;
    assert_eq!(b["infos"]["status"], false);
}

#[tokio::test]
async fn photos_are_at_most_four_and_their_files_go_with_them() {
    let app = demo_app().await;
    let (token, _) = app.login(SUPPLIER).await;
    let (_, b) = call(&app, &token, "adicionar_produto", product(&|_| {})).await;
    let id = b["infos"]["id"].as_str().unwrap().to_owned();
    let mut urls = Vec::new();
    for _ in 0..4 {
        let (s, b) = call(
            &app,
            &token,
            "upload_foto",
            json!({"item": {"id": id}, "uri": jpeg_b64(300, 300)}),
        )
        .await;
        assert_eq!(s, 200, "{b}");
        urls.push((
            b["chave"].as_str().unwrap().to_owned(),
            b["url"].as_str().unwrap().to_owned(),
        ));
    }
    assert_eq!(
        refused(
            &app,
            &token,
            "upload_foto",
            json!({"item": id, "uri": jpeg_b64(100, 100)}),
            400
        )
        .await,
        "Limite de 4 fotos por produto."
    );
    let (chave, url) = &urls[0];
    assert_eq!(app.get(url).await.status(), 200);
    let (s, _) = call(
        &app,
        &token,
        "excluir_foto",
        json!({"item": id, "idfoto": chave}),
    )
    .await;
    assert_eq!(s, 200);
    assert_eq!(app.get(url).await.status(), 404);
    assert_eq!(
        refused(
            &app,
            &token,
            "excluir_foto",
            json!({"item": id, "idfoto": chave}),
            404
        )
        .await,
        "Foto não encontrada."
    );
    // A new icon replaces the old file.
    let (s, b) = call(
        &app,
        &token,
        "editar_icone_produto_site",
        json!({"id": id, "icone": jpeg_b64(120, 80)}),
    )
    .await;
    assert_eq!(s, 200, "{b}");
    let icon = b["icone"].as_str().unwrap().to_owned();

    let (s, _) = call(
        &app,
        &token,
        "excluir_produto",
        json!({"item": id, "fotos": {}}),
    )
    .await;
    assert_eq!(s, 200);
    for (_, url) in &urls[1..] {
        assert_eq!(app.get(url).await.status(), 404);
    }
    assert_eq!(app.get(&icon).await.status(), 404);
    let (s, _) = call(&app, &token, "habilitar_produto", json!({"item": id})).await;
    assert_eq!(s, 404);
}

#[tokio::test]
async fn six_uploads_at_once_store_only_four_photos() {
    let app = demo_app().await;
    let (token, _) = app.login(SUPPLIER).await;
    let (_, b) = call(&app, &token, "adicionar_produto", product(&|_| {})).await;
    let id = b["infos"]["id"].as_str().unwrap().to_owned();
    let photo = json!({"codigo": "upload_foto", "item": id, "uri": jpeg_b64(120, 120)});
    let answers =
        futures::future::join_all((0..6).map(|_| app.rpc(Some(&token), photo.clone()))).await;
    assert_eq!(
        answers.iter().filter(|(s, _)| *s == 200).count(),
        4,
        "{answers:?}"
    );
    for (s, b) in answers.iter().filter(|(s, _)| *s != 200) {
        assert_eq!(
            (*s, b["error"].as_str()),
            (400, Some("Limite de 4 fotos por produto."))
        );
    }
    let (_, list) = call(&app, &token, "pegar_produtos_fornecedor", json!({})).await;
    let mine = list["produtos"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == id.as_str())
        .cloned()
        .unwrap();
    assert_eq!(mine["fotos"].as_object().unwrap().len(), 4);
}

#[tokio::test]
async fn another_suppliers_product_is_forbidden_in_every_action() {
    let app = demo_app().await;
    let (token, _) = app.login(SUPPLIER).await;
    let item = json!({"id": "demo-p11"});
    let cases = [
        (
            "editar_produto_site",
            json!({"produto": item, "newproduto": {"titulo": "x", "preco": "1"}}),
        ),
        (
            "editar_icone_produto_site",
            json!({"id": "demo-p11", "icone": jpeg_b64(10, 10)}),
        ),
        (
            "upload_foto",
            json!({"item": item, "uri": jpeg_b64(10, 10)}),
        ),
        ("excluir_foto", json!({"item": item, "idfoto": "x"})),
        (
            "adicionar_promocao",
            json!({"item": item, "precopromoinput": "1", "minimopromoinput": 1}),
        ),
        ("remover_promocao", json!({"item": item})),
        ("habilitar_produto", json!({"item": item})),
        ("desabilitar_produto", json!({"item": item})),
        ("excluir_produto", json!({"item": item})),
        (
            "adicionar_categoria_produto",
            json!({"item": item, "categoriaselecionada": "Verduras"}),
        ),
        ("remover_categoria_produto", json!({"item": item})),
    ];
    for (codigo, body) in cases {
        let (s, b) = call(&app, &token, codigo, body).await;
        assert_eq!(s, 403, "{codigo}: {b}");
    }
    let (s, _) = call(&app, &token, "habilitar_produto", json!({"item": "nada"})).await;
    assert_eq!(s, 404);
    // Nothing changed on Ana's product.
    let (ana, _) = app.login(OTHER_SUPPLIER).await;
    let (_, list) = call(&app, &ana, "pegar_produtos_fornecedor", json!({})).await;
    let p11 = list["produtos"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == "demo-p11")
        .cloned()
        .unwrap();
    assert_eq!(p11["status"], false);
}
