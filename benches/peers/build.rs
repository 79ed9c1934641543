//! Finds the Jeimel/stratego checkout named by the `JEIMEL_STRATEGO`
//! environment variable and copies its `stratego` module (the game, not
//! the search or the network code) into `OUT_DIR`, where `src/jeimel.rs`
//! includes it. The peer's source is never part of arbiter's repository:
//! it has no licence file, so it is fetched by whoever runs the bench.
//! Without the variable the Stratego comparison is left out, and says so.

use std::path::{Path, PathBuf};
use std::{env, fs};

fn copy_tree(from: &Path, to: &Path) {
    fs::create_dir_all(to).expect("OUT_DIR is writable");
    for entry in fs::read_dir(from).expect("the checkout's src/stratego is readable") {
        let entry = entry.expect("a directory entry");
        let path = entry.path();
        if path.is_dir() {
            copy_tree(&path, &to.join(entry.file_name()));
        } else {
            fs::copy(&path, to.join(entry.file_name())).expect("copy a source file");
        }
    }
}

fn main() {
    println!("cargo::rustc-check-cfg=cfg(jeimel)");
    println!("cargo::rerun-if-env-changed=JEIMEL_STRATEGO");
    let Some(root) = env::var_os("JEIMEL_STRATEGO").map(PathBuf::from) else {
        return;
    };
    let src = root.join("src");
    let module = src.join("stratego.rs");
    if !module.is_file() {
        panic!(
            "JEIMEL_STRATEGO={} holds no src/stratego.rs: point it at a checkout of Jeimel/stratego",
            root.display()
        );
    }
    println!("cargo::rerun-if-changed={}", src.display());
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR")).join("jeimel");
    let _ = fs::remove_dir_all(&out);
    // The module file becomes `stratego/mod.rs`, so that its own `mod`
    // lines find the files of `src/stratego/` beside it.
    copy_tree(&src.join("stratego"), &out.join("stratego"));
    fs::copy(&module, out.join("stratego").join("mod.rs")).expect("copy stratego.rs");
    let module_path = out.join("stratego").join("mod.rs");
    fs::write(
        out.join("include.rs"),
        format!(
            "#[allow(warnings, clippy::all)]\n#[path = {:?}]\npub mod stratego;\n",
            module_path.display().to_string()
        ),
    )
    .expect("write include.rs");
    println!("cargo::rustc-cfg=jeimel");
}
