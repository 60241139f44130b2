//! Reading Rust source for the boundaries test: the modules under a folder and the paths each
//! names from the crate's root (comments, literals and test items left out).

use std::{collections::BTreeMap, path::Path};

/// Module path (`rpc::orders::place`) → its source, for every `.rs` under `root` but the crate's
/// roots (`lib.rs`, `main.rs`), test modules and this test.
pub(super) fn modules(root: &Path) -> BTreeMap<String, String> {
    fn walk(dir: &Path, root: &Path, out: &mut BTreeMap<String, String>) {
        for entry in std::fs::read_dir(dir).unwrap().map(Result::unwrap) {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, root, out);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let rel = path.strip_prefix(root).unwrap().with_extension("");
            let mut parts: Vec<String> = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if parts.last().is_some_and(|p| p == "mod") {
                parts.pop();
            }
            // The crate's roots, test modules and this test itself are no layer's.
            let test = parts.iter().any(|p| p == "tests") || parts[0] == "boundaries";
            if parts == ["lib"] || parts == ["main"] || test {
                continue;
            }
            out.insert(parts.join("::"), std::fs::read_to_string(&path).unwrap());
        }
    }
    let mut out = BTreeMap::new();
    walk(root, root, &mut out);
    out
}

/// `text` without comments (line and block), string and char literals, and `#[cfg(test)]`
/// items.
pub(super) fn code_of(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < b.len() {
        let rest = &text[i..];
        if rest.starts_with("//") {
            i += rest.find('\n').unwrap_or(rest.len());
        } else if rest.starts_with("/*") {
            i += rest.find("*/").map_or(rest.len(), |e| e + 2);
        } else if rest.starts_with("r#\"") || rest.starts_with("r\"") {
            let hashes = rest[1..].find('"').unwrap();
            let close = format!("\"{}", "#".repeat(hashes));
            let body = 2 + hashes;
            i += rest[body..]
                .find(&close)
                .map_or(rest.len(), |e| body + e + close.len());
            out.push_str("\"\"");
        } else if b[i] == b'"' {
            let mut j = i + 1;
            while j < b.len() && b[j] != b'"' {
                j += if b[j] == b'\\' { 2 } else { 1 };
            }
            i = j + 1;
            out.push_str("\"\"");
        } else if let Some(len) = char_literal(rest) {
            i += len;
            out.push_str("' '");
        } else if let Some(item) = rest.strip_prefix("#[cfg(test)]") {
            i += rest.len() - item.len() + skip_item(item);
        } else {
            let c = rest.chars().next().unwrap();
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

/// The length of the char literal at the start of `rest` ('a', '\n', '\'', 'é'); none for a
/// lifetime or anything else.
fn char_literal(rest: &str) -> Option<usize> {
    let mut chars = rest.strip_prefix('\'')?.char_indices();
    match chars.next()? {
        (_, '\\') => rest[3..].find('\'').map(|e| e + 4),
        (_, c) => (chars.next()? == (c.len_utf8(), '\'')).then_some(c.len_utf8() + 2),
    }
}

/// The length of the item at the start of `rest`: up to its `;` or its matching `}`.
fn skip_item(rest: &str) -> usize {
    let mut depth = 0usize;
    for (i, c) in rest.char_indices() {
        match c {
            ';' if depth == 0 => return i + 1,
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
    }
    rest.len()
}

/// Every path `code` (of module `module`) names from the crate's root: `crate::a::b` as
/// `a::b`, `super::c` as the parent's `c`, `use` groups expanded.
pub(super) fn paths(module: &str, code: &str) -> Vec<String> {
    let parent: Vec<&str> = {
        let mut p: Vec<&str> = module.split("::").collect();
        p.pop();
        p
    };
    let b = code.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < code.len() {
        let at_word_start =
            i == 0 || !(b[i - 1].is_ascii_alphanumeric() || matches!(b[i - 1], b'_' | b'$' | b':'));
        let (base, len) = if !at_word_start {
            (None, 0)
        } else if code[i..].starts_with("crate::") {
            (Some(String::new()), "crate::".len())
        } else if code[i..].starts_with("super::") {
            let mut up = parent.clone();
            let mut len = 0;
            while code[i + len..].starts_with("super::") {
                len += "super::".len();
                if len > "super::".len() {
                    up.pop();
                }
            }
            (Some(up.join("::")), len)
        } else {
            (None, 0)
        };
        let Some(base) = base else {
            i += code[i..].chars().next().unwrap().len_utf8();
            continue;
        };
        i += len;
        let prefix = if base.is_empty() {
            String::new()
        } else {
            format!("{base}::")
        };
        let (tree, used) = path_tree(&code[i..]);
        out.extend(tree.into_iter().map(|p| format!("{prefix}{p}")));
        i += used.max(1);
    }
    out
}

/// The paths of a `use` tree (or a plain path) at the start of `text`, and the length read.
fn path_tree(text: &str) -> (Vec<String>, usize) {
    let ident = |s: &str| {
        s.find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(s.len())
    };
    let join = |a: &str, b: &str| match (a.is_empty(), b.is_empty()) {
        (true, _) => b.to_owned(),
        (_, true) => a.to_owned(),
        _ => format!("{a}::{b}"),
    };
    let mut head = String::new();
    let mut i = 0;
    loop {
        if text[i..].starts_with('{') {
            i += 1;
            let mut all = Vec::new();
            loop {
                i += text[i..].len() - text[i..].trim_start().len();
                if i >= text.len() {
                    break;
                }
                if text[i..].starts_with('}') {
                    i += 1;
                    break;
                }
                let (sub, used) = path_tree(&text[i..]);
                all.extend(sub.iter().map(|s| join(&head, s)));
                i += used;
                // Past ` as name`, to the next item or the group's end.
                i += text[i..].find([',', '}']).unwrap_or(text.len() - i);
                if text[i..].starts_with(',') {
                    i += 1;
                }
            }
            return (all, i);
        }
        let n = ident(&text[i..]);
        if n == 0 {
            break;
        }
        head = join(&head, &text[i..i + n]);
        i += n;
        if !text[i..].starts_with("::") {
            break;
        }
        i += 2;
    }
    (vec![head], i)
}
