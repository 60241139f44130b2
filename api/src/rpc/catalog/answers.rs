//! The catalogue's answers (docs/rpc.md, "The buyer journey's shapes"), typed: the home's
//! sections, a category's pages, search results, the store list, a storefront (missing, in
//! maintenance or ready; the admin's view adds `oculto`), the product and ad pages, a
//! supplier's public data and a coupon. Products, ads and `dadosforn` are the shapes of
//! [`crate::rpc::shapes`], defined once.

use crate::rpc::{
    fields::Reais,
    shapes::{Ad, Product, PublicSupplier},
};
use serde::Serialize;
use std::collections::BTreeMap;
use utoipa::{
    PartialSchema, ToSchema,
    openapi::{ObjectBuilder, RefOr, Schema, Type},
};

/// `pegar_produtos_anuncios_site`'s answer: per category with something, its best-selling
/// products and newest ads.
#[derive(Debug, Serialize, ToSchema)]
pub struct Home {
    /// The categories with something, in the spec's order.
    #[serde(rename = "categorias")]
    pub categories: Vec<String>,
    /// By category.
    #[serde(rename = "produtos")]
    pub products: BTreeMap<String, Vec<Product>>,
    /// By category.
    #[serde(rename = "anuncios")]
    pub ads: BTreeMap<String, Vec<Ad>>,
}

/// `pegar_produtos_anuncios_site2`'s answer: a category's first page and the cursors of the
/// next (null: that list is done).
#[derive(Debug, Serialize, ToSchema)]
pub struct FirstCategoryPage {
    #[serde(rename = "produtos")]
    pub products: Vec<Product>,
    #[serde(rename = "anuncios")]
    pub ads: Vec<Ad>,
    #[serde(rename = "produtos_lastIds")]
    pub next_products: Option<String>,
    #[serde(rename = "anuncios_lastIds")]
    pub next_ads: Option<String>,
}

/// `pegar_produtos_anuncios_local`'s answer: the pages after the cursors, and the next ones.
#[derive(Debug, Serialize, ToSchema)]
pub struct LaterCategoryPage {
    #[serde(rename = "produtos")]
    pub products: Vec<Product>,
    #[serde(rename = "anuncios")]
    pub ads: Vec<Ad>,
    /// The products' next cursor (null: done).
    pub nextp: Option<String>,
    /// The ads' next cursor (null: done).
    pub nexta: Option<String>,
}

/// `search`'s answer: a page of each list (docs/search.md).
#[derive(Debug, Default, Serialize, ToSchema)]
pub struct SearchResults {
    /// Title matches first, then by sales.
    #[serde(rename = "produtos")]
    pub products: Vec<Product>,
    /// Title matches first, then newest first (none in a store's search).
    #[serde(rename = "anuncios")]
    pub ads: Vec<Ad>,
    /// The products' next page (null: done, or not asked).
    #[serde(rename = "nextp")]
    pub next_products: Option<String>,
    /// The ads' next page (null: done, or not asked).
    #[serde(rename = "nexta")]
    pub next_ads: Option<String>,
    /// On the first page: the matches of each category with any (in the spec's order),
    /// whatever `categoria` filters; null on later pages.
    #[serde(rename = "categorias")]
    pub counts: Option<Vec<CategoryCount>>,
    /// True when the products or the ads matched more than 1,000: the counts are then of their
    /// first 1,001 matches (each a lower bound; the webapp says 'mais de 1.000'), the results
    /// themselves are whole. Absent otherwise (and on later pages).
    #[serde(rename = "contagemparcial", skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub counts_partial: Option<bool>,
    /// The words looked for, as the index holds them (`wasm_core::text::query_words`): the
    /// browser may mark them in what it shows. Empty: nothing to look for.
    #[serde(rename = "palavras")]
    pub words: Vec<String>,
    /// When the words typed found little and the closest words of the index found more: the
    /// query with them ('queijo' for 'quejo'), which these results are for ('Você quis dizer
    /// …?'); later pages are asked with it. Absent otherwise.
    #[serde(rename = "sugestao", skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub suggestion: Option<String>,
}

/// How many matches a category has in a search.
#[derive(Debug, Serialize, ToSchema)]
pub struct CategoryCount {
    #[serde(rename = "categoria")]
    pub category: String,
    #[serde(rename = "produtos")]
    pub products: i64,
    #[serde(rename = "anuncios")]
    pub ads: i64,
}

/// A store in `pegar_lojas`.
#[derive(Debug, Serialize, ToSchema)]
pub struct StoreCard {
    /// The supplier's user id.
    pub id: String,
    pub url: String,
    #[serde(rename = "nomeforn")]
    pub name: String,
    #[serde(rename = "iconeforn")]
    pub icon: Option<String>,
    #[serde(rename = "vendasforn")]
    pub sales: i64,
    /// Its buyers' reviews: the average note and how many (decisions.md §33).
    #[serde(rename = "avaliacao")]
    pub rating: crate::rpc::shapes::Rating,
    /// The store's city, 'City, UF' (its delivery start's, else its owner's); null when unknown.
    #[serde(rename = "cidade")]
    pub city: Option<String>,
    /// Whether it serves the asked region (decisions.md §11); null when no region was asked.
    #[serde(rename = "atende")]
    pub serves: Option<bool>,
}

/// `pegar_lojas`'s answer: visible stores with a URL; those serving the asked region first,
/// then best sellers first.
#[derive(Debug, Serialize, ToSchema)]
pub struct Stores {
    #[serde(rename = "lojas")]
    pub stores: Vec<StoreCard>,
}

/// `exist`: 0 (no such store) or 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Exists<const N: u8>;

impl<const N: u8> Serialize for Exists<N> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(N)
    }
}

impl<const N: u8> PartialSchema for Exists<N> {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::Integer)
            .enum_values(Some([N]))
            .into()
    }
}

impl<const N: u8> ToSchema for Exists<N> {
    fn name() -> std::borrow::Cow<'static, str> {
        format!("Exists{N}").into()
    }
}

/// A storefront's palette (`infos`).
#[derive(Debug, Serialize, ToSchema)]
pub struct StoreLook {
    /// 1–5.
    #[serde(rename = "paleta")]
    pub palette: i64,
}

/// A hidden supplier's storefront shows only its name and icon.
#[derive(Debug, Serialize, ToSchema)]
pub struct MaintenanceSupplier {
    #[serde(rename = "nomeforn")]
    pub name: String,
    #[serde(rename = "iconeforn")]
    pub icon: Option<String>,
}

/// A ready storefront: its palette, the supplier's public data and every enabled product, best
/// sellers first.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReadyStore {
    pub exist: Exists<1>,
    pub infos: StoreLook,
    pub dadosforn: PublicSupplier,
    /// Every enabled product, best sellers first.
    #[serde(rename = "allprods")]
    pub products: Vec<Product>,
}

/// `start_site`'s answer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum Storefront {
    /// No store at that URL: `{exist: 0}`.
    Missing {
        exist: Exists<0>,
    },
    /// The supplier is hidden: `{exist: 1, manutencao: true, dadosforn: {nomeforn, iconeforn}}`.
    Maintenance {
        exist: Exists<1>,
        manutencao: crate::rpc::shapes::True,
        dadosforn: MaintenanceSupplier,
    },
    Ready(Box<ReadyStore>),
}

/// The admin's view of a supplier's data: the public one and whether it is hidden.
#[derive(Debug, Serialize, ToSchema)]
pub struct AdminStoreSupplier {
    #[serde(flatten)]
    pub public: PublicSupplier,
    /// Hidden, by the supplier itself or by the administrator.
    #[serde(rename = "oculto")]
    pub hidden: bool,
}

/// The admin's view of a storefront, ready even when the supplier is hidden.
#[derive(Debug, Serialize, ToSchema)]
pub struct AdminReadyStore {
    pub exist: Exists<1>,
    pub infos: StoreLook,
    pub dadosforn: AdminStoreSupplier,
    #[serde(rename = "allprods")]
    pub products: Vec<Product>,
    /// Every product of the store for the admin's moderation: disabled and hidden ones too.
    #[serde(rename = "moderacao_produtos")]
    pub moderation: Vec<ModeratedProduct>,
}

/// A product of a store as the admin's moderation lists it.
#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct ModeratedProduct {
    pub id: String,
    pub titulo: String,
    pub categoria: String,
    pub icone: Option<String>,
    /// Disabled (by the store, or while the moderation hides it).
    #[sqlx(try_from = "i64")]
    pub desabilitado: Flag,
    /// Why the moderation hid it; null when it did not.
    pub moderacao: Option<String>,
}

/// A database 0/1 read as a JSON boolean.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(transparent)]
pub struct Flag(pub bool);

impl From<i64> for Flag {
    fn from(v: i64) -> Self {
        Flag(v != 0)
    }
}

/// `start_site_admin`'s answer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum AdminStorefrontView {
    /// No supplier with that URL or id: `{exist: 0}`.
    Missing {
        exist: Exists<0>,
    },
    Ready(Box<AdminReadyStore>),
}

/// A product's page: the product and its supplier's public data.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProductPage {
    #[serde(flatten)]
    pub product: Product,
    pub dadosforn: PublicSupplier,
}

/// `pegar_produto_url_site`'s answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProductDetail {
    pub item: ProductPage,
}

/// `pegar_anuncio_url_site`'s answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct AdDetail {
    pub item: Ad,
}

/// `pegar_dadosforn`'s answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct SupplierData {
    pub dadosforn: PublicSupplier,
}

/// `validar_cupom`'s answer: the coupon, its code upper-cased, and the rules the checkout
/// checks again as the bag changes (decisions.md §32).
#[derive(Debug, Serialize, ToSchema)]
pub struct CouponCheck {
    pub codigo: String,
    /// `%` or `R$`.
    pub tipo: String,
    /// In percent or reais, by `tipo`.
    pub valor: Reais,
    /// The first day it is valid (`AAAA-MM-DD`, Brasília time).
    pub validade_inicio: Option<String>,
    /// The last day it is valid.
    pub validade_fim: Option<String>,
    /// The smallest products total it applies to, in reais.
    pub pedido_minimo: Option<Reais>,
    /// Each buyer may use it once.
    pub um_por_cliente: bool,
}
