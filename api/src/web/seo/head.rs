//! A page's own `<head>`: title, description, canonical URL, Open Graph and Twitter tags and
//! JSON-LD, written into the webapp's `index.html` (decisions.md §30). Every text is escaped: an
//! attribute or a title with quotes or `<` stays text, and JSON-LD cannot close its `<script>`.

use serde_json::Value;

/// What a page says about itself.
#[derive(Debug, Default, Clone)]
pub struct Head {
    pub title: String,
    pub description: String,
    /// Absolute; none for a page that is not found.
    pub canonical: Option<String>,
    /// `og:type`: `website`, `product`…
    pub og_type: &'static str,
    /// Absolute.
    pub image: Option<String>,
    /// `product:price:amount` (`32.50`), with `product:price:currency` BRL.
    pub price: Option<String>,
    /// A schema.org object.
    pub json_ld: Option<Value>,
    /// Ask robots not to index (the not-found page).
    pub noindex: bool,
}

/// `text` safe inside an HTML attribute or element.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// JSON safe inside `<script type="application/ld+json">`: `<`, `>` and `&` only occur in
/// strings, where `\u003c`… mean the same.
pub fn json_for_script(v: &Value) -> String {
    v.to_string()
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

/// At most `max` characters of `text` on one line, cut at a word with `…`.
pub fn summary(text: &str, max: usize) -> String {
    let one_line = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if one_line.chars().count() <= max {
        return one_line;
    }
    let cut: String = one_line.chars().take(max).collect();
    let at = cut.rfind(' ').filter(|&i| i > max / 2).unwrap_or(cut.len());
    format!("{}…", cut[..at].trim_end_matches([',', ';', ':', '.', ' ']))
}

impl Head {
    /// The tags, one per line.
    pub fn render(&self) -> String {
        let mut out = Vec::new();
        let meta = |out: &mut Vec<String>, attr: &str, key: &str, value: &str| {
            out.push(format!(
                r#"<meta {attr}="{key}" content="{}" />"#,
                escape(value)
            ));
        };
        out.push(format!("<title>{}</title>", escape(&self.title)));
        meta(&mut out, "name", "description", &self.description);
        if self.noindex {
            meta(&mut out, "name", "robots", "noindex");
        }
        if let Some(url) = &self.canonical {
            out.push(format!(
                r#"<link rel="canonical" href="{}" />"#,
                escape(url)
            ));
            meta(&mut out, "property", "og:url", url);
        }
        meta(&mut out, "property", "og:site_name", "Feira");
        meta(&mut out, "property", "og:locale", "pt_BR");
        meta(&mut out, "property", "og:type", self.og_type);
        meta(&mut out, "property", "og:title", &self.title);
        meta(&mut out, "property", "og:description", &self.description);
        if let Some(img) = &self.image {
            meta(&mut out, "property", "og:image", img);
        }
        if let Some(price) = &self.price {
            meta(&mut out, "property", "product:price:amount", price);
            meta(&mut out, "property", "product:price:currency", "BRL");
        }
        // The app's icon (a page without a picture of its own) is a small card's.
        let card = match &self.image {
            Some(img) if !img.ends_with(super::APP_IMAGE) => "summary_large_image",
            _ => "summary",
        };
        meta(&mut out, "name", "twitter:card", card);
        meta(&mut out, "name", "twitter:title", &self.title);
        meta(&mut out, "name", "twitter:description", &self.description);
        if let Some(img) = &self.image {
            meta(&mut out, "name", "twitter:image", img);
        }
        if let Some(ld) = &self.json_ld {
            out.push(format!(
                r#"<script type="application/ld+json">{}</script>"#,
                json_for_script(ld)
            ));
        }
        out.join("\n    ")
    }

    /// `index` (the webapp's page) with this head: its `<title>` and description replaced, the
    /// rest of the tags added before `</head>` (or after the title when there is no head).
    pub fn apply(&self, index: &str) -> String {
        let mut page = index.to_owned();
        remove_between(&mut page, "<title>", "</title>");
        remove_tag(&mut page, r#"<meta name="description""#);
        let tags = self.render();
        if let Some(at) = page.find("</head>") {
            page.insert_str(at, &format!("  {tags}\n  "));
        } else {
            let at = page
                .find('>')
                .filter(|_| page.trim_start().starts_with("<!"))
                .map_or(0, |i| i + 1);
            page.insert_str(at, &tags);
        }
        page
    }
}

/// Removes the first `open…close` span of `page`.
fn remove_between(page: &mut String, open: &str, close: &str) {
    if let Some(start) = page.find(open)
        && let Some(len) = page[start..].find(close)
    {
        page.replace_range(start..start + len + close.len(), "");
    }
}

/// Removes the first tag of `page` starting with `start` (up to its `>`).
fn remove_tag(page: &mut String, start: &str) {
    if let Some(at) = page.find(start)
        && let Some(len) = page[at..].find('>')
    {
        page.replace_range(at..at + len + 1, "");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn texts_stay_text() {
        let head = Head {
            title: r#"Queijo "minas" <b>&</b>"#.into(),
            description: "d'água".into(),
            og_type: "product",
            json_ld: Some(json!({"name": "</script><script>alert(1)</script>"})),
            ..Head::default()
        };
        let html = head.render();
        assert!(html.contains("<title>Queijo &quot;minas&quot; &lt;b&gt;&amp;&lt;/b&gt;</title>"));
        assert!(html.contains(r#"content="d&#39;água""#));
        assert!(!html.contains("</script><script>"));
        assert!(html.contains(r#"\u003c/script\u003e"#));
        let ld = html
            .split("ld+json\">")
            .nth(1)
            .unwrap()
            .split("</script>")
            .next()
            .unwrap();
        let back: Value = serde_json::from_str(ld).unwrap();
        assert_eq!(back["name"], "</script><script>alert(1)</script>");
    }

    #[test]
    fn the_page_keeps_one_title_and_one_description() {
        let index = "<!doctype html><html><head><meta charset=\"UTF-8\" />\
            <meta name=\"description\" content=\"Feira\" /><title>Feira</title></head><body></body></html>";
        let head = Head {
            title: "Loja".into(),
            description: "Uma loja".into(),
            og_type: "website",
            ..Head::default()
        };
        let page = head.apply(index);
        assert_eq!(page.matches("<title>").count(), 1);
        assert_eq!(page.matches(r#"name="description""#).count(), 1);
        assert!(page.contains("<title>Loja</title>") && page.contains("<body></body>"));
        let tiny = head.apply("<!doctype html><title>Feira</title>");
        assert!(
            tiny.starts_with("<!doctype html><title>Loja</title>"),
            "{tiny}"
        );
    }

    #[test]
    fn summaries_cut_at_a_word() {
        assert_eq!(summary("  um   dois\ntrês ", 50), "um dois três");
        assert_eq!(summary("abcde fghij klmno", 12), "abcde fghij…");
    }
}
