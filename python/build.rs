//! Compiles arbiter's scenario corpus (`../scenarios/**/*.yaml`, and
//! `*.yml` as `arbiter::scenario::load::discover` finds them) into the
//! extension, so `arbiter.conform` runs it from an installed wheel with no
//! repository at hand.

use std::path::{Path, PathBuf};

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            walk(&p, out);
        } else if p.extension().is_some_and(|x| x == "yaml" || x == "yml") {
            out.push(p);
        }
    }
}

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    let top = manifest.parent().unwrap().to_path_buf();
    let scenarios = top.join("scenarios");
    println!("cargo:rerun-if-changed={}", scenarios.display());
    let mut files = Vec::new();
    walk(&scenarios, &mut files);
    // An empty corpus would make `arbiter.conform` pass with zero cases.
    assert!(
        !files.is_empty(),
        "no scenario files under {}: the package is built from a checkout of the repository",
        scenarios.display()
    );
    files.sort();
    let mut code = String::from(
        "/// The corpus: (path in the repository, text).\npub static CORPUS: &[(&str, &str)] = &[\n",
    );
    for f in &files {
        let rel = f.strip_prefix(&top).unwrap().display().to_string();
        code.push_str(&format!(
            "    ({rel:?}, include_str!({:?})),\n",
            f.display().to_string()
        ));
    }
    code.push_str("];\n");
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap()).join("corpus.rs");
    std::fs::write(out, code).unwrap();
}
