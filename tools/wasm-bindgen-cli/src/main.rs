//! `wasm-bindgen`: the published CLI's own `main` (wasm-bindgen-cli's `src/bin/wasm-bindgen.rs`),
//! built with this package's lock file.

fn main() {
    env_logger::init();
    let err = match wasm_bindgen_cli::wasm_bindgen::run_cli_with_args(std::env::args_os()) {
        Ok(()) => return,
        Err(e) => e,
    };
    eprintln!("error: {err:?}");
    std::process::exit(1);
}
