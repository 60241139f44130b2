//! The generated catalogue: suppliers over the three scopes, their products and photos, and ads,
//! written with batched inserts.

use super::Options;
use feira_api::db;
use wasm_core::places::{STATES, parse_municipalities_csv};

pub(crate) const CATEGORIES: [&str; 4] = [
    "Alimentos",
    "Produtos, Coprodutos, Subprodutos",
    "Sementes e Mudas",
    "Variedades",
];
const WORDS: [&str; 24] = [
    "alface",
    "tomate",
    "café",
    "mel",
    "queijo",
    "doce",
    "muda",
    "semente",
    "esterco",
    "húmus",
    "laranja",
    "limão",
    "feijão",
    "milho",
    "mandioca",
    "ovos",
    "cachaça",
    "rapadura",
    "banana",
    "cesta",
    "lenha",
    "palha",
    "orgânico",
    "caseiro",
];

/// The word the search bench's rare query looks for: in the title of one product in
/// [`RARE_EVERY`] (20 of the 100,000), a handful of them in the bench's region.
pub(crate) const RARE_WORD: &str = "jenipapo";
const RARE_EVERY: usize = 5_000;

/// A product's title: two of [`WORDS`] and its number (each word in about 8 % of the titles),
/// and [`RARE_WORD`] in one of [`RARE_EVERY`].
fn title(rng: &mut Rng, i: usize) -> String {
    let (a, b) = (rng.pick(&WORDS), rng.pick(&WORDS));
    if i % RARE_EVERY == RARE_EVERY / 2 {
        format!("{a} de {RARE_WORD} {i}")
    } else {
        format!("{a} {b} {i}")
    }
}

/// A small deterministic generator (SplitMix64): the same data on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// A value of a generated row.
enum V {
    T(String),
    I(i64),
    N,
    B(bool),
}

/// Inserts `rows` into `table` a few hundred at a time.
async fn insert(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    table: &str,
    cols: &[&str],
    rows: Vec<Vec<V>>,
) -> anyhow::Result<()> {
    // Few parameters per statement: sqlx looks each one up by name, in time linear in their count.
    let per = (400 / cols.len()).max(1);
    for chunk in rows.chunks(per) {
        let mut n = 0;
        let values: Vec<String> = chunk
            .iter()
            .map(|_| {
                let ps: Vec<String> = cols
                    .iter()
                    .map(|_| {
                        n += 1;
                        format!("${n}")
                    })
                    .collect();
                format!("({})", ps.join(","))
            })
            .collect();
        let sql = format!(
            "INSERT INTO {table} ({}) VALUES {}",
            cols.join(","),
            values.join(",")
        );
        let mut q = sqlx::query(sqlx::AssertSqlSafe(sql));
        for row in chunk {
            for v in row {
                q = match v {
                    V::T(s) => q.bind(s.clone()),
                    V::I(i) => q.bind(*i),
                    V::N => q.bind(None::<i64>),
                    V::B(b) => q.bind(*b),
                };
            }
        }
        q.execute(&mut **tx).await?;
    }
    Ok(())
}

/// Fills the database with the generated catalogue, in one transaction.
pub(crate) async fn generate(db: &db::Db, o: &Options) -> anyhow::Result<()> {
    let mut rng = Rng(20_251_121);
    let cities: Vec<String> =
        parse_municipalities_csv(include_str!("../../../seeds/municipios.csv"))?
            .iter()
            .map(|m| m.label())
            .collect();
    let now = 1_763_700_000_000_i64;
    let mut tx = db.begin().await?;
    let (mut users, mut suppliers, mut places) = (Vec::new(), Vec::new(), Vec::new());
    for i in 0..o.suppliers {
        let id = format!("u{i:05}");
        users.push(vec![
            V::T(id.clone()),
            V::T(format!("{id}@bench.test")),
            V::T(format!("Pessoa {i}")),
            V::I(now),
        ]);
        // 20 % all Brazil, 30 % some states, 50 % some cities; Piracicaba in 1 of 10 city lists.
        let local = match rng.below(10) {
            0 | 1 => 1,
            2..=4 => 2,
            _ => 3,
        };
        let mut mine: Vec<String> = match local {
            2 => (0..1 + rng.below(3))
                .map(|_| (*rng.pick(&STATES)).to_owned())
                .collect(),
            3 => (0..1 + rng.below(6))
                .map(|_| rng.pick(&cities).clone())
                .collect(),
            _ => Vec::new(),
        };
        if local == 3 && rng.chance(10) {
            mine.push(o.region.clone());
        }
        mine.sort();
        mine.dedup();
        places.extend(mine.into_iter().map(|p| vec![V::T(id.clone()), V::T(p)]));
        suppliers.push(vec![
            V::T(id.clone()),
            V::T(format!("Fornecedor {i}")),
            V::T("(19)99999-0000".into()),
            V::T("00000000000".into()),
            V::T(format!("{id}@bench.test")),
            V::T(format!("loja-{i}")),
            V::I(1 + rng.below(5) as i64),
            V::B(rng.chance(3)),
            V::B(rng.chance(2)),
            V::I(local),
            V::I(rng.below(1_000) as i64),
            V::I(now),
        ]);
    }
    insert(
        &mut tx,
        "users",
        &["id", "email", "nome", "criado_em"],
        users,
    )
    .await?;
    let cols = [
        "user_id",
        "nomeforn",
        "telefone",
        "documento",
        "email",
        "url",
        "paleta",
        "oculto",
        "invisivel",
        "local",
        "vendasforn",
        "criado_em",
    ];
    insert(&mut tx, "suppliers", &cols, suppliers).await?;
    insert(
        &mut tx,
        "supplier_places",
        &["supplier_id", "place"],
        places,
    )
    .await?;

    let (mut products, mut photos) = (Vec::new(), Vec::new());
    for i in 0..o.products {
        let id = format!("p{i:06}");
        let categoria = CATEGORIES[[0, 0, 1, 2, 3][rng.below(5)]];
        let preco = 100 + rng.below(20_000) as i64;
        let promo = rng.chance(20).then(|| preco * 9 / 10);
        products.push(vec![
            V::T(id.clone()),
            V::T(format!("u{:05}", rng.below(o.suppliers))),
            V::T(categoria.into()),
            V::T(title(&mut rng, i)),
            V::T("Produto gerado para o benchmark.".into()),
            V::T(format!("/media/produtos/{id}/icone.jpg")),
            V::I(preco),
            promo.map_or(V::N, V::I),
            if promo.is_some() { V::I(3) } else { V::N },
            V::T("[\"Unidade\",\"Caixa\"]".into()),
            V::B(rng.chance(3)),
            V::I(rng.below(500) as i64),
            V::I(now - rng.below(365 * 86_400) as i64 * 1_000),
        ]);
        for n in 0..rng.below(3) {
            photos.push(vec![
                V::T(format!("{id}f{n}")),
                V::T(id.clone()),
                V::T(format!("/media/produtos/{id}/{n}.jpg")),
                V::I(now + n as i64),
            ]);
        }
    }
    let cols = [
        "id",
        "supplier_id",
        "categoria",
        "titulo",
        "descricao",
        "icone",
        "preco_centavos",
        "preco_promo_centavos",
        "minimo_promo",
        "opcoes",
        "desabilitado",
        "vendas",
        "criado_em",
    ];
    insert(&mut tx, "products", &cols, products).await?;
    let cols = ["id", "product_id", "url", "criado_em"];
    insert(&mut tx, "product_photos", &cols, photos).await?;

    let (mut ads, mut ad_places) = (Vec::new(), Vec::new());
    for i in 0..o.ads {
        let id = format!("a{i:06}");
        let local = match rng.below(10) {
            0 => 1,
            1..=3 => 2,
            _ => 3,
        };
        let mut mine: Vec<String> = match local {
            2 => (0..1 + rng.below(3))
                .map(|_| (*rng.pick(&STATES)).to_owned())
                .collect(),
            3 => (0..1 + rng.below(4))
                .map(|_| rng.pick(&cities).clone())
                .collect(),
            _ => Vec::new(),
        };
        if local == 3 && rng.chance(10) {
            mine.push(o.region.clone());
        }
        mine.sort();
        mine.dedup();
        ad_places.extend(mine.into_iter().map(|p| vec![V::T(id.clone()), V::T(p)]));
        ads.push(vec![
            V::T(id.clone()),
            V::T(format!("u{:05}", rng.below(o.suppliers))),
            V::T(CATEGORIES[rng.below(4)].into()),
            V::T(format!("{} {} {i}", rng.pick(&WORDS), rng.pick(&WORDS))),
            V::I(1_000 + rng.below(100_000) as i64),
            V::T(rng.pick(&cities).clone()),
            V::I(local),
            V::T(format!("Anunciante {i}")),
            V::T("(19)98888-0000".into()),
            V::I(now - rng.below(365 * 86_400) as i64 * 1_000),
        ]);
    }
    let cols = [
        "id",
        "user_id",
        "categoria",
        "titulo",
        "preco_centavos",
        "origem",
        "local",
        "nome",
        "telefone",
        "publicado_em",
    ];
    insert(&mut tx, "ads", &cols, ads).await?;
    insert(&mut tx, "ad_places", &["ad_id", "place"], ad_places).await?;
    tx.commit().await?;
    Ok(())
}
