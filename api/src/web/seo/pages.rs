//! The head of each public page ([`super`] routes to them): a product's and an ad's (`Product`
//! with its `Offer`, one per option: decisions.md §39), a store's (`LocalBusiness`), and the not-found page's; each from its own
//! query ([`super::data`]), with its preview picture ([`APP_IMAGE`] when it has none).

use super::{
    absolute, data, encode_component,
    head::{Head, summary},
};
use crate::{domain::options as opts, state::AppState};
use serde_json::json;
use wasm_core::{money::Money, options::Listed};

/// The title as shown: its first letter in upper case (titles are stored lower-cased).
fn capitalised(title: &str) -> String {
    let mut chars = title.trim().chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// `32.50`: a price as schema.org and Open Graph write it.
fn decimal(centavos: i64) -> String {
    format!("{}.{:02}", centavos / 100, (centavos % 100).abs())
}

pub(super) fn not_found_head() -> Head {
    Head {
        title: "Página não encontrada | Feira".into(),
        description: "Esta página não existe ou não está mais disponível na Feira.".into(),
        og_type: "website",
        noindex: true,
        ..Head::default()
    }
}

/// The app's own icon: what a page without a picture of its own is previewed with.
pub const APP_IMAGE: &str = "/icons/icon-512.png";

/// A page's preview image (`og:image`), absolute: the first of `pictures` it has (its own photo,
/// then its store's icon), else [`APP_IMAGE`], so a shared link always shows a picture.
fn preview_image(base: &str, pictures: &[Option<&str>]) -> String {
    let chosen = pictures
        .iter()
        .flatten()
        .map(|p| p.trim())
        .find(|p| !p.is_empty())
        .unwrap_or(APP_IMAGE);
    absolute(base, chosen)
}

/// A product's page: `None` when it is not public.
pub(super) async fn product_head(
    state: &AppState,
    base: &str,
    id: &str,
) -> sqlx::Result<Option<Head>> {
    let Some(p) = data::product(&state.db, id).await? else {
        return Ok(None);
    };
    if p.fora != 0 {
        return Ok(None);
    }
    let url = format!(
        "{base}/detalhes/{}/{}/{}?type=forn",
        encode_component(&p.categoria),
        encode_component(&p.id),
        encode_component(&p.supplier_id)
    );
    let title = capitalised(&p.titulo);
    let price = Money::from_centavos(p.preco_centavos).format();
    let about = p.descricao.as_deref().map(|d| summary(d, 180));
    let description = match &about {
        Some(d) if !d.is_empty() => format!("{price} em {}. {d}", p.nomeforn),
        _ => format!("{title} por {price} em {}.", p.nomeforn),
    };
    let image = Some(preview_image(
        base,
        &[p.icone.as_deref(), p.iconeforn.as_deref()],
    ));
    let options = opts::parse(&p.opcoes);
    let listed = Listed {
        titulo: &p.titulo,
        terms: opts::terms(
            p.preco_centavos,
            p.preco_promo_centavos,
            p.minimo_promo,
            p.minimo,
            p.estoque,
        ),
        options: &options,
    };
    let availability = |sold_out: bool| {
        if sold_out {
            "https://schema.org/OutOfStock"
        } else {
            "https://schema.org/InStock"
        }
    };
    let mut seller = json!({"@type": "Organization", "name": p.nomeforn});
    if let Some(store) = &p.url {
        seller["url"] = json!(format!("{base}/{}", encode_component(store)));
    }
    // One Offer per option (decisions.md §39), each at its own price and availability; a
    // product without options has one.
    let offers = if options.is_empty() {
        json!({
            "@type": "Offer",
            "url": url,
            "price": decimal(p.preco_centavos),
            "priceCurrency": "BRL",
            "availability": availability(listed.sold_out()),
            "seller": seller,
        })
    } else {
        options
            .iter()
            .map(|o| {
                json!({
                    "@type": "Offer",
                    "name": o.label,
                    "url": url,
                    "price": decimal(o.terms(&listed.terms).price.price.centavos()),
                    "priceCurrency": "BRL",
                    "availability": availability(listed.option_sold_out(o)),
                    "seller": seller,
                })
            })
            .collect()
    };
    let ld = json!({
        "@context": "https://schema.org",
        "@type": "Product",
        "name": title,
        "description": about.clone().unwrap_or_else(|| title.clone()),
        "sku": p.id,
        "category": p.categoria,
        "url": url,
        "image": image.iter().collect::<Vec<_>>(),
        "offers": offers,
    });
    Ok(Some(Head {
        title: format!("{title} | {}", p.nomeforn),
        description,
        canonical: Some(url),
        og_type: "product",
        image,
        price: Some(decimal(p.preco_centavos)),
        json_ld: Some(ld),
        noindex: false,
    }))
}

/// An ad's page: `None` when there is no such ad.
pub(super) async fn ad_head(state: &AppState, base: &str, id: &str) -> sqlx::Result<Option<Head>> {
    let Some(a) = data::ad(&state.db, id).await? else {
        return Ok(None);
    };
    let url = format!(
        "{base}/detalhes/{}/{}/{}",
        encode_component(&a.categoria),
        encode_component(&a.id),
        encode_component(&a.user_id)
    );
    let title = capitalised(&a.titulo);
    let price = Money::from_centavos(a.preco_centavos).format();
    let about = a.descricao.as_deref().map(|d| summary(d, 180));
    let description = match &about {
        Some(d) if !d.is_empty() => format!("{price} em {}. {d}", a.origem),
        _ => format!("{title} por {price} em {}.", a.origem),
    };
    let image = Some(preview_image(base, &[a.icone.as_deref()]));
    let ld = json!({
        "@context": "https://schema.org",
        "@type": "Product",
        "name": title,
        "description": about.clone().unwrap_or_else(|| title.clone()),
        "sku": a.id,
        "category": a.categoria,
        "url": url,
        "image": image.iter().collect::<Vec<_>>(),
        "offers": {
            "@type": "Offer",
            "url": url,
            "price": decimal(a.preco_centavos),
            "priceCurrency": "BRL",
            "availability": "https://schema.org/InStock",
            "seller": {"@type": "Person", "name": a.nome},
        },
    });
    Ok(Some(Head {
        title: format!("{title} | Feira"),
        description,
        canonical: Some(url),
        og_type: "product",
        image,
        price: Some(decimal(a.preco_centavos)),
        json_ld: Some(ld),
        noindex: false,
    }))
}

/// A store's page: `None` when there is no such store, or it is hidden.
pub(super) async fn store_head(
    state: &AppState,
    base: &str,
    url: &str,
) -> sqlx::Result<Option<Head>> {
    let Some(s) = data::store(&state.db, url).await? else {
        return Ok(None);
    };
    if s.oculto != 0 {
        return Ok(None);
    }
    let address = format!("{base}/{}", encode_component(&s.url));
    let place = s.cidade.as_deref().and_then(|c| c.rsplit_once(", "));
    let where_ = place
        .map(|(city, uf)| format!(" em {city}, {uf}"))
        .unwrap_or_default();
    let about = s
        .descricaoforn
        .as_deref()
        .map(|d| summary(d, 180))
        .filter(|d| !d.is_empty());
    let description = match &about {
        Some(d) => d.clone(),
        None => format!(
            "{}{where_}: {} produtos na Feira, direto de quem produz.",
            s.nomeforn, s.produtos
        ),
    };
    let image = Some(preview_image(
        base,
        &[s.iconeforn.as_deref(), s.fundoforn.as_deref()],
    ));
    let mut ld = json!({
        "@context": "https://schema.org",
        "@type": if place.is_some() { "LocalBusiness" } else { "Organization" },
        "name": s.nomeforn,
        "description": description,
        "url": address,
        "telephone": s.telefone,
    });
    if let Some(img) = &image {
        ld["image"] = json!(img);
    }
    if let Some((city, uf)) = place {
        ld["address"] = json!({
            "@type": "PostalAddress",
            "addressLocality": city,
            "addressRegion": uf,
            "addressCountry": "BR",
        });
    }
    Ok(Some(Head {
        title: format!("{}{where_} | Feira", s.nomeforn),
        description,
        canonical: Some(address),
        og_type: "website",
        image,
        price: None,
        json_ld: Some(ld),
        noindex: false,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prices_and_titles_as_the_page_writes_them() {
        assert_eq!(decimal(3250), "32.50");
        assert_eq!(decimal(5), "0.05");
        assert_eq!(capitalised("café especial"), "Café especial");
    }
}
