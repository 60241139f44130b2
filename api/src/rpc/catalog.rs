//! The public catalogue: the home's sections, a category's pages, search,
//! the store list, storefronts, product and ad pages, a supplier's public data and coupon checks.
//!
//! Everything is scoped by region (decisions.md §11) and hides hidden suppliers (`oculto`,
//! `invisivel`) and disabled products. Pages are newest first with opaque keyset cursors (the
//! last item's time and id, [`super::paging`]), so a walk sees every item once even while sales
//! change; the home shows best sellers. This file has the region listings; [`stores`] the stores, storefronts,
//! detail pages and coupons; [`search`] the full-text search; the SQL is in [`queries`] (rows in
//! [`rows`], batched photo and place lookups in [`lookups`]), the answers in [`answers`] (of the
//! shapes in [`crate::rpc::shapes`]).

pub mod answers;
mod lookups;
mod queries;
pub(crate) mod rows;
pub mod search;
pub mod stores;

pub use lookups::{AD_EXTRAS, BATCH, PRODUCT_PHOTOS};
pub use queries::{ADS_HOME, ADS_PAGE, PRODUCTS_HOME, PRODUCTS_PAGE};
pub use search::{Search, search};

use super::{
    paging::{self, After},
    shapes::{Ad, Product},
};
use crate::{
    error::{ApiError, ApiResult},
    places::Places,
    state::AppState,
};
use answers::{FirstCategoryPage, Home, LaterCategoryPage};
use rows::{AdRow, Listed, ProductRow};
use serde::Deserialize;
use sqlx::AnyConnection;
use std::collections::BTreeMap;
use wasm_core::forms::Category;

/// Items per category on the home.
pub const HOME_SIZE: i64 = 8;
/// Items per page of a category.
pub const PAGE_SIZE: i64 = 12;

const REGIAO_INVALIDA: &str = "Região inválida.";
const CATEGORIA_INVALIDA: &str = "Categoria inválida.";
use paging::CURSOR_INVALIDO;

/// `pegar_produtos_anuncios_site`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct HomeListing {
    pub regiao: String,
}

/// `pegar_produtos_anuncios_site2`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct FirstPage {
    pub regiao: String,
    pub categoria: String,
}

/// `pegar_produtos_anuncios_local`: `null` cursors mean that list is done.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct NextPage {
    pub cidade: String,
    pub categoria: String,
    #[serde(default)]
    pub nextp: Option<String>,
    #[serde(default)]
    pub nexta: Option<String>,
}

/// A region picked by the buyer: an IBGE municipality and its state.
struct Region {
    label: String,
    uf: String,
}

fn region(input: &str) -> ApiResult<Region> {
    let m = Places::get()
        .find(input.trim())
        .ok_or_else(|| ApiError::bad_request(REGIAO_INVALIDA))?;
    Ok(Region {
        label: m.label(),
        uf: m.uf.clone(),
    })
}

fn category(input: &str) -> ApiResult<&'static str> {
    Category::parse(input)
        .map(Category::label)
        .map_err(|_| ApiError::bad_request(CATEGORIA_INVALIDA))
}

/// Where a page starts: after the item of this time and id.
type Cursor = After<i64>;

/// Before every item.
fn start() -> Cursor {
    paging::newest()
}

fn encode_cursor(time: i64, id: &str) -> String {
    paging::encode(&time, id)
}

fn decode_cursor(cursor: &str) -> ApiResult<Cursor> {
    paging::decode(cursor)
}

/// Listed products in their shape. Public products are never disabled (`status` false).
fn products_of(list: &[Listed<ProductRow>]) -> Vec<Product> {
    list.iter()
        .map(|l| Product::new(&l.item, &l.photos, false))
        .collect()
}

/// Keeps the first [`PAGE_SIZE`] of `rows` (fetched with one extra to tell whether more follow)
/// and gives the next page's cursor, from the last row kept, when more do.
fn trim_page<T>(rows: &mut Vec<T>, cursor: impl Fn(&T) -> String) -> Option<String> {
    paging::trim(rows, PAGE_SIZE, cursor)
}

/// One page of products after `after`, and the cursor of the next (None when done).
async fn products_page(
    conn: &mut AnyConnection,
    r: &Region,
    categoria: &str,
    after: Cursor,
) -> ApiResult<(Vec<Product>, Option<String>)> {
    let mut rows: Vec<ProductRow> = sqlx::query_as(PRODUCTS_PAGE)
        .bind(&r.label)
        .bind(&r.uf)
        .bind(false)
        .bind(categoria)
        .bind(after.0)
        .bind(after.1)
        .bind(paging::fetch(PAGE_SIZE))
        .fetch_all(&mut *conn)
        .await?;
    let next = trim_page(&mut rows, |p| encode_cursor(p.criado_em, &p.id));
    let list = lookups::products(conn, rows, lookups::by_time).await?;
    Ok((products_of(&list), next))
}

/// One page of ads after `after`, and the cursor of the next (None when done).
async fn ads_page(
    conn: &mut AnyConnection,
    r: &Region,
    categoria: &str,
    after: Cursor,
) -> ApiResult<(Vec<Ad>, Option<String>)> {
    let mut rows: Vec<AdRow> = sqlx::query_as(ADS_PAGE)
        .bind(&r.label)
        .bind(&r.uf)
        .bind(categoria)
        .bind(after.0)
        .bind(after.1)
        .bind(paging::fetch(PAGE_SIZE))
        .fetch_all(&mut *conn)
        .await?;
    let next = trim_page(&mut rows, |a| encode_cursor(a.publicado_em, &a.id));
    let list = lookups::ads(conn, rows).await?;
    Ok((ads_of(&list), next))
}

/// `pegar_produtos_anuncios_site`: per category, the 8 best-selling products and the 8 newest
/// ads of the region; `categorias` lists the categories with something, in the spec's order.
pub async fn home(state: &AppState, req: HomeListing) -> ApiResult<Home> {
    let r = region(&req.regiao)?;
    let [c0, c1, c2, c3] = Category::ALL.map(Category::label);
    let mut conn = state.db.acquire().await?;
    let products: Vec<ProductRow> = sqlx::query_as(PRODUCTS_HOME)
        .bind(&r.label)
        .bind(&r.uf)
        .bind(false)
        .bind(c0)
        .bind(c1)
        .bind(c2)
        .bind(c3)
        .bind(HOME_SIZE)
        .fetch_all(&mut *conn)
        .await?;
    let ads: Vec<AdRow> = sqlx::query_as(ADS_HOME)
        .bind(&r.label)
        .bind(&r.uf)
        .bind(c0)
        .bind(c1)
        .bind(c2)
        .bind(c3)
        .bind(HOME_SIZE)
        .fetch_all(&mut *conn)
        .await?;
    let products = products_of(&lookups::products(&mut conn, products, lookups::by_sales).await?);
    let ads = ads_of(&lookups::ads(&mut conn, ads).await?);
    drop(conn);
    let mut home = Home {
        categories: Vec::new(),
        products: BTreeMap::new(),
        ads: BTreeMap::new(),
    };
    for c in Category::ALL.map(Category::label) {
        // Sorted overall, so each category keeps its own order.
        let p: Vec<Product> = products
            .iter()
            .filter(|p| p.category == c)
            .cloned()
            .collect();
        let a: Vec<Ad> = ads.iter().filter(|a| a.category == c).cloned().collect();
        if p.is_empty() && a.is_empty() {
            continue;
        }
        home.categories.push(c.to_owned());
        home.products.insert(c.to_owned(), p);
        home.ads.insert(c.to_owned(), a);
    }
    Ok(home)
}

/// `pegar_produtos_anuncios_site2`: the first page of a category in a region.
pub async fn first_page(state: &AppState, req: FirstPage) -> ApiResult<FirstCategoryPage> {
    let r = region(&req.regiao)?;
    let categoria = category(&req.categoria)?;
    let mut conn = state.db.acquire().await?;
    let (produtos, nextp) = products_page(&mut conn, &r, categoria, start()).await?;
    let (anuncios, nexta) = ads_page(&mut conn, &r, categoria, start()).await?;
    Ok(FirstCategoryPage {
        products: produtos,
        ads: anuncios,
        next_products: nextp,
        next_ads: nexta,
    })
}

/// `pegar_produtos_anuncios_local`: the page after the cursors; a `null` cursor gives an empty
/// list, so the walk ends with an empty page.
pub async fn next_page(state: &AppState, req: NextPage) -> ApiResult<LaterCategoryPage> {
    let r = region(&req.cidade)?;
    let categoria = category(&req.categoria)?;
    let nextp = req.nextp.as_deref().map(decode_cursor).transpose()?;
    let nexta = req.nexta.as_deref().map(decode_cursor).transpose()?;
    let mut conn = state.db.acquire().await?;
    let (produtos, nextp) = match nextp {
        Some(after) => products_page(&mut conn, &r, categoria, after).await?,
        None => (Vec::new(), None),
    };
    let (anuncios, nexta) = match nexta {
        Some(after) => ads_page(&mut conn, &r, categoria, after).await?,
        None => (Vec::new(), None),
    };
    Ok(LaterCategoryPage {
        products: produtos,
        ads: anuncios,
        nextp,
        nexta,
    })
}

/// Listed ads in their shape.
fn ads_of(list: &[Listed<AdRow>]) -> Vec<Ad> {
    list.iter()
        .map(|l| Ad::new(&l.item, &l.photos, &l.places))
        .collect()
}

/// The ads of `user`, every scope, newest first (the ad owner's actions).
pub async fn ads_of_user(conn: &mut AnyConnection, user: &str) -> sqlx::Result<Vec<Ad>> {
    let rows: Vec<AdRow> = sqlx::query_as(queries::ADS_BY_USER)
        .bind(user)
        .fetch_all(&mut *conn)
        .await?;
    Ok(ads_of(&lookups::ads(conn, rows).await?))
}

/// One ad by id (the ad owner's actions).
pub async fn ad_by_id(conn: &mut AnyConnection, id: &str) -> sqlx::Result<Option<Ad>> {
    let rows: Vec<AdRow> = sqlx::query_as(queries::AD_BY_ID)
        .bind(id)
        .fetch_all(&mut *conn)
        .await?;
    Ok(ads_of(&lookups::ads(conn, rows).await?).pop())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regions_are_ibge_municipalities() {
        let r = region(" Piracicaba, SP ").unwrap();
        assert_eq!((r.label.as_str(), r.uf.as_str()), ("Piracicaba, SP", "SP"));
        assert!(region("SP").is_err());
        assert!(region("Atlantis, ZZ").is_err());
    }
}
