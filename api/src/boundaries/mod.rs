//! The API's layers, checked on its source (the twin of `webapp/src/boundaries.test.ts`): every
//! `crate::` path (in `use` lines, groups included, and in code) and every `super::` path of a
//! module under `api/src` names the module it imports, and
//!
//! - no module imports one placed above it in the order `docs/architecture.md` writes ('Layers
//!   of the API': a numbered list, top first; a module is placed by the longest name listed that
//!   is it or holds it, so `auth::extract` may sit above `auth`), and every module is placed;
//! - the modules have no import circle (a module's use of its own parent or children is not an
//!   import between modules: a parent declares its children).
//!
//! - no module but `db` opens a transaction itself (`.begin()`, `.begin_with(`): a writer takes
//!   `db::begin_write`, SQLite's `BEGIN IMMEDIATE` on its writer pool, since a deferred
//!   transaction that reads and then writes meets 'database is locked' beside another writer.
//!
//! Test code (`#[cfg(test)]` items, `tests` modules) is left out: a test may reach anything. The
//! same circle check runs on `wasm-core/src`. A self-test plants an upward import and a circle
//! and expects both caught.

mod source;

use source::{code_of, modules, paths};
use std::collections::{BTreeMap, BTreeSet};

/// The module a path names: the longest of `known` that is it or holds it.
fn resolve<'a>(path: &str, known: &'a BTreeSet<String>) -> Option<&'a String> {
    let parts: Vec<&str> = path.split("::").collect();
    (1..=parts.len())
        .rev()
        .find_map(|n| known.get(&parts[..n].join("::")))
}

/// Whether `a` is `b` or inside it.
fn within(a: &str, b: &str) -> bool {
    a == b || a.starts_with(&format!("{b}::"))
}

/// Module → the modules it imports (not itself, its ancestors or its descendants).
fn imports(sources: &BTreeMap<String, String>) -> BTreeMap<String, BTreeSet<String>> {
    let known: BTreeSet<String> = sources.keys().cloned().collect();
    sources
        .iter()
        .map(|(m, text)| {
            let to = paths(m, &code_of(text))
                .iter()
                .filter_map(|p| resolve(p, &known))
                .filter(|t| !within(m, t) && !within(t, m))
                .cloned()
                .collect();
            (m.clone(), to)
        })
        .collect()
}

/// The layers in the order `markdown` lists them, top first: the numbered list after the line
/// `<!-- layers -->`, each item's names in backticks before its ` — `.
fn layers(markdown: &str) -> Vec<Vec<String>> {
    let list = markdown
        .split_once("<!-- layers -->")
        .expect("docs/architecture.md has its <!-- layers --> list")
        .1;
    list.lines()
        .skip_while(|l| l.trim().is_empty())
        .take_while(|l| !l.trim().is_empty())
        .filter(|l| {
            l.trim_start()
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_digit())
        })
        .map(|l| {
            let names = l.split(" — ").next().unwrap();
            names
                .split('`')
                .skip(1)
                .step_by(2)
                .map(str::to_owned)
                .collect()
        })
        .collect()
}

/// What is wrong with `sources` against `order` (top first): each upward import, each module
/// placed nowhere, each circle.
fn problems(sources: &BTreeMap<String, String>, order: &[Vec<String>]) -> Vec<String> {
    let graph = imports(sources);
    let place = |m: &str| -> Option<(usize, usize)> {
        order
            .iter()
            .enumerate()
            .flat_map(|(i, names)| names.iter().map(move |n| (i, n)))
            .filter(|(_, n)| within(m, n))
            .map(|(i, n)| (i, n.len()))
            .max_by_key(|&(_, len)| len)
    };
    let mut out = Vec::new();
    for (m, to) in &graph {
        let Some((mine, _)) = place(m) else {
            out.push(format!("{m} is placed in no layer of docs/architecture.md"));
            continue;
        };
        for t in to {
            if let Some((theirs, _)) = place(t)
                && theirs < mine
            {
                out.push(format!(
                    "{m} (layer {}) imports {t}, above it (layer {})",
                    mine + 1,
                    theirs + 1
                ));
            }
        }
    }
    out.extend(
        circles(&graph)
            .into_iter()
            .map(|c| format!("circle: {}", c.join(" → "))),
    );
    out
}

/// Each module other than `db` whose code opens a transaction itself rather than through
/// `db::begin_write`.
fn own_transactions(sources: &BTreeMap<String, String>) -> Vec<String> {
    sources
        .iter()
        .filter(|(m, _)| m.as_str() != "db")
        .filter(|(_, text)| {
            let code: String = code_of(text).split_whitespace().collect();
            code.contains(".begin()") || code.contains(".begin_with(")
        })
        .map(|(m, _)| format!("{m} opens a transaction itself: use db::begin_write"))
        .collect()
}

/// Every import circle of `graph`, each once (depth-first search; a module met again while on
/// the path closes one).
fn circles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    fn visit<'a>(
        n: &'a str,
        graph: &'a BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<&'a str>,
        done: &mut BTreeSet<&'a str>,
        out: &mut Vec<Vec<String>>,
    ) {
        path.push(n);
        for m in graph.get(n).into_iter().flatten() {
            if let Some(at) = path.iter().position(|p| p == m) {
                let mut c: Vec<String> = path[at..].iter().map(|s| (*s).to_owned()).collect();
                c.push(m.clone());
                out.push(c);
            } else if !done.contains(m.as_str()) {
                visit(m, graph, path, done, out);
            }
        }
        path.pop();
        done.insert(n);
    }
    let (mut done, mut out) = (BTreeSet::new(), Vec::new());
    for n in graph.keys() {
        if !done.contains(n.as_str()) {
            visit(n, graph, &mut Vec::new(), &mut done, &mut out);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn tree(files: &[(&str, &str)]) -> BTreeMap<String, String> {
        files
            .iter()
            .map(|(m, t)| ((*m).to_owned(), (*t).to_owned()))
            .collect()
    }

    fn order(layers: &[&[&str]]) -> Vec<Vec<String>> {
        layers
            .iter()
            .map(|l| l.iter().map(|n| (*n).to_owned()).collect())
            .collect()
    }

    #[test]
    fn the_api_imports_only_down_and_in_no_circle() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let doc = std::fs::read_to_string(root.join("../docs/architecture.md")).unwrap();
        let order = layers(&doc);
        assert!(order.len() >= 5, "{order:?}");
        let sources = modules(&root.join("src"));
        assert!(sources.len() > 100 && sources.contains_key("rpc::orders::place"));
        // It was read: the handlers import the domain, the domain the database.
        let graph = imports(&sources);
        assert!(graph["rpc::orders::place"].contains("domain::orders"));
        assert!(graph["domain::stock"].contains("domain::codes"));
        assert_eq!(problems(&sources, &order), Vec::<String>::new());
        assert_eq!(own_transactions(&sources), Vec::<String>::new());
    }

    #[test]
    fn a_transaction_opened_beside_db_is_caught() {
        let sources = tree(&[
            (
                "db",
                "pub async fn begin_write(db: &Db) { db.begin().await }",
            ),
            (
                "rpc::ads",
                "async fn f(db: &Db) { let tx = db\n    .begin()\n    .await?; }",
            ),
            (
                "rpc::orders",
                "async fn f(db: &Db) { let tx = db::begin_write(db).await?; }",
            ),
            ("jobs", "// state.db.begin() in a comment\nfn g() {}"),
        ]);
        assert_eq!(
            own_transactions(&sources),
            vec!["rpc::ads opens a transaction itself: use db::begin_write".to_owned()]
        );
    }

    #[test]
    fn wasm_core_has_no_circle() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../wasm-core/src");
        let graph = imports(&modules(&root));
        assert!(graph["checkout"].contains("pricing"), "read");
        assert_eq!(circles(&graph), Vec::<Vec<String>>::new());
    }

    #[test]
    fn an_upward_import_and_a_circle_are_caught() {
        let layers = order(&[&["rpc"], &["domain"], &["db", "config"]]);
        // Planted: the database imports a handler's type (upward).
        let upward = tree(&[
            ("rpc", "use crate::domain::place;"),
            ("domain", "use crate::db::Db;"),
            ("db", "use crate::{config::Config, rpc::Answer};"),
            ("config", ""),
        ]);
        assert_eq!(
            problems(&upward, &layers),
            [
                "db (layer 3) imports rpc, above it (layer 1)",
                "circle: db → rpc → domain → db"
            ]
        );
        // Planted: two modules of one layer import each other, one by `super::`, in a group.
        let circle = tree(&[
            ("rpc", ""),
            ("rpc::account", "use super::{address::seat, shapes::Done};"),
            (
                "rpc::address",
                "pub fn seat() { crate::rpc::account::user(); }",
            ),
            ("rpc::shapes", ""),
            ("domain", ""),
            ("db", ""),
            ("config", ""),
        ]);
        assert_eq!(
            problems(&circle, &layers),
            ["circle: rpc::account → rpc::address → rpc::account"]
        );
        // A module placed nowhere is named.
        let unplaced = tree(&[("jobs", "use crate::db::Db;"), ("db", "")]);
        assert_eq!(
            problems(&unplaced, &layers),
            ["jobs is placed in no layer of docs/architecture.md"]
        );
    }

    #[test]
    fn comments_strings_and_test_items_are_not_imports() {
        let text = "//! [`crate::rpc`]\n/* crate::rpc */ const A: &str = \"crate::rpc\";\n\
                    #[cfg(test)]\nmod tests { use crate::rpc; }\n#[cfg(test)]\nuse crate::rpc::X;\n\
                    fn f<'a>(c: char) -> bool { c == '{' }\nuse crate::db::{self, Db as D};";
        let code = code_of(text);
        assert_eq!(paths("domain", &code), ["db::self", "db::Db"]);
        assert_eq!(
            paths(
                "rpc::orders::load",
                "super::super::shapes::Order; super::place::Bag"
            ),
            ["rpc::shapes::Order", "rpc::orders::place::Bag"]
        );
    }

    #[test]
    fn the_order_is_read_from_the_numbered_list() {
        let md = "text\n<!-- layers -->\n\n1. `startup` — the root\n2. `auth::extract`, `rpc` — edges: `state`\n\nafter";
        assert_eq!(
            layers(md),
            order(&[&["startup"], &["auth::extract", "rpc"]])
        );
    }
}
