//! `/robots.txt` and `/sitemap.xml` (decisions.md §30), generated from the database: every public
//! store, product and ad and the public pages, nothing hidden or disabled. Above
//! [`MAX_URLS`] addresses `/sitemap.xml` is a sitemap index of `/sitemap-{n}.xml` files (the
//! sitemaps.org limit). Cacheable for an hour.

use super::{data, encode_component, escape_xml};

/// Most addresses in one sitemap file (sitemaps.org).
pub const MAX_URLS: usize = 50_000;

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

/// Every public address, absolute, in a stable order.
pub fn addresses(base: &str, public: &data::Public) -> Vec<String> {
    let mut out: Vec<String> = PAGES.iter().map(|p| format!("{base}{p}")).collect();
    for c in wasm_core::forms::Category::ALL {
        out.push(format!(
            "{base}/anuncios?categoria={}",
            encode_component(c.label())
        ));
    }
    out.extend(
        public
            .stores
            .iter()
            .map(|u| format!("{base}/{}", encode_component(u))),
    );
    let detail = |(cat, id, owner): &(String, String, String)| {
        format!(
            "{base}/detalhes/{}/{}/{}",
            encode_component(cat),
            encode_component(id),
            encode_component(owner)
        )
    };
    out.extend(
        public
            .products
            .iter()
            .map(|p| format!("{}?type=forn", detail(p))),
    );
    out.extend(public.ads.iter().map(detail));
    out
}

/// What `/sitemap.xml` (`part` `None`) or `/sitemap-{n}.xml` (`Some(n)`, from 1) answers, with
/// `per_file` addresses per file; `None` for a part that does not exist.
pub fn document(
    base: &str,
    urls: &[String],
    part: Option<usize>,
    per_file: usize,
) -> Option<String> {
    let head = r#"<?xml version="1.0" encoding="UTF-8"?>"#;
    let ns = "http://www.sitemaps.org/schemas/sitemap/0.9";
    let files = urls.len().div_ceil(per_file).max(1);
    let urlset = |list: &[String]| {
        let mut out = format!("{head}\n<urlset xmlns=\"{ns}\">\n");
        for u in list {
            out.push_str(&format!("<url><loc>{}</loc></url>\n", escape_xml(u)));
        }
        out.push_str("</urlset>\n");
        out
    };
    match part {
        None if files == 1 => Some(urlset(urls)),
        None => {
            let mut out = format!("{head}\n<sitemapindex xmlns=\"{ns}\">\n");
            for n in 1..=files {
                out.push_str(&format!(
                    "<sitemap><loc>{}</loc></sitemap>\n",
                    escape_xml(&format!("{base}/sitemap-{n}.xml"))
                ));
            }
            out.push_str("</sitemapindex>\n");
            Some(out)
        }
        Some(n) if files > 1 && (1..=files).contains(&n) => {
            let from = (n - 1) * per_file;
            Some(urlset(&urls[from..(from + per_file).min(urls.len())]))
        }
        Some(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_file_or_an_index_of_files() {
        let urls: Vec<String> = (0..5).map(|i| format!("https://f.example/{i}")).collect();
        let one = document("https://f.example", &urls, None, 10).unwrap();
        assert!(one.contains("<urlset") && one.matches("<url>").count() == 5);
        assert!(document("https://f.example", &urls, Some(1), 10).is_none());
        let index = document("https://f.example", &urls, None, 2).unwrap();
        assert!(index.contains("<sitemapindex") && index.matches("<sitemap>").count() == 3);
        assert!(index.contains("https://f.example/sitemap-3.xml"));
        let last = document("https://f.example", &urls, Some(3), 2).unwrap();
        assert_eq!(last.matches("<url>").count(), 1);
        assert!(document("https://f.example", &urls, Some(4), 2).is_none());
        assert!(document("https://f.example", &urls, Some(0), 2).is_none());
    }

    #[test]
    fn addresses_are_encoded_and_escaped() {
        let public = data::Public {
            stores: vec!["sitio-boa-vista".into()],
            products: vec![(
                "Produtos, Coprodutos, Subprodutos".into(),
                "p1".into(),
                "u1".into(),
            )],
            ads: vec![],
        };
        let urls = addresses("https://f.example", &public);
        let product = urls.iter().find(|u| u.contains("/detalhes/")).unwrap();
        assert_eq!(
            product,
            "https://f.example/detalhes/Produtos%2C%20Coprodutos%2C%20Subprodutos/p1/u1?type=forn"
        );
        let xml = document("https://f.example", &urls, None, 100).unwrap();
        assert!(xml.contains("?type=forn</loc>"));
        assert!(robots("https://f.example").contains("Sitemap: https://f.example/sitemap.xml"));
    }
}
