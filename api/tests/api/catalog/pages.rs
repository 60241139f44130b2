//! Stores, storefronts, detail pages, supplier data, coupons, and refused regions and categories.

use super::*;
use serde_json::json;

#[tokio::test]
async fn stores_are_sorted_by_sales_and_exclude_hidden_ones() {
    let app = demo_app().await;
    let r = ok(&app, json!({"codigo": "pegar_lojas"})).await;
    let lojas = r["lojas"].as_array().unwrap();
    assert_eq!(lojas.len(), 7, "{r}");
    assert!(lojas.iter().all(|l| l["url"] != "horta-saltinho"));
    let sales: Vec<i64> = lojas
        .iter()
        .map(|l| l["vendasforn"].as_i64().unwrap())
        .collect();
    assert!(sales.windows(2).all(|w| w[0] >= w[1]), "{sales:?}");
    assert_eq!(lojas[0]["url"], "fazenda-serra-verde");
    let keys: BTreeSet<&str> = lojas[0]
        .as_object()
        .unwrap()
        .keys()
        .map(|k| k.as_str())
        .collect();
    assert_eq!(
        keys,
        BTreeSet::from([
            "id",
            "url",
            "nomeforn",
            "iconeforn",
            "vendasforn",
            "avaliacao",
            "cidade",
            "atende"
        ])
    );
    assert_eq!(
        lojas[0]["avaliacao"],
        json!({"media": 0.0, "quantidade": 0})
    );
    // Without a region, nobody is said to serve it; every store has its city.
    assert!(lojas.iter().all(|l| l["atende"].is_null()), "{r}");
    assert_eq!(lojas[0]["cidade"], "São Pedro, SP");
}

#[tokio::test]
async fn stores_serving_the_buyers_region_come_first() {
    let app = demo_app().await;
    let lojas = |regiao: &str| {
        let app = &app;
        let regiao = regiao.to_owned();
        async move {
            let r = ok(app, json!({"codigo": "pegar_lojas", "regiao": regiao})).await;
            r["lojas"]
                .as_array()
                .unwrap()
                .iter()
                .map(|l| {
                    (
                        l["url"].as_str().unwrap().to_owned(),
                        l["atende"].as_bool().unwrap(),
                    )
                })
                .collect::<Vec<_>>()
        }
    };
    // Piracicaba: every store but Viveiro Mudas do Campo (Rio Claro and Limeira only), by sales.
    let pira = lojas(PIRACICABA).await;
    assert_eq!(pira.len(), 7);
    assert_eq!(
        pira.last().unwrap(),
        &("viveiro-mudas-do-campo".to_owned(), false)
    );
    assert!(pira[..6].iter().all(|(_, serves)| *serves), "{pira:?}");
    // Belo Horizonte: the store of all Brazil and the one of SP and MG first, by sales.
    let bh = lojas("Belo Horizonte, MG").await;
    let serving: Vec<&str> = bh.iter().filter(|l| l.1).map(|l| l.0.as_str()).collect();
    assert_eq!(serving, ["fazenda-serra-verde", "emporio-colonial-tupi"]);
    assert!(
        bh[..2].iter().all(|l| l.1) && bh[2..].iter().all(|l| !l.1),
        "{bh:?}"
    );
    let (status, r) = app
        .rpc(
            None,
            json!({"codigo": "pegar_lojas", "regiao": "Atlantis, ZZ"}),
        )
        .await;
    assert_eq!(
        (status, r["error"].as_str()),
        (400, Some("Região inválida."))
    );
}

#[tokio::test]
async fn storefronts_are_not_found_in_maintenance_or_ready() {
    let app = demo_app().await;
    let start = |url: &str| json!({"codigo": "start_site", "urlforn": url});
    assert_eq!(ok(&app, start("nao-existe")).await, json!({"exist": 0}));

    let hidden = ok(&app, start("horta-saltinho")).await;
    assert_eq!(hidden["exist"], 1);
    assert_eq!(hidden["manutencao"], true);
    assert_eq!(hidden["dadosforn"]["nomeforn"], "Horta Orgânica Saltinho");
    assert!(hidden.get("allprods").is_none(), "{hidden}");

    let ready = ok(&app, start("Sitio-Boa-Vista")).await;
    assert_eq!(ready["exist"], 1);
    assert_eq!(ready["infos"]["paleta"], 2);
    let d = &ready["dadosforn"];
    assert_eq!(d["url"], "sitio-boa-vista");
    assert_eq!(d["extensoes"]["delivery"]["taxaPorKm"], 2.5);
    assert_eq!(d["extensoes"]["pagamentos"]["opcoes"], "12");
    assert_eq!(d["extensoes"]["categorias"]["Verduras"], "Verduras");
    for secret in ["cpf", "email", "oculto", "invisivel"] {
        assert!(d.get(secret).is_none(), "{secret} is public");
    }
    assert!(d["extensoes"].get("cupons").is_none());
    let prods = ids(&ready["allprods"]);
    assert_eq!(prods.len(), 9, "{prods:?}");
    assert!(!prods.contains(&"demo-p05".to_owned()));

    // The admin hides a supplier: maintenance, and gone from every listing.
    sqlx::query("UPDATE suppliers SET invisivel = $1 WHERE url = $2")
        .bind(true)
        .bind("sitio-boa-vista")
        .execute(&app.app.db)
        .await
        .unwrap();
    assert_eq!(ok(&app, start("sitio-boa-vista")).await["manutencao"], true);
    let (p, _) = home_ids(&home(&app, PIRACICABA).await);
    assert!(!p.contains(&"demo-p01".to_owned()), "{p:?}");
    let (status, _) = app
        .rpc(
            None,
            json!({"codigo": "pegar_dadosforn", "usuario": "demo-joao"}),
        )
        .await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn detail_pages_and_supplier_data() {
    let app = demo_app().await;
    let product = |id: &str| json!({"codigo": "pegar_produto_url_site", "id": id, "userforn": "x", "categoria": "Alimentos"});
    let r = ok(&app, product("demo-p01")).await;
    assert_eq!(r["item"]["titulo"], "alface crespa hidropônica");
    assert_eq!(r["item"]["dadosforn"]["nomeforn"], "Sítio Boa Vista");
    assert_eq!(r["item"]["estoque"], 40);
    // Disabled by its supplier: its page exists and says so ('Indisponível', decisions.md §26).
    let disabled = ok(&app, product("demo-p05")).await;
    assert_eq!(disabled["item"]["status"], true, "{disabled}");
    // A hidden supplier's product, and none at all: not found.
    for gone in ["demo-p48", "nada"] {
        let (status, body) = app.rpc(None, product(gone)).await;
        assert_eq!(
            (status, body["error"].as_str()),
            (404, Some("Produto não encontrado.")),
            "{gone}"
        );
    }

    let ad = |id: &str| json!({"codigo": "pegar_anuncio_url_site", "id": id, "userforn": "x", "categoria": "x"});
    let r = ok(&app, ad("demo-a02")).await;
    let item = &r["item"];
    assert_eq!(
        (item["anuncio"].clone(), item["idnormal"].clone()),
        (json!(true), json!("demo-a02"))
    );
    assert_eq!(item["preco"], 68000.0);
    assert_eq!(item["locais"], 2);
    assert_eq!(item["cidades"], json!(["MG", "SP"]));
    // The first photo is the icon; `fotos` holds the others.
    assert_eq!(item["fotos"].as_object().unwrap().len(), 2);
    assert!(item["publicado"].as_i64().unwrap() > 1_700_000_000_000);
    assert_eq!(
        ok(&app, ad("demo-a01")).await["item"]["cidades"],
        json!(["ALL"])
    );
    let (status, _) = app.rpc(None, ad("nada")).await;
    assert_eq!(status, 404);

    let r = ok(
        &app,
        json!({"codigo": "pegar_dadosforn", "usuario": "demo-roberto"}),
    )
    .await;
    assert_eq!(r["dadosforn"]["cidades"], json!(["ALL"]));
    assert_eq!(r["dadosforn"]["local"], 1);
    assert!(r["dadosforn"].get("cpf").is_none());
    let (status, body) = app
        .rpc(
            None,
            json!({"codigo": "pegar_dadosforn", "usuario": "demo-tiago"}),
        )
        .await;
    assert_eq!(
        (status, body["error"].as_str()),
        (404, Some("Fornecedor não encontrado."))
    );
}

#[tokio::test]
async fn coupons_are_checked_in_upper_case() {
    let app = demo_app().await;
    let check = |userforn: &str, cupom: &str| json!({"codigo": "validar_cupom", "userforn": userforn, "cupom": cupom});
    let r = ok(&app, check("demo-joao", "bemvindo10")).await;
    // No rules (decisions.md §32): the spec's coupon.
    let plain = |codigo: &str, tipo: &str, valor: f64| {
        json!({"codigo": codigo, "tipo": tipo, "valor": valor, "validade_inicio": null,
               "validade_fim": null, "pedido_minimo": null, "um_por_cliente": false})
    };
    assert_eq!(r, plain("BEMVINDO10", "%", 10.0));
    let r = ok(&app, check("demo-joao", "FRETE5")).await;
    assert_eq!(r, plain("FRETE5", "R$", 5.0));
    for (forn, code) in [
        ("demo-joao", "NADA"),
        ("demo-ana", "BEMVINDO10"),
        ("demo-tiago", "ORGANICO"),
        ("demo-joao", ""),
        ("demo-joao", "UM CODIGO MUITO LONGO"),
    ] {
        let (status, body) = app.rpc(None, check(forn, code)).await;
        assert_eq!(
            (status, body["error"].as_str()),
            (404, Some("Cupom não encontrado!")),
            "{forn} {code}"
        );
    }
}

#[tokio::test]
async fn unknown_regions_and_categories_are_refused() {
    let app = demo_app().await;
    for body in [
        json!({"codigo": "pegar_produtos_anuncios_site", "regiao": "Atlantis, ZZ"}),
        json!({"codigo": "pegar_produtos_anuncios_site", "regiao": "SP"}),
        json!({"codigo": "pegar_produtos_anuncios_site2", "regiao": "piracicaba", "categoria": "Alimentos"}),
        json!({"codigo": "pegar_produtos_anuncios_local", "cidade": "", "categoria": "Alimentos", "nextp": null, "nexta": null}),
        json!({"codigo": "search", "all": "cafe", "cidade": "Nowhere, XX", "categoria": "Alimentos"}),
    ] {
        let (status, res) = app.rpc(None, body.clone()).await;
        assert_eq!(
            (status, res["error"].as_str()),
            (400, Some("Região inválida.")),
            "{body}"
        );
    }
    let (status, res) = app
        .rpc(None, json!({"codigo": "pegar_produtos_anuncios_site2", "regiao": PIRACICABA, "categoria": "Carros"}))
        .await;
    assert_eq!(
        (status, res["error"].as_str()),
        (400, Some("Categoria inválida."))
    );
    // A real municipality with nothing nearby gets the empty home, not an error.
    let far = home(&app, "Oiapoque, AP").await;
    let (p, a) = home_ids(&far);
    assert!(
        p.iter().all(|id| [
            "demo-p19", "demo-p20", "demo-p21", "demo-p22", "demo-p23", "demo-p24", "demo-p25"
        ]
        .contains(&id.as_str())),
        "only scope 1: {p:?}"
    );
    assert!(
        a.iter()
            .all(|id| ["demo-a01", "demo-a07", "demo-a08"].contains(&id.as_str())),
        "{a:?}"
    );
}
