//! The media store's S3 path against a real S3-compatible server started
//! here (npm `s3rver`, devservices/s3.mjs, on a free loopback port): stored, read back through
//! `/media/…`, deleted, a missing object — each checked the same way against the local
//! directory, so media URLs behave the same whichever store is configured. Also the app's own
//! path: an ad's icon and photos uploaded through the RPC land in the bucket.

use crate::{
    fixtures::jpeg_b64,
    helpers::{TestApp, devservice, spawn_app, spawn_app_with},
};
use base64::{Engine, engine::general_purpose::STANDARD};
use bytes::Bytes;
use feira_api::config::MediaConfig;
use serde_json::json;
use tokio::process::Child;

/// s3rver on a free loopback port with one bucket, stopped on drop.
pub struct S3Server {
    pub endpoint: String,
    pub bucket: String,
    _child: Child,
}

impl S3Server {
    pub async fn start() -> Self {
        let bucket = format!("feira-{}", feira_api::db::new_id().to_lowercase());
        let env = [("S3_PORT", "0".to_owned()), ("S3_BUCKET", bucket.clone())];
        let (child, rest, mut lines) = devservice("s3.mjs", &env, "s3: listening on ").await;
        tokio::spawn(async move { while let Ok(Some(_)) = lines.next_line().await {} });
        Self {
            endpoint: rest.split_whitespace().next().unwrap().to_owned(),
            bucket,
            _child: child,
        }
    }

    pub fn config(&self) -> MediaConfig {
        MediaConfig::S3 {
            bucket: self.bucket.clone(),
            region: "us-east-1".into(),
            endpoint: Some(self.endpoint.clone()),
            access_key_id: Some(feira_api::config::secret("S3RVER")),
            secret_access_key: Some(feira_api::config::secret("S3RVER")),
        }
    }

    /// The object `key` as s3rver holds it (path-style, unsigned reads are allowed).
    pub async fn object(&self, key: &str) -> reqwest::Response {
        reqwest::get(format!("{}/{}/{key}", self.endpoint, self.bucket))
            .await
            .unwrap()
    }
}

/// Put, read back through `/media`, delete, missing: the same on every store.
async fn exercise(app: &TestApp) -> String {
    let jpeg = Bytes::from(STANDARD.decode(jpeg_b64(40, 30)).unwrap());
    let key = format!("teste/{}.jpg", feira_api::db::new_id());
    let url = app.app.media.put(&key, jpeg.clone()).await.unwrap();
    assert_eq!(url, format!("/media/{key}"));

    let res = app.get(&url).await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["content-type"], "image/jpeg");
    assert_eq!(
        res.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    assert_eq!(res.bytes().await.unwrap(), jpeg);
    // Keys no stored file can have are not found, never a store failure: a name too long for
    // the file system, a folder.
    let long = format!("/media/teste/{}.jpg", "ã".repeat(200));
    assert_eq!(app.get(&long).await.status(), 404);
    assert_eq!(app.get("/media/teste").await.status(), 404);

    app.app.media.delete_url(&url).await.unwrap();
    assert_eq!(app.get(&url).await.status(), 404);
    // Deleting again, or a URL that is not ours, is fine.
    app.app.media.delete_url(&url).await.unwrap();
    app.app
        .media
        .delete_url("https://elsewhere/x.jpg")
        .await
        .unwrap();
    assert_eq!(app.get("/media/nunca/existiu.jpg").await.status(), 404);
    key
}

#[tokio::test]
async fn media_on_s3_behave_as_on_the_local_directory() {
    let local = spawn_app().await;
    exercise(&local).await;

    let s3 = S3Server::start().await;
    let media = s3.config();
    let app = spawn_app_with(move |c| c.media = media).await;
    let key = exercise(&app).await;
    // It really went through the bucket (and is gone from it).
    assert_eq!(s3.object(&key).await.status(), 404);
    let url = app
        .app
        .media
        .put("teste/fica.jpg", Bytes::from_static(b"\xff\xd8fica"))
        .await
        .unwrap();
    let held = s3.object("teste/fica.jpg").await;
    assert_eq!(held.status(), 200);
    assert_eq!(&held.bytes().await.unwrap()[..], b"\xff\xd8fica");
    assert_eq!(app.get(&url).await.status(), 200);
}

#[tokio::test]
async fn an_ads_photos_live_in_the_bucket_and_leave_with_the_ad() {
    let s3 = S3Server::start().await;
    let media = s3.config();
    let app = spawn_app_with(move |c| c.media = media).await;
    let (token, _) = app.login("vendedora@feira.test").await;
    let infos = json!({
        "anuncio": true, "origem": "Piracicaba, SP", "cidades": [], "locais": 1,
        "titulo": "Mel de laranjeira", "descricao": "Safra nova", "categoria": "Alimentos",
        "preco": "30",
    });
    let (s, body) = app
        .rpc(
            Some(&token),
            json!({"codigo": "adicionar_anuncio", "telefone": "(19)99999-0000",
                   "iconeurl": jpeg_b64(120, 90), "infos": infos}),
        )
        .await;
    assert_eq!(s, 200, "{body}");
    let ad = body["infos"].clone();
    let icon = ad["icone"].as_str().unwrap().to_owned();
    let (s, photo) = app
        .rpc(
            Some(&token),
            json!({"codigo": "upload_foto_anuncio", "item": ad["id"], "uri": jpeg_b64(200, 300)}),
        )
        .await;
    assert_eq!(s, 200, "{photo}");
    let photo_url = photo["url"].as_str().unwrap().to_owned();
    for url in [&icon, &photo_url] {
        let key = url.strip_prefix("/media/").unwrap();
        assert_eq!(s3.object(key).await.status(), 200, "{key} in the bucket");
        let res = app.get(url).await;
        assert_eq!(res.status(), 200);
        assert_eq!(res.headers()["content-type"], "image/jpeg");
    }
    let (_, mine) = app
        .rpc(Some(&token), json!({"codigo": "pegar_anuncios"}))
        .await;
    let listed = &mine["anuncios"][0];
    let (s, _) = app
        .rpc(
            Some(&token),
            json!({"codigo": "excluir_anuncio", "item": listed, "fotos": listed["fotos"]}),
        )
        .await;
    assert_eq!(s, 200);
    for url in [&icon, &photo_url] {
        assert_eq!(app.get(url).await.status(), 404);
        let key = url.strip_prefix("/media/").unwrap();
        assert_eq!(s3.object(key).await.status(), 404);
    }
}
