//! Module resolution as Node 24 does it, for `require` and for `import`:
//! the CommonJS algorithm of <https://nodejs.org/api/modules.html#all-together>
//! and ESM_RESOLVE of <https://nodejs.org/api/esm.html#resolution-algorithm-specification>,
//! which share the package.json parts (`exports` and `imports` with
//! conditions and `*` patterns, self-reference, the package scope's `type`).
//! Both hosts' loaders (the CommonJS one in `js/node/module.js`, the ES one
//! in `esm.rs`) ask this file; it only reads the file system. The
//! package.json parts are `packages.rs`.
use std::path::{Component, Path, PathBuf};

use super::packages::{
    exports_resolve, imports_resolve, node_modules_paths, package_json, package_resolve, self_resolve,
    split_package, Request,
};

/// Which loader asks: the conditions differ (`require` or `import`), and so
/// do the rules for files (CommonJS tries extensions and index files).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Mode {
    Require,
    Import,
}

/// A resolution failure: Node's error code and message.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct ResolveError {
    pub code: &'static str,
    pub message: String,
}

pub(super) fn err(code: &'static str, message: String) -> ResolveError {
    ResolveError { code, message }
}

/// What a specifier names: a built-in (`node:` name as given, without the
/// scheme) or a file.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Resolved {
    Builtin(String),
    File(PathBuf),
}

/// The conditions Node 24 matches by default (<https://nodejs.org/api/packages.html#conditional-exports>):
/// "node", then "import" or "require", and "module-sync" (require(esm) is
/// on), besides "default", which always matches.
pub(super) fn conditions(mode: Mode) -> &'static [&'static str] {
    match mode {
        Mode::Require => &["node", "require", "module-sync"],
        Mode::Import => &["node", "import", "module-sync"],
    }
}

/// `.`/`..` segments of a path made absolute, resolved lexically (as URL
/// resolution does; symbolic links are not followed here).
pub(super) fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other.as_os_str()),
        }
    }
    out
}

pub(super) fn is_relative_specifier(s: &str) -> bool {
    s == "." || s == ".." || s.starts_with("./") || s.starts_with("../")
}

pub(super) fn with_suffix(p: &Path, suffix: &str) -> PathBuf {
    let mut s = p.as_os_str().to_owned();
    s.push(suffix);
    PathBuf::from(s)
}

/// The built-in a specifier names, if any (through `is_builtin`, which the
/// glue's list of built-ins answers).
pub(super) fn builtin_name(specifier: &str) -> Option<String> {
    BUILTINS.with(|b| {
        let b = b.borrow();
        if let Some(name) = specifier.strip_prefix("node:") {
            return Some(name.to_string());
        }
        b.iter().any(|n| n == specifier).then(|| specifier.to_string())
    })
}

thread_local! {
    /// The built-ins reachable without `node:` (the glue sets them).
    static BUILTINS: std::cell::RefCell<Vec<String>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Tells this thread's resolver which names are built-ins (without `node:`).
pub(crate) fn set_builtins(names: Vec<String>) {
    BUILTINS.with(|b| *b.borrow_mut() = names);
}

thread_local! {
    /// Built-ins reached only with `node:` (besides BUILTINS).
    static SCHEME_ONLY: std::cell::RefCell<Vec<String>> = const { std::cell::RefCell::new(Vec::new()) };
}

pub(super) fn is_known_builtin(name: &str) -> bool {
    BUILTINS.with(|b| b.borrow().iter().any(|n| n == name))
        || SCHEME_ONLY.with(|b| b.borrow().iter().any(|n| n == name))
}

/// Sets the `node:`-only built-ins (`test`, …).
pub(crate) fn set_scheme_only(names: Vec<String>) {
    SCHEME_ONLY.with(|b| *b.borrow_mut() = names);
}

/// ESM_RESOLVE: `specifier` as `import` written in the file `parent`
/// resolves it, then the result checked (ERR_UNSUPPORTED_DIR_IMPORT,
/// ERR_MODULE_NOT_FOUND) and its symbolic links resolved.
pub(crate) fn esm_resolve(specifier: &str, parent: &Path) -> Result<Resolved, ResolveError> {
    let base = parent.display().to_string();
    let resolved = if let Some(name) = specifier.strip_prefix("node:") {
        return Ok(Resolved::Builtin(name.to_string()));
    } else if specifier.starts_with("file:") {
        let url = url::Url::parse(specifier)
            .map_err(|_| err("ERR_INVALID_URL", format!("Invalid URL {specifier}")))?;
        url.to_file_path()
            .map_err(|_| err("ERR_INVALID_FILE_URL_PATH", "File URL path must be absolute".to_string()))?
    } else if specifier.starts_with('/') {
        normalize(Path::new(specifier))
    } else if is_relative_specifier(specifier) {
        normalize(&parent.parent().unwrap_or(Path::new("/")).join(specifier))
    } else if specifier.starts_with('#') {
        match imports_resolve(specifier, parent, Mode::Import, &base)? {
            Resolved::File(f) => f,
            b => return Ok(b),
        }
    } else if let Ok(url) = url::Url::parse(specifier) {
        return Err(err(
            "ERR_UNSUPPORTED_ESM_URL_SCHEME",
            format!(
                "Only URLs with a scheme in: file, data, and node are supported by the default ESM loader. Received protocol '{}'",
                url.scheme().to_string() + ":"
            ),
        ));
    } else {
        match package_resolve(specifier, parent, Mode::Import, &base)? {
            Resolved::File(f) => f,
            b => return Ok(b),
        }
    };
    finalize_esm(resolved, &base)
}

fn finalize_esm(resolved: PathBuf, base: &str) -> Result<Resolved, ResolveError> {
    let text = resolved.to_string_lossy();
    if text.contains("%2F") || text.contains("%2f") || text.contains("%5C") || text.contains("%5c") {
        return Err(err(
            "ERR_INVALID_MODULE_SPECIFIER",
            format!("Invalid module \"{text}\" must not include encoded \"/\" or \"\\\" characters imported from {base}"),
        ));
    }
    if resolved.is_dir() {
        return Err(err(
            "ERR_UNSUPPORTED_DIR_IMPORT",
            format!(
                "Directory import '{}' is not supported resolving ES modules imported from {base}",
                resolved.display()
            ),
        ));
    }
    if !resolved.is_file() {
        return Err(err(
            "ERR_MODULE_NOT_FOUND",
            format!("Cannot find module '{}' imported from {base}", resolved.display()),
        ));
    }
    Ok(Resolved::File(std::fs::canonicalize(&resolved).unwrap_or(resolved)))
}

/// LOAD_AS_FILE: X, then X.js, X.json, X.node.
fn load_as_file(x: &Path) -> Option<PathBuf> {
    if x.is_file() {
        return Some(x.to_path_buf());
    }
    [".js", ".json", ".node"].iter().map(|ext| with_suffix(x, ext)).find(|p| p.is_file())
}

/// LOAD_INDEX: X/index.js, X/index.json, X/index.node.
fn load_index(x: &Path) -> Option<PathBuf> {
    ["index.js", "index.json", "index.node"].iter().map(|f| x.join(f)).find(|p| p.is_file())
}

/// LOAD_AS_DIRECTORY: the package.json's "main" (as a file or with an
/// index), else the index.
fn load_as_directory(x: &Path) -> Result<Option<PathBuf>, ResolveError> {
    if let Some(pj) = package_json(x)? {
        if let Some(main) = pj.get("main").and_then(|m| m.as_str()).filter(|m| !m.is_empty()) {
            let m = normalize(&x.join(main));
            if let Some(found) = load_as_file(&m).or_else(|| load_index(&m)) {
                return Ok(Some(found));
            }
            if let Some(found) = load_index(x) {
                return Ok(Some(found));
            }
            return Err(err(
                "MODULE_NOT_FOUND",
                format!(
                    "Cannot find module '{}'. Please verify that the package.json has a valid \"main\" entry",
                    m.display()
                ),
            ));
        }
    }
    Ok(load_index(x))
}

/// RESOLVE_ESM_MATCH for `require`: the matched file must exist.
fn esm_match_for_require(found: Resolved, request: &str) -> Result<Resolved, ResolveError> {
    match found {
        Resolved::File(f) if f.is_file() => Ok(Resolved::File(f)),
        Resolved::File(_) => Err(err("MODULE_NOT_FOUND", format!("Cannot find module '{request}'"))),
        b => Ok(b),
    }
}

/// require(X) from a module in the directory `dir` (the CommonJS
/// algorithm, "All together"), after built-ins: the file, or a
/// MODULE_NOT_FOUND (whose message the glue completes with the require
/// stack) or a package error. `parent` names the requiring file for
/// "imports" and errors; `paths`, when given, replaces the node_modules
/// lookup directories (require.resolve's `paths` option, module.paths).
pub(crate) fn require_resolve(
    request: &str,
    parent: &Path,
    paths: Option<&[PathBuf]>,
) -> Result<Resolved, ResolveError> {
    let dir = parent.parent().unwrap_or(Path::new("/"));
    let base = parent.display().to_string();
    let not_found = || err("MODULE_NOT_FOUND", format!("Cannot find module '{request}'"));
    if let Some(name) = request.strip_prefix("node:") {
        return Ok(Resolved::Builtin(name.to_string()));
    }
    if request.starts_with('/') || is_relative_specifier(request) {
        let roots: Vec<PathBuf> = match (paths, request.starts_with('/')) {
            (Some(p), false) => p.to_vec(),
            _ => vec![dir.to_path_buf()],
        };
        for root in roots {
            let x = normalize(&root.join(request));
            // A request ending in a slash is a directory.
            let found = if request.ends_with('/') { None } else { load_as_file(&x) };
            if let Some(f) = found {
                return Ok(Resolved::File(f));
            }
            if let Some(f) = load_as_directory(&x)? {
                return Ok(Resolved::File(f));
            }
        }
        return Err(not_found());
    }
    if request.starts_with('#') {
        return imports_resolve(request, parent, Mode::Require, &base)
            .and_then(|f| esm_match_for_require(f, request));
    }
    let (name, subpath) = match split_package(request, &base) {
        Ok(split) => split,
        Err(_) => (String::new(), String::new()),
    };
    if !name.is_empty() {
        if let Some(found) = self_resolve(&name, &subpath, parent, Mode::Require, &base)? {
            return esm_match_for_require(found, request);
        }
    }
    let dirs = match paths {
        Some(p) => p.to_vec(),
        None => node_modules_paths(dir),
    };
    let req = Request { base: &base, mode: Mode::Require };
    for d in dirs {
        // LOAD_PACKAGE_EXPORTS
        if !name.is_empty() {
            let package_dir = d.join(&name);
            if let Some(pj) = package_json(&package_dir)? {
                if let Some(exports) = pj.get("exports").filter(|e| !e.is_null()) {
                    let found = exports_resolve(&req, &package_dir, &subpath, exports)?;
                    return esm_match_for_require(found, request);
                }
            }
        }
        let x = normalize(&d.join(request));
        if let Some(f) = load_as_file(&x) {
            return Ok(Resolved::File(f));
        }
        if let Some(f) = load_as_directory(&x)? {
            return Ok(Resolved::File(f));
        }
    }
    Err(not_found())
}
