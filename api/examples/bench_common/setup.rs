//! What every bench's `main` does around its run: the `--name value` options, and a temporary
//! folder (with the tiny webapp the server wants) watched for ten minutes and removed at the end
//! unless `BENCH_KEEP` is set.

use anyhow::Context;
use std::{collections::HashMap, path::Path, time::Duration};

/// The command line's `--name value` pairs.
pub(crate) struct Args(HashMap<String, String>);

impl Args {
    pub(crate) fn read() -> anyhow::Result<Self> {
        let args: Vec<String> = std::env::args().skip(1).collect();
        let mut map = HashMap::new();
        for pair in args.chunks(2) {
            let key = pair[0].trim_start_matches("--").to_owned();
            map.insert(
                key,
                pair.get(1).cloned().context("an option without a value")?,
            );
        }
        Ok(Self(map))
    }

    /// Option `k` as a number, `d` when absent.
    pub(crate) fn num(&self, k: &str, d: u64) -> anyhow::Result<u64> {
        self.0
            .get(k)
            .map_or(Ok(d), |v| v.parse().with_context(|| format!("--{k}")))
    }

    /// Option `k` as text, if given.
    pub(crate) fn text(&self, k: &str) -> Option<String> {
        self.0.get(k).cloned()
    }
}

/// Runs `run` in a new temporary folder `{name}-{pid}` holding `dist/index.html`; a watchdog
/// ends the process after ten minutes whatever happens; the folder is removed at the end.
pub(crate) fn in_temp_folder(
    name: &str,
    run: impl FnOnce(&Path) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    let dir = std::env::temp_dir().join(format!("{name}-{}", std::process::id()));
    let (watched, bench) = (dir.clone(), name.to_owned());
    std::thread::spawn(move || {
        std::thread::sleep(Duration::from_secs(600));
        eprintln!("{bench}: ten minutes are up, stopping");
        let _ = std::fs::remove_dir_all(&watched);
        std::process::exit(2);
    });
    std::fs::create_dir_all(dir.join("dist"))?;
    std::fs::write(dir.join("dist/index.html"), "<!doctype html>")?;
    let result = run(&dir);
    if std::env::var_os("BENCH_KEEP").is_some() {
        eprintln!("kept {}", dir.display());
    } else {
        let _ = std::fs::remove_dir_all(&dir);
    }
    result
}
