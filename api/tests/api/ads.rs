//! Direct ads: the wizard's validation messages on the server, an ad's life (create
//! with an icon, region listings of its scope, edit, photos, removal with its media files), and
//! that nobody touches another user's ad.

use crate::fixtures::jpeg_b64;
use crate::helpers::{TestApp, spawn_app};
use base64::{Engine, engine::general_purpose::STANDARD};
use serde_json::{Value, json};

const SELLER: &str = "vendedora@feira.test";
const OTHER: &str = "outra@feira.test";

fn infos(titulo: &str, preco: Value, locais: u32, cidades: &[&str]) -> Value {
    json!({
        "anuncio": true, "origem": "Piracicaba, SP", "cidades": cidades, "locais": locais,
        "titulo": titulo, "descricao": "Colhido na semana", "categoria": "Variedades",
        "nome": "Ignorado", "usuario": "alguem-mais", "preco": preco,
    })
}

fn add(infos: Value, icon: Option<String>) -> Value {
    json!({"codigo": "adicionar_anuncio", "usuario": "alguem-mais", "telefone": "(19)99999-0000",
           "iconeurl": icon, "infos": infos})
}

/// Ids of the ads of category Variedades listed on the first page of `regiao`.
async fn listed_in(app: &TestApp, regiao: &str) -> Vec<String> {
    let (status, body) = app
        .rpc(
            None,
            json!({"codigo": "pegar_produtos_anuncios_site2", "regiao": regiao, "categoria": "Variedades"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    body["anuncios"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["id"].as_str().unwrap().to_owned())
        .collect()
}

/// Ids of the Variedades ads on the home of `regiao`.
async fn home_of(app: &TestApp, regiao: &str) -> Vec<String> {
    let (status, body) = app
        .rpc(
            None,
            json!({"codigo": "pegar_produtos_anuncios_site", "regiao": regiao}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    body["anuncios"]["Variedades"]
        .as_array()
        .map(|l| {
            l.iter()
                .map(|a| a["id"].as_str().unwrap().to_owned())
                .collect()
        })
        .unwrap_or_default()
}

async fn my_ads(app: &TestApp, token: &str) -> Vec<Value> {
    let (status, body) = app
        .rpc(Some(token), json!({"codigo": "pegar_anuncios"}))
        .await;
    assert_eq!(status, 200, "{body}");
    body["anuncios"].as_array().unwrap().clone()
}

async fn status_of(app: &TestApp, url: &str) -> u16 {
    app.get(url).await.status().as_u16()
}

#[tokio::test]
async fn the_wizards_messages_come_back_and_nothing_is_stored() {
    let app = spawn_app().await;
    let (token, _) = app.login(SELLER).await;
    let cases = [
        (infos("", json!("10"), 1, &[]), "Preencha todos os campos!"),
        (infos("Mel", json!(""), 1, &[]), "Preencha todos os campos!"),
        (infos("Mel", json!("dez"), 1, &[]), "Insira um preço válido"),
        (
            infos("Mel", json!("10"), 3, &[]),
            "Adcione ao menos 1 local",
        ),
        (
            infos("Mel", json!("10"), 2, &[]),
            "Adcione ao menos 1 local",
        ),
        (infos("Mel", json!("10"), 0, &[]), "Selecione uma opção"),
        (
            infos(&"m".repeat(51), json!("10"), 1, &[]),
            "O título deve ter no máximo 50 caracteres",
        ),
        (
            infos("Mel", json!("10"), 3, &["Atlântida, XX"]),
            "Local desconhecido: Atlântida, XX",
        ),
    ];
    for (form, message) in cases {
        let (status, body) = app.rpc(Some(&token), add(form, None)).await;
        assert_eq!((status, body["error"].as_str()), (400, Some(message)));
    }
    let mut no_origin = infos("Mel", json!("10"), 1, &[]);
    no_origin["origem"] = json!("");
    let (status, body) = app.rpc(Some(&token), add(no_origin, None)).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (400, Some("Selecione a cidade de origem"))
    );
    let (status, body) = app
        .rpc(
            Some(&token),
            add(
                infos("Mel", json!("10"), 1, &[]),
                Some(STANDARD.encode(b"not a jpeg")),
            ),
        )
        .await;
    assert_eq!(
        (status, body["error"].as_str()),
        (400, Some("A foto enviada não é um JPEG."))
    );
    let (status, body) = app
        .rpc(
            Some(&token),
            add(infos("Mel", json!("10"), 1, &[]), Some(jpeg_b64(600, 200))),
        )
        .await;
    assert_eq!(status, 400, "{body}");
    assert!(my_ads(&app, &token).await.is_empty());
    let (status, _) = app
        .rpc(None, add(infos("Mel", json!("10"), 1, &[]), None))
        .await;
    assert_eq!(status, 401);
}

#[tokio::test]
async fn an_ad_lives_in_its_regions_changes_and_leaves_no_media_behind() {
    let app = spawn_app().await;
    let (token, user) = app.login(SELLER).await;
    let (status, body) = app
        .rpc(
            Some(&token),
            add(
                infos(
                    "Queijo Minas Artesanal",
                    json!("25,50"),
                    3,
                    &["Piracicaba, SP", "Campinas, SP", "Campinas, SP"],
                ),
                Some(jpeg_b64(300, 200)),
            ),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let ad = &body["infos"];
    let id = ad["id"].as_str().unwrap().to_owned();
    assert_eq!(ad["titulo"], "queijo minas artesanal");
    assert_eq!(ad["preco"], 25.5);
    assert_eq!(ad["usuario"], user["usuario"]);
    assert_eq!(ad["locais"], 3);
    assert_eq!(ad["cidades"], json!(["Campinas, SP", "Piracicaba, SP"]));
    let icon = ad["icone"].as_str().unwrap().to_owned();
    assert_eq!(status_of(&app, &icon).await, 200);

    assert!(listed_in(&app, "Campinas, SP").await.contains(&id));
    assert!(listed_in(&app, "Piracicaba, SP").await.contains(&id));
    assert!(!listed_in(&app, "Sorocaba, SP").await.contains(&id));
    assert!(home_of(&app, "Campinas, SP").await.contains(&id));
    assert!(!home_of(&app, "Sorocaba, SP").await.contains(&id));
    let (_, detail) = app
        .rpc(None, json!({"codigo": "pegar_anuncio_url_site", "id": id, "userforn": "", "categoria": "Variedades"}))
        .await;
    assert_eq!(detail["item"]["origem"], "Piracicaba, SP");
    assert!(detail["item"]["publicado"].as_i64().unwrap() > 0);

    // Edit: price and scope (all of MG), icon kept.
    let (status, body) = app
        .rpc(
            Some(&token),
            json!({"codigo": "editar_anuncio", "categoria": null, "iconeurlfinal": icon,
                   "infos": ad, "usuario": "x", "tituloinputfinal": "Queijo Minas Artesanal",
                   "precoinputfinal": "30", "descricaoinputfinal": "", "origeminputfinal": "Piracicaba, SP",
                   "locaisinputfinal": 2, "cidadesfinal": ["MG"]}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["infos"]["preco"], 30.0);
    assert_eq!(body["infos"]["icone"], icon.as_str());
    assert_eq!(body["infos"]["descricao"], Value::Null);
    assert!(listed_in(&app, "Uberaba, MG").await.contains(&id));
    assert!(!listed_in(&app, "Campinas, SP").await.contains(&id));

    // Photos: four at most; one removed, its file gone.
    let mut photos = Vec::new();
    for _ in 0..4 {
        let (status, body) = app
            .rpc(
                Some(&token),
                json!({"codigo": "upload_foto_anuncio", "usuario": "x", "item": id, "uri": jpeg_b64(200, 300)}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        photos.push((
            body["chave"].as_str().unwrap().to_owned(),
            body["url"].as_str().unwrap().to_owned(),
        ));
    }
    let (status, body) = app
        .rpc(
            Some(&token),
            json!({"codigo": "upload_foto_anuncio", "item": id, "uri": jpeg_b64(100, 100)}),
        )
        .await;
    assert_eq!(
        (status, body["error"].as_str()),
        (400, Some("Limite de 4 fotos atingido."))
    );
    let (gone_key, gone_url) = photos.remove(0);
    let (status, _) = app
        .rpc(
            Some(&token),
            json!({"codigo": "excluir_foto_anuncio", "item": {"id": id}, "idfoto": gone_key}),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(status_of(&app, &gone_url).await, 404);
    let listed = my_ads(&app, &token).await;
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0]["fotos"].as_object().unwrap().len(), 3);

    // Removal: the ad, and every file it had.
    let (status, _) = app
        .rpc(
            Some(&token),
            json!({"codigo": "excluir_anuncio", "item": listed[0], "fotos": listed[0]["fotos"]}),
        )
        .await;
    assert_eq!(status, 200);
    assert!(my_ads(&app, &token).await.is_empty());
    assert_eq!(status_of(&app, &icon).await, 404);
    for (_, url) in &photos {
        assert_eq!(status_of(&app, url).await, 404);
    }
    assert!(!listed_in(&app, "Uberaba, MG").await.contains(&id));
}

#[tokio::test]
async fn another_users_ad_cannot_be_edited_photographed_or_removed() {
    let app = spawn_app().await;
    let (owner, _) = app.login(SELLER).await;
    let (intruder, _) = app.login(OTHER).await;
    let (_, body) = app
        .rpc(
            Some(&owner),
            add(infos("Mel", json!("12"), 1, &[]), Some(jpeg_b64(100, 100))),
        )
        .await;
    let ad = body["infos"].clone();
    let id = ad["id"].as_str().unwrap().to_owned();
    let (_, body) = app
        .rpc(
            Some(&owner),
            json!({"codigo": "upload_foto_anuncio", "item": id, "uri": jpeg_b64(100, 100)}),
        )
        .await;
    let photo = body["chave"].as_str().unwrap().to_owned();
    let photo_url = body["url"].as_str().unwrap().to_owned();

    let attempts = [
        json!({"codigo": "editar_anuncio", "infos": ad, "usuario": "x", "iconeurlfinal": null,
               "tituloinputfinal": "Roubado", "precoinputfinal": "1", "descricaoinputfinal": "",
               "origeminputfinal": "Piracicaba, SP", "locaisinputfinal": 1, "cidadesfinal": ["ALL"]}),
        json!({"codigo": "upload_foto_anuncio", "item": id, "uri": jpeg_b64(100, 100)}),
        json!({"codigo": "excluir_foto_anuncio", "item": id, "idfoto": photo}),
        json!({"codigo": "excluir_anuncio", "item": ad, "fotos": {}}),
    ];
    for attempt in attempts {
        let (status, body) = app.rpc(Some(&intruder), attempt.clone()).await;
        assert_eq!(status, 403, "{attempt} → {body}");
    }
    assert!(my_ads(&app, &intruder).await.is_empty());
    let mine = my_ads(&app, &owner).await;
    assert_eq!(mine.len(), 1);
    assert_eq!(mine[0]["titulo"], "mel");
    assert_eq!(mine[0]["preco"], 12.0);
    assert_eq!(mine[0]["fotos"].as_object().unwrap().len(), 1);
    assert_eq!(status_of(&app, &photo_url).await, 200);
    assert_eq!(
        status_of(&app, mine[0]["icone"].as_str().unwrap()).await,
        200
    );
    let (status, _) = app
        .rpc(
            Some(&intruder),
            json!({"codigo": "excluir_anuncio", "item": "nao-existe"}),
        )
        .await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn concurrent_photo_uploads_never_exceed_four() {
    let app = spawn_app().await;
    let (token, _) = app.login(SELLER).await;
    let (status, body) = app
        .rpc(Some(&token), add(infos("Mel", json!("10"), 1, &[]), None))
        .await;
    assert_eq!(status, 200, "{body}");
    let id = body["infos"]["id"].as_str().unwrap().to_owned();
    let photo = json!({"codigo": "upload_foto_anuncio", "item": id, "uri": jpeg_b64(120, 120)});
    let answers =
        futures::future::join_all((0..6).map(|_| app.rpc(Some(&token), photo.clone()))).await;
    let stored = answers.iter().filter(|(s, _)| *s == 200).count();
    assert_eq!(stored, 4, "{answers:?}");
    for (status, body) in answers.iter().filter(|(s, _)| *s != 200) {
        assert_eq!(
            (*status, body["error"].as_str()),
            (400, Some("Limite de 4 fotos atingido."))
        );
    }
    let mine = my_ads(&app, &token).await;
    assert_eq!(mine[0]["fotos"].as_object().unwrap().len(), 4);
    // Only the stored photos' files are left in the media store.
    for (status, body) in &answers {
        if *status == 200 {
            assert_eq!(status_of(&app, body["url"].as_str().unwrap()).await, 200);
        }
    }
}
