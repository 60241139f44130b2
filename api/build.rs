//! Embeds `migrations/`: writes `$OUT_DIR/migrations.rs`, the list of `(file name, its SQL)` of
//! every `*.sql` file there, which `db.rs` turns into sqlx migrations (what `sqlx::migrate!`
//! does, without sqlx's compile-time query macros and the second, host-side build of both
//! database drivers they bring). Cargo reruns this when the folder changes.

use std::{env, fs, path::PathBuf};

fn main() {
    let dir = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"))
        .join("../migrations")
        .canonicalize()
        .expect("migrations/ beside api/");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .expect("reading migrations/")
        .map(|e| e.expect("a migrations/ entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "sql"))
        .collect();
    files.sort();
    let mut out = String::from("&[\n");
    for path in &files {
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .expect("UTF-8 name");
        println!("cargo:rerun-if-changed={}", path.display());
        out.push_str(&format!(
            "    ({name:?}, include_str!({:?})),\n",
            path.display().to_string()
        ));
    }
    out.push_str("]\n");
    let target = PathBuf::from(env::var("OUT_DIR").expect("cargo sets it")).join("migrations.rs");
    fs::write(target, out).expect("writing migrations.rs");
}
