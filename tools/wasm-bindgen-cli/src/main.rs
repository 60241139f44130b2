//! `wasm-bindgen`: the published CLI's `wasm-bindgen` binary (wasm-bindgen-cli 0.2.130's
//! `src/wasm_bindgen.rs` and `src/bin/wasm-bindgen.rs`, MIT OR Apache-2.0, The wasm-bindgen
//! Developers), copied unchanged but for this comment and `main` below, so that it is built on
//! `wasm-bindgen-cli-support` alone: the published crate's library also holds the test runner,
//! whose HTTP client and server (ureq, rustls, ring, rouille, url/ICU, …) were most of what
//! `just setup` compiled. Same library, same arguments: the same output.

use anyhow::{bail, Error};
use clap::{Parser, ValueEnum};
use std::ffi::OsString;
use std::path::PathBuf;
use wasm_bindgen_cli_support::{Bindgen, EncodeInto};

#[derive(Debug, Clone, ValueEnum)]
#[clap(rename_all = "kebab-case")]
enum Target {
    Bundler,
    Web,
    Nodejs,
    NoModules,
    Deno,
    ExperimentalNodejsModule,
    Module,
}

#[derive(Debug, Parser)]
#[command(
    name = "wasm-bindgen",
    version,
    about,
    after_help = "Additional documentation: https://wasm-bindgen.github.io/wasm-bindgen/reference/cli.html"
)]
struct Args {
    input: PathBuf,
    #[arg(
        long,
        value_name = "TARGET",
        value_enum,
        default_value_t = Target::Bundler,
        help = "What type of output to generate",
        group = "target-group"
    )]
    target: Target,
    #[arg(long, value_name = "DIR", help = "Output directory")]
    out_dir: PathBuf,
    #[arg(
        long,
        help = "Hint that JS should only be compatible with a browser",
        group = "target-group"
    )]
    browser: bool,
    #[arg(long, help = "Don't emit a *.d.ts file", conflicts_with = "typescript")]
    no_typescript: bool,
    #[arg(long, help = "Don't emit imports in generated JavaScript")]
    omit_imports: bool,
    #[arg(
        long,
        value_name = "VAR",
        help = "Set a custom output filename (Without extension. Defaults to crate name)"
    )]
    out_name: Option<String>,
    #[arg(long, help = "Include otherwise-extraneous debug checks in output")]
    debug: bool,
    #[arg(long, help = "Don't demangle Rust symbol names")]
    no_demangle: bool,
    #[arg(
        long,
        value_name = "VAR",
        help = "Name of the global variable to initialize"
    )]
    no_modules_global: Option<String>,
    #[arg(long, help = "Remove the debugging `name` section of the file")]
    remove_name_section: bool,
    #[arg(long, help = "Remove the telemetry `producers` section")]
    remove_producers_section: bool,
    #[arg(long, help = "Keep exports synthesized by LLD")]
    keep_lld_exports: bool,
    #[arg(long, help = "Keep debug sections in Wasm files")]
    keep_debug: bool,
    #[arg(
        long,
        help = "Write DWARF debug info to a separate `*_bg.debug.wasm` file (implies `--keep-debug`)"
    )]
    split_debug_info: bool,
    #[arg(
        long,
        value_name = "URL",
        requires = "split_debug_info",
        help = "URL of the split debug info file, recorded in the main Wasm file\n\
                (defaults to the file name of the debug info file)"
    )]
    debug_info_url: Option<String>,
    #[arg(
        long,
        value_name = "MODE",
        help = "Whether or not to use TextEncoder#encodeInto",
        value_parser = ["test", "always", "never"]
    )]
    encode_into: Option<String>,
    #[arg(
        long,
        help = "Don't add WebAssembly fallback imports in generated JavaScript"
    )]
    omit_default_module_path: bool,
    #[arg(
        long,
        help = "Split linked modules out into their own files. Recommended if possible.\n\
                If a bundler is used, it needs to be set up accordingly."
    )]
    split_linked_modules: bool,
    #[arg(
        long,
        help = "Import `static_string` constants as JS String Builtins string constants\n\
                from `wasm:js/string-constants`. Requires a host with the\n\
                `importedStringConstants` compile option or the ESM integration."
    )]
    js_string_builtins: bool,
    #[arg(
        long,
        help = "Emit `Uint8Array<ArrayBuffer>`-style generic typed array return types\n\
                in generated TypeScript. Requires TypeScript 5.7 or later."
    )]
    ts_typed_array_buffers: bool,
    #[arg(
        long = "experimental-reset-state-function",
        help = "Generate __wbg_reset_state function for Wasm reinitialization (experimental)"
    )]
    generate_reset_state: bool,
    #[arg(
        long = "force-enable-abort-handler",
        help = "Enable abort handler even if building with panic=abort. Does nothing when panic=unwind."
    )]
    force_enable_abort_handler: bool,
    // The options below are deprecated. They're still parsed for backwards compatibility,
    // but we don't want to show them in `--help` to avoid distracting users.
    #[arg(long, hide = true)]
    #[deprecated(note = "implied default, only `--no-typescript` is needed")]
    typescript: bool,
    #[arg(long, hide = true, group = "target-group")]
    #[deprecated(note = "use `Args::target` instead")]
    nodejs: bool,
    #[arg(long, hide = true, group = "target-group")]
    #[deprecated(note = "use `Args::target` instead")]
    web: bool,
    #[arg(long, hide = true, group = "target-group")]
    #[deprecated(note = "use `Args::target` instead")]
    no_modules: bool,
    #[arg(long, hide = true)]
    #[deprecated(note = "runtime-detected")]
    #[allow(dead_code)]
    weak_refs: bool,
    #[arg(long, hide = true)]
    #[deprecated(note = "automatically inferred from the Wasm features")]
    reference_types: bool,
}

fn run_cli_with_args<I, T>(args: I) -> anyhow::Result<()>
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let args = match Args::try_parse_from(args) {
        Ok(a) => a,
        Err(e) => match e.kind() {
            // Passing --version and --help should not result in a failure.
            clap::error::ErrorKind::DisplayHelp | clap::error::ErrorKind::DisplayVersion => {
                print!("{e}");
                return Ok(());
            }
            _ => bail!(e),
        },
    };
    rmain(&args)
}

fn rmain(args: &Args) -> Result<(), Error> {
    let mut b = Bindgen::new();
    match &args.target {
        Target::Bundler => b.bundler(true)?,
        Target::Web => b.web(true)?,
        Target::NoModules => b.no_modules(true)?,
        Target::Nodejs => b.nodejs(true)?,
        Target::Deno => b.deno(true)?,
        Target::ExperimentalNodejsModule => b.nodejs_module(true)?,
        Target::Module => b.module(true)?,
    };
    #[allow(deprecated)]
    b.input_path(&args.input)
        .nodejs(args.nodejs)?
        .web(args.web)?
        .browser(args.browser)?
        .no_modules(args.no_modules)?
        .debug(args.debug)
        .demangle(!args.no_demangle)
        .keep_lld_exports(args.keep_lld_exports)
        .keep_debug(args.keep_debug)
        .split_debug_info(args.split_debug_info)
        .remove_name_section(args.remove_name_section)
        .remove_producers_section(args.remove_producers_section)
        .typescript(!args.no_typescript)
        .omit_imports(args.omit_imports)
        .omit_default_module_path(args.omit_default_module_path)
        .split_linked_modules(args.split_linked_modules)
        .js_string_builtins(args.js_string_builtins)
        .ts_typed_array_buffers(args.ts_typed_array_buffers)
        .reference_types(args.reference_types)
        .reset_state_function(args.generate_reset_state)
        .force_enable_abort_handler(args.force_enable_abort_handler);

    if let Some(ref url) = args.debug_info_url {
        b.debug_info_url(url);
    }
    if let Some(ref name) = args.no_modules_global {
        b.no_modules_global(name)?;
    }
    if let Some(ref name) = args.out_name {
        b.out_name(name);
    }

    if let Some(mode) = &args.encode_into {
        let mode = match mode.as_str() {
            "test" => EncodeInto::Test,
            "always" => EncodeInto::Always,
            "never" => EncodeInto::Never,
            // clap guarantees
            _ => unreachable!(),
        };
        b.encode_into(mode);
    }

    b.generate(&args.out_dir)
}

fn main() {
    env_logger::init();
    let err = match run_cli_with_args(std::env::args_os()) {
        Ok(()) => return,
        Err(e) => e,
    };
    eprintln!("error: {err:?}");
    std::process::exit(1);
}
