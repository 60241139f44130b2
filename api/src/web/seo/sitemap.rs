//! `/robots.txt` and `/sitemap.xml` (decisions.md §30), generated from the database: every public
//! store, product and ad and the public pages, nothing hidden or disabled.
//!
//! The sitemap is split so that no request reads the whole catalogue: `/sitemap.xml` is a
//! sitemap index (three counts) of bounded parts — `/sitemap-paginas.xml` (the app's own pages,
//! no database) and `/sitemap-{lojas|produtos|anuncios}-{n}.xml`, each at most
//! `SITEMAP_PART_SIZE` addresses read with one bounded query. A part name that is not one of
//! these is 404 before the database is asked; a part past the end is 404 too. Cacheable for an
//! hour.

use super::{encode_component, escape_xml};

/// The most parts of one kind the index may name (a sitemap index holds 50,000): a bigger `n` is
/// 404 without asking the database.
pub const MAX_PARTS: usize = 50_000;

/// How long robots and sitemaps may be kept, in seconds.
pub const MAX_AGE_S: u32 = 3_600;

/// The public pages of the app besides stores, products and ads.
const PAGES: [&str; 7] = [
    "/",
    "/lojas",
    "/anunciegratis",
    "/blockchain",
    "/links",
    "/termos",
    "/privacidade",
];

/// `robots.txt`: the panels, the admin and the API are not for robots; the sitemap is.
pub fn robots(base: &str) -> String {
    format!(
        "User-agent: *\nDisallow: /api\nDisallow: /painel\nDisallow: /admin\nDisallow: /auth\n\
         Disallow: /webhooks\nDisallow: /pix\nAllow: /\n\nSitemap: {base}/sitemap.xml\n"
    )
}

/// What a part lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Stores,
    Products,
    Ads,
}

impl Kind {
    pub const ALL: [Kind; 3] = [Self::Stores, Self::Products, Self::Ads];

    /// Its name in a part's path.
    pub fn slug(self) -> &'static str {
        match self {
            Self::Stores => "lojas",
            Self::Products => "produtos",
            Self::Ads => "anuncios",
        }
    }
}

/// A part of the sitemap.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    /// The app's own pages.
    Pages,
    /// The `n`th (from 1) part of a kind.
    Of(Kind, usize),
}

impl Part {
    /// The part a path names (`/sitemap-paginas.xml`, `/sitemap-produtos-3.xml`), if it is one.
    pub fn parse(path: &str) -> Option<Part> {
        let name = path.strip_prefix("/sitemap-")?.strip_suffix(".xml")?;
        if name == "paginas" {
            return Some(Part::Pages);
        }
        let (slug, n) = name.rsplit_once('-')?;
        let kind = Kind::ALL.into_iter().find(|k| k.slug() == slug)?;
        if n.is_empty() || !n.bytes().all(|b| b.is_ascii_digit()) || n.starts_with('0') {
            return None;
        }
        let n: usize = n.parse().ok()?;
        (1..=MAX_PARTS).contains(&n).then_some(Part::Of(kind, n))
    }

    /// Its path.
    pub fn path(self) -> String {
        match self {
            Part::Pages => "/sitemap-paginas.xml".to_owned(),
            Part::Of(kind, n) => format!("/sitemap-{}-{n}.xml", kind.slug()),
        }
    }
}

/// The app's own public pages, absolute.
pub fn pages(base: &str) -> Vec<String> {
    let mut out: Vec<String> = PAGES.iter().map(|p| format!("{base}{p}")).collect();
    for c in wasm_core::forms::Category::ALL {
        out.push(format!(
            "{base}/anuncios?categoria={}",
            encode_component(c.label())
        ));
    }
    out
}

/// A store's address.
pub fn store_url(base: &str, url: &str) -> String {
    format!("{base}/{}", encode_component(url))
}

fn detail(base: &str, (cat, id, owner): &(String, String, String)) -> String {
    format!(
        "{base}/detalhes/{}/{}/{}",
        encode_component(cat),
        encode_component(id),
        encode_component(owner)
    )
}

/// A product's address, from `(categoria, id, supplier)`.
pub fn product_url(base: &str, p: &(String, String, String)) -> String {
    format!("{}?type=forn", detail(base, p))
}

/// An ad's address, from `(categoria, id, owner)`.
pub fn ad_url(base: &str, a: &(String, String, String)) -> String {
    detail(base, a)
}

/// The sitemap index: the pages' part, then each kind's parts for `counts` rows of it with
/// `per_part` addresses a part.
pub fn index(base: &str, counts: &[(Kind, u64)], per_part: usize) -> String {
    let mut parts = vec![Part::Pages];
    for &(kind, count) in counts {
        let n = usize::try_from(count)
            .unwrap_or(usize::MAX)
            .div_ceil(per_part.max(1))
            .min(MAX_PARTS);
        parts.extend((1..=n).map(|n| Part::Of(kind, n)));
    }
    let mut out = format!("{HEAD}\n<sitemapindex xmlns=\"{NS}\">\n");
    for p in parts {
        out.push_str(&format!(
            "<sitemap><loc>{}</loc></sitemap>\n",
            escape_xml(&format!("{base}{}", p.path()))
        ));
    }
    out.push_str("</sitemapindex>\n");
    out
}

/// A sitemap file of `urls`.
pub fn urlset(urls: &[String]) -> String {
    let mut out = format!("{HEAD}\n<urlset xmlns=\"{NS}\">\n");
    for u in urls {
        out.push_str(&format!("<url><loc>{}</loc></url>\n", escape_xml(u)));
    }
    out.push_str("</urlset>\n");
    out
}

const HEAD: &str = r#"<?xml version="1.0" encoding="UTF-8"?>"#;
const NS: &str = "http://www.sitemaps.org/schemas/sitemap/0.9";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_are_named_strictly() {
        assert_eq!(Part::parse("/sitemap-paginas.xml"), Some(Part::Pages));
        assert_eq!(
            Part::parse("/sitemap-produtos-3.xml"),
            Some(Part::Of(Kind::Products, 3))
        );
        for bad in [
            "/sitemap-1.xml",
            "/sitemap-produtos-0.xml",
            "/sitemap-produtos-03.xml",
            "/sitemap-produtos-.xml",
            "/sitemap-produtos-+3.xml",
            "/sitemap-produtos-99999999999999999999.xml",
            "/sitemap-produtos-50001.xml",
            "/sitemap-clientes-1.xml",
            "/sitemap-lojas-1.xml.gz",
        ] {
            assert_eq!(Part::parse(bad), None, "{bad}");
        }
        for p in [Part::Pages, Part::Of(Kind::Ads, 7)] {
            assert_eq!(Part::parse(&p.path()), Some(p));
        }
    }

    #[test]
    fn the_index_names_each_kinds_parts() {
        let counts = [(Kind::Stores, 0), (Kind::Products, 5), (Kind::Ads, 2)];
        let xml = index("https://f.example", &counts, 2);
        assert!(xml.contains("<sitemapindex"));
        assert_eq!(xml.matches("<sitemap>").count(), 1 + 3 + 1);
        for p in [
            "/sitemap-paginas.xml",
            "/sitemap-produtos-3.xml",
            "/sitemap-anuncios-1.xml",
        ] {
            assert!(xml.contains(&format!("https://f.example{p}")), "{p}");
        }
        assert!(!xml.contains("lojas"));
    }

    #[test]
    fn addresses_are_encoded_and_escaped() {
        let p = (
            "Produtos, Coprodutos, Subprodutos".to_owned(),
            "p1".to_owned(),
            "u1".to_owned(),
        );
        let product = product_url("https://f.example", &p);
        assert_eq!(
            product,
            "https://f.example/detalhes/Produtos%2C%20Coprodutos%2C%20Subprodutos/p1/u1?type=forn"
        );
        let xml = urlset(&[product, store_url("https://f.example", "sitio-boa-vista")]);
        assert!(xml.contains("?type=forn</loc>") && xml.matches("<url>").count() == 2);
        assert!(pages("https://f.example").contains(&"https://f.example/".to_owned()));
        assert!(robots("https://f.example").contains("Sitemap: https://f.example/sitemap.xml"));
    }
}
