//! Module resolution as Node 24 does it, for `require` and for `import`:
//! the CommonJS algorithm of <https://nodejs.org/api/modules.html#all-together>
//! and ESM_RESOLVE of <https://nodejs.org/api/esm.html#resolution-algorithm-specification>,
//! which share the package.json parts (`exports` and `imports` with
//! conditions and `*` patterns, self-reference, the package scope's `type`).
//! Both hosts' loaders (the CommonJS one in `js/node/module.js`, the ES one
//! in `node.rs`) ask this file; it only reads the file system.
use std::path::{Component, Path, PathBuf};

use rquickjs::{qjs, Ctx, Function, Object, Value};
use serde_json::Value as Json;

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

fn err(code: &'static str, message: String) -> ResolveError {
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
fn conditions(mode: Mode) -> &'static [&'static str] {
    match mode {
        Mode::Require => &["node", "require", "module-sync"],
        Mode::Import => &["node", "import", "module-sync"],
    }
}

fn read_json(path: &Path) -> Option<Json> {
    let text = std::fs::read_to_string(path).ok()?;
    serde_json::from_str(text.trim_start_matches('\u{feff}')).ok()
}

/// A package.json as read, or Err(ERR_INVALID_PACKAGE_CONFIG) when it is
/// not JSON.
fn package_json(dir: &Path) -> Result<Option<Json>, ResolveError> {
    let path = dir.join("package.json");
    let Ok(text) = std::fs::read_to_string(&path) else { return Ok(None) };
    serde_json::from_str(text.trim_start_matches('\u{feff}')).map(Some).map_err(|e| {
        err("ERR_INVALID_PACKAGE_CONFIG", format!("Invalid package config {}.\n{e}", path.display()))
    })
}

/// LOOKUP_PACKAGE_SCOPE: the nearest directory with a package.json, not
/// looking past a `node_modules` directory.
pub(crate) fn package_scope(from: &Path) -> Option<PathBuf> {
    let mut dir = Some(from);
    while let Some(d) = dir {
        if d.file_name().is_some_and(|n| n == "node_modules") {
            return None;
        }
        if d.join("package.json").is_file() {
            return Some(d.to_path_buf());
        }
        dir = d.parent();
    }
    None
}

/// The `type` of the package scope of `file` ("module", "commonjs" or none).
pub(crate) fn package_type(file: &Path) -> Option<String> {
    let scope = package_scope(file.parent()?)?;
    read_json(&scope.join("package.json"))?.get("type")?.as_str().map(String::from)
}

/// `.`/`..` segments of a path made absolute, resolved lexically (as URL
/// resolution does; symbolic links are not followed here).
fn normalize(path: &Path) -> PathBuf {
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

fn is_relative_specifier(s: &str) -> bool {
    s == "." || s == ".." || s.starts_with("./") || s.starts_with("../")
}

/// Splits a bare specifier into the package name and "." + the subpath;
/// ERR_INVALID_MODULE_SPECIFIER for a name Node refuses.
fn split_package(specifier: &str, base: &str) -> Result<(String, String), ResolveError> {
    let name_end = if specifier.starts_with('@') {
        match specifier.find('/') {
            Some(first) => specifier[first + 1..].find('/').map(|i| first + 1 + i).unwrap_or(specifier.len()),
            None => {
                return Err(err(
                    "ERR_INVALID_MODULE_SPECIFIER",
                    format!(
                        "Invalid module \"{specifier}\" is not a valid package name imported from {base}"
                    ),
                ))
            }
        }
    } else {
        specifier.find('/').unwrap_or(specifier.len())
    };
    let name = &specifier[..name_end];
    if name.is_empty() || name.starts_with('.') || name.contains('\\') || name.contains('%') {
        return Err(err(
            "ERR_INVALID_MODULE_SPECIFIER",
            format!("Invalid module \"{specifier}\" is not a valid package name imported from {base}"),
        ));
    }
    Ok((name.to_string(), format!(".{}", &specifier[name_end..])))
}

/// Node's ordering of `*` keys (PATTERN_KEY_COMPARE): the longer prefix
/// before the `*` first, then the longer key.
fn pattern_key_compare(a: &str, b: &str) -> std::cmp::Ordering {
    use std::cmp::Ordering::*;
    let base_a = a.find('*').map(|i| i + 1).unwrap_or(a.len());
    let base_b = b.find('*').map(|i| i + 1).unwrap_or(b.len());
    if base_a > base_b {
        return Less;
    }
    if base_b > base_a {
        return Greater;
    }
    if !a.contains('*') {
        return Greater;
    }
    if !b.contains('*') {
        return Less;
    }
    b.len().cmp(&a.len())
}

/// The request a package resolution is made for, for error messages.
struct Request<'a> {
    /// The file (or directory) the specifier was written in.
    base: &'a str,
    mode: Mode,
}

impl Request<'_> {
    fn conditions(&self) -> &'static [&'static str] {
        conditions(self.mode)
    }
    fn invalid_target(&self, package_dir: &Path, key: &str, target: &str, imports: bool) -> ResolveError {
        let pj = package_dir.join("package.json");
        let message = if imports {
            format!(
                "Invalid \"imports\" target \"{target}\" defined for '{key}' in the package config {} imported from {}",
                pj.display(),
                self.base
            )
        } else if key == "." {
            format!(
                "Invalid \"exports\" main target \"{target}\" defined in the package config {} imported from {}",
                pj.display(),
                self.base
            )
        } else {
            format!(
                "Invalid \"exports\" target \"{target}\" defined for '{key}' in the package config {} imported from {}",
                pj.display(),
                self.base
            )
        };
        err("ERR_INVALID_PACKAGE_TARGET", message)
    }
}

/// Whether a path's segments (split at `/` and `\`) include "", ".", ".."
/// or "node_modules" (percent-encoded too), which a target may not have
/// after its leading ".".
fn has_invalid_segment(path: &str, allow_empty: bool) -> bool {
    path.split(['/', '\\']).any(|seg| {
        let lower = seg.to_ascii_lowercase().replace("%2e", ".");
        (seg.is_empty() && !allow_empty) || lower == "." || lower == ".." || lower == "node_modules"
    })
}

/// PACKAGE_TARGET_RESOLVE. Ok(None) is "no match" (null or undefined).
fn target_resolve(
    req: &Request,
    package_dir: &Path,
    key: &str,
    target: &Json,
    pattern_match: Option<&str>,
    imports: bool,
) -> Result<Option<Resolved>, ResolveError> {
    match target {
        Json::String(t) => {
            if !t.starts_with("./") {
                // Step 1.a: only "imports" may name a package.
                if !imports || t.starts_with("../") || t.starts_with('/') || url::Url::parse(t).is_ok() {
                    return Err(req.invalid_target(package_dir, key, t, imports));
                }
                let spec = match pattern_match {
                    Some(m) => t.replace('*', m),
                    None => t.clone(),
                };
                let base = package_dir.join("package.json");
                return package_resolve(&spec, &base, req.mode, req.base).map(Some);
            }
            // Step 1.b: no "", ".", "..", "node_modules" after the "./".
            if has_invalid_segment(&t[2..], true) && !t[2..].is_empty() {
                let bad = t[2..].split(['/', '\\']).any(|seg| {
                    let lower = seg.to_ascii_lowercase().replace("%2e", ".");
                    lower == "." || lower == ".." || lower == "node_modules"
                });
                if bad {
                    return Err(req.invalid_target(package_dir, key, t, imports));
                }
            }
            let resolved = normalize(&package_dir.join(&t[2..]));
            if !resolved.starts_with(package_dir) {
                return Err(req.invalid_target(package_dir, key, t, imports));
            }
            let Some(m) = pattern_match else { return Ok(Some(Resolved::File(resolved))) };
            if has_invalid_segment(m, true) {
                let bad = m.split(['/', '\\']).any(|seg| {
                    let lower = seg.to_ascii_lowercase().replace("%2e", ".");
                    lower == "." || lower == ".." || lower == "node_modules"
                });
                if bad {
                    let which = if imports { "imports" } else { "exports" };
                    return Err(err(
                        "ERR_INVALID_MODULE_SPECIFIER",
                        format!(
                            "Invalid module \"{}\" request is not a valid match in pattern \"{key}\" for the \"{which}\" resolution of {} imported from {}",
                            key.replace('*', m),
                            package_dir.join("package.json").display(),
                            req.base
                        ),
                    ));
                }
            }
            Ok(Some(Resolved::File(PathBuf::from(resolved.to_string_lossy().replace('*', m)))))
        }
        Json::Object(map) => {
            // Step 2: the first condition that matches and resolves, in
            // the object's order (serde_json keeps it: preserve_order).
            for (cond, value) in map {
                if cond.parse::<u64>().is_ok() {
                    return Err(err(
                        "ERR_INVALID_PACKAGE_CONFIG",
                        format!(
                            "Invalid package config {}. \"exports\" cannot contain numeric property keys.",
                            package_dir.join("package.json").display()
                        ),
                    ));
                }
                if cond == "default" || req.conditions().contains(&cond.as_str()) {
                    if let Some(found) = target_resolve(req, package_dir, key, value, pattern_match, imports)?
                    {
                        return Ok(Some(found));
                    }
                }
            }
            Ok(None)
        }
        Json::Array(list) => {
            // Step 3: the first fallback that resolves; an invalid target
            // moves on to the next.
            let mut last = Ok(None);
            for value in list {
                match target_resolve(req, package_dir, key, value, pattern_match, imports) {
                    Ok(Some(found)) => return Ok(Some(found)),
                    Ok(None) => last = Ok(None),
                    Err(e) if e.code == "ERR_INVALID_PACKAGE_TARGET" => last = Err(e),
                    Err(e) => return Err(e),
                }
            }
            last
        }
        Json::Null => Ok(None),
        other => Err(req.invalid_target(package_dir, key, &other.to_string(), imports)),
    }
}

/// PACKAGE_IMPORTS_EXPORTS_RESOLVE: an exact key, else the best `*` key.
fn imports_exports_resolve(
    req: &Request,
    match_key: &str,
    map: &serde_json::Map<String, Json>,
    package_dir: &Path,
    imports: bool,
) -> Result<Option<Resolved>, ResolveError> {
    if !match_key.contains('*') {
        if let Some(target) = map.get(match_key) {
            return target_resolve(req, package_dir, match_key, target, None, imports);
        }
    }
    let mut keys: Vec<&String> = map.keys().filter(|k| k.matches('*').count() == 1).collect();
    keys.sort_by(|a, b| pattern_key_compare(a, b));
    for key in keys {
        let star = key.find('*').unwrap_or(0);
        let (base, trailer) = (&key[..star], &key[star + 1..]);
        if match_key.starts_with(base) && match_key != base {
            if trailer.is_empty() || (match_key.ends_with(trailer) && match_key.len() >= key.len()) {
                let matched = &match_key[base.len()..match_key.len() - trailer.len()];
                return target_resolve(req, package_dir, key, &map[key.as_str()], Some(matched), imports);
            }
        }
    }
    Ok(None)
}

/// PACKAGE_EXPORTS_RESOLVE for `subpath` ("." or "./x") of the package in
/// `package_dir` whose "exports" is `exports`.
fn exports_resolve(
    req: &Request,
    package_dir: &Path,
    subpath: &str,
    exports: &Json,
) -> Result<Resolved, ResolveError> {
    let pj = package_dir.join("package.json");
    let dotted = match exports {
        Json::Object(map) => {
            let dots = map.keys().filter(|k| k.starts_with('.')).count();
            if dots != 0 && dots != map.len() {
                return Err(err(
                    "ERR_INVALID_PACKAGE_CONFIG",
                    format!(
                        "Invalid package config {}. \"exports\" cannot contain some keys starting with '.' and some not. The exports object must either be an object of package subpath keys or an object of main entry condition name keys only.",
                        pj.display()
                    ),
                ));
            }
            dots > 0
        }
        _ => false,
    };
    let found = if subpath == "." {
        let main = if dotted { exports.get(".") } else { Some(exports) };
        match main {
            Some(target) => target_resolve(req, package_dir, ".", target, None, false)?,
            None => None,
        }
    } else if let (true, Json::Object(map)) = (dotted, exports) {
        imports_exports_resolve(req, subpath, map, package_dir, false)?
    } else {
        None
    };
    found.ok_or_else(|| {
        let message = if subpath == "." {
            format!("No \"exports\" main defined in {}", pj.display())
        } else {
            format!("Package subpath '{subpath}' is not defined by \"exports\" in {}", pj.display())
        };
        let message = match req.mode {
            Mode::Import => format!("{message} imported from {}", req.base),
            Mode::Require => message,
        };
        err("ERR_PACKAGE_PATH_NOT_EXPORTED", message)
    })
}

/// PACKAGE_IMPORTS_RESOLVE of a `#` specifier written in `from` (a file).
fn imports_resolve(specifier: &str, from: &Path, mode: Mode, base: &str) -> Result<Resolved, ResolveError> {
    let req = Request { base, mode };
    if specifier == "#" || specifier.starts_with("#/") {
        return Err(err(
            "ERR_INVALID_MODULE_SPECIFIER",
            format!("Invalid module \"{specifier}\" is not a valid internal imports specifier name imported from {base}"),
        ));
    }
    let scope = from.parent().and_then(package_scope);
    if let Some(scope) = &scope {
        if let Some(Json::Object(map)) = package_json(scope)?.as_ref().and_then(|p| p.get("imports")) {
            if let Some(found) = imports_exports_resolve(&req, specifier, map, scope, true)? {
                return Ok(found);
            }
        }
    }
    let message = match &scope {
        Some(scope) => format!(
            "Package import specifier \"{specifier}\" is not defined in package {} imported from {base}",
            scope.join("package.json").display()
        ),
        None => format!("Package import specifier \"{specifier}\" is not defined imported from {base}"),
    };
    Err(err("ERR_PACKAGE_IMPORT_NOT_DEFINED", message))
}

/// The self-reference of a package by its own name (PACKAGE_SELF_RESOLVE /
/// LOAD_PACKAGE_SELF): only through its "exports".
fn self_resolve(
    name: &str,
    subpath: &str,
    from: &Path,
    mode: Mode,
    base: &str,
) -> Result<Option<Resolved>, ResolveError> {
    let Some(scope) = from.parent().and_then(package_scope) else { return Ok(None) };
    let Some(pj) = package_json(&scope)? else { return Ok(None) };
    let Some(exports) = pj.get("exports").filter(|e| !e.is_null()) else { return Ok(None) };
    if pj.get("name").and_then(|n| n.as_str()) != Some(name) {
        return Ok(None);
    }
    exports_resolve(&Request { base, mode }, &scope, subpath, exports).map(Some)
}

/// The directories `node_modules` lookups go through from `dir`
/// (NODE_MODULES_PATHS): each ancestor's `node_modules`, skipping the
/// `node_modules` directories themselves.
pub(crate) fn node_modules_paths(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut d = Some(dir);
    while let Some(p) = d {
        if p.file_name().is_none_or(|n| n != "node_modules") {
            out.push(p.join("node_modules"));
        }
        d = p.parent();
    }
    out
}

/// PACKAGE_RESOLVE for `import` (and "imports" targets that name a
/// package): built-ins, self-reference, then node_modules up the tree.
fn package_resolve(specifier: &str, from: &Path, mode: Mode, base: &str) -> Result<Resolved, ResolveError> {
    if let Some(name) = builtin_name(specifier) {
        return Ok(Resolved::Builtin(name));
    }
    let (name, subpath) = split_package(specifier, base)?;
    if subpath.ends_with('/') {
        return Err(err(
            "ERR_INVALID_MODULE_SPECIFIER",
            format!("Invalid module \"{specifier}\" is not a valid package name imported from {base}"),
        ));
    }
    if let Some(found) = self_resolve(&name, &subpath, from, mode, base)? {
        return Ok(found);
    }
    let req = Request { base, mode };
    for dir in node_modules_paths(from.parent().unwrap_or(Path::new("/"))) {
        let package_dir = dir.join(&name);
        if !package_dir.is_dir() {
            continue;
        }
        let pj = package_json(&package_dir)?;
        if let Some(exports) = pj.as_ref().and_then(|p| p.get("exports")).filter(|e| !e.is_null()) {
            return exports_resolve(&req, &package_dir, &subpath, exports);
        }
        if subpath == "." {
            // The legacy main: "main" (as a file, with an extension, or its
            // index), else index.js.
            let main =
                pj.as_ref().and_then(|p| p.get("main")).and_then(|m| m.as_str()).filter(|m| !m.is_empty());
            if let Some(main) = main {
                let m = normalize(&package_dir.join(main));
                for candidate in [
                    m.clone(),
                    with_suffix(&m, ".js"),
                    with_suffix(&m, ".json"),
                    with_suffix(&m, ".node"),
                    m.join("index.js"),
                    m.join("index.json"),
                    m.join("index.node"),
                ] {
                    if candidate.is_file() {
                        return Ok(Resolved::File(candidate));
                    }
                }
            }
            let index = package_dir.join("index.js");
            if index.is_file() {
                return Ok(Resolved::File(index));
            }
            return Err(err(
                "ERR_MODULE_NOT_FOUND",
                format!("Cannot find package '{}' imported from {base}", package_dir.display()),
            ));
        }
        return Ok(Resolved::File(normalize(&package_dir.join(&subpath[2..]))));
    }
    Err(err("ERR_MODULE_NOT_FOUND", format!("Cannot find package '{name}' imported from {base}")))
}

fn with_suffix(p: &Path, suffix: &str) -> PathBuf {
    let mut s = p.as_os_str().to_owned();
    s.push(suffix);
    PathBuf::from(s)
}

/// The built-in a specifier names, if any (through `is_builtin`, which the
/// glue's list of built-ins answers).
fn builtin_name(specifier: &str) -> Option<String> {
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

/// Whether `source` (a `.js` file with no package "type") is an ES module
/// by Node 24's syntax detection: it does not compile as CommonJS but does
/// as a module. The trial compile as a module is made in a context of its
/// own, freed at once, so no module is left declared.
pub(crate) fn detect_module_syntax(ctx: &Ctx<'_>, source: &str, filename: &str) -> bool {
    let wrapped = format!("(function (exports, require, module, __filename, __dirname) {{ {source}\n}})");
    if crate::quickjs::compile_classic_script(ctx, &wrapped, filename).is_ok() {
        return false;
    }
    let _ = ctx.catch();
    let mut bytes = Vec::with_capacity(source.len() + 1);
    bytes.extend_from_slice(source.as_bytes());
    bytes.push(0);
    let name = std::ffi::CString::new(filename.replace('\0', "")).unwrap_or_default();
    // SAFETY: a fresh context of this runtime, used only here with
    // QuickJS's own calls and freed before returning (with the module the
    // compile declared in it); `bytes` is NUL-terminated and outlives the
    // call. A module value is never freed by itself (its context owns it).
    unsafe {
        let tmp = qjs::JS_NewContext(qjs::JS_GetRuntime(ctx.as_raw().as_ptr()));
        if tmp.is_null() {
            return false;
        }
        let v = qjs::JS_Eval(
            tmp,
            bytes.as_ptr().cast(),
            source.len() as _,
            name.as_ptr(),
            (qjs::JS_EVAL_TYPE_MODULE | qjs::JS_EVAL_FLAG_COMPILE_ONLY) as i32,
        );
        let ok = !qjs::JS_IsException(v);
        if !ok {
            qjs::JS_FreeValue(tmp, qjs::JS_GetException(tmp));
        }
        qjs::JS_FreeContext(tmp);
        ok
    }
}

thread_local! {
    static REQUIRED: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// Evaluates a module of generated source named after `filename` and
/// returns its namespace; None while its evaluation is still pending (top-
/// level await somewhere in the graph).
fn eval_facade<'js>(ctx: &Ctx<'js>, filename: &str, source: String) -> rquickjs::Result<Option<Object<'js>>> {
    let n = REQUIRED.with(|c| {
        c.set(c.get() + 1);
        c.get()
    });
    let declared = rquickjs::Module::declare(ctx.clone(), format!("{filename}?require={n}"), source)?;
    let (module, promise) = declared.eval()?;
    match promise.state() {
        rquickjs::promise::PromiseState::Pending => Ok(None),
        rquickjs::promise::PromiseState::Rejected => {
            // Promise::result throws a rejection's reason into the context
            // (Err(Exception)); ctx.catch() takes it back.
            let reason: Value = match promise.result::<Value>() {
                Some(Ok(v)) => v,
                _ => ctx.catch(),
            };
            // The rejection is thrown here, so it is no unhandled one.
            let _ = promise.catch().and_then(|c| {
                c.call::<_, Value>((
                    rquickjs::function::This(promise.clone()),
                    Function::new(ctx.clone(), || {})?,
                ))
            });
            Err(ctx.throw(reason))
        }
        rquickjs::promise::PromiseState::Resolved => module.namespace().map(Some),
    }
}

/// require() of the ES module `filename` (<https://nodejs.org/api/modules.html#loading-ecmascript-modules-using-require>):
/// its graph linked and evaluated now; the namespace, or its
/// `"module.exports"` export; with a default export, a namespace that also
/// has `__esModule: true`, as Node's; null for a graph with top-level await.
fn require_esm<'js>(ctx: &Ctx<'js>, filename: &str) -> rquickjs::Result<Value<'js>> {
    let spec = serde_json::to_string(filename).unwrap_or_default();
    let Some(facade) =
        eval_facade(ctx, filename, format!("import * as ns from {spec};\nexport {{ ns }};\n"))?
    else {
        return Ok(Value::new_null(ctx.clone()));
    };
    let ns: Object = facade.get("ns")?;
    if ns.contains_key("module.exports")? {
        return ns.get("module.exports");
    }
    if ns.contains_key("default")? && !ns.contains_key("__esModule")? {
        let source = format!(
            "export * from {spec};\nexport {{ default }} from {spec};\nexport const __esModule = true;\n"
        );
        if let Some(with_flag) = eval_facade(ctx, filename, source)? {
            return Ok(with_flag.into_value());
        }
    }
    Ok(ns.into_value())
}

/// Installs the module system's host functions: `requireResolve(request,
/// from, paths)` (a path string, `node:name`, or `{ code, message }`),
/// `nodeModulePaths(dir)`, `packageType(file)`, `detectModuleSyntax(source,
/// filename)`, `requireEsm(filename)`, `findPackageJson(path)` and
/// `setBuiltinNames(names)`.
pub(crate) fn install<'js>(ctx: &Ctx<'js>, host: &Object<'js>) -> rquickjs::Result<()> {
    host.set(
        "requireResolve",
        Function::new(
            ctx.clone(),
            |ctx: Ctx<'js>,
             request: String,
             from: String,
             paths: Option<Vec<String>>|
             -> rquickjs::Result<Value<'js>> {
                let paths: Option<Vec<PathBuf>> = paths.map(|p| p.into_iter().map(PathBuf::from).collect());
                match require_resolve(&request, Path::new(&from), paths.as_deref()) {
                    Ok(Resolved::File(f)) => {
                        let real = std::fs::canonicalize(&f).unwrap_or(f);
                        Ok(rquickjs::String::from_str(ctx, &real.to_string_lossy())?.into_value())
                    }
                    Ok(Resolved::Builtin(name)) => {
                        Ok(rquickjs::String::from_str(ctx, &format!("node:{name}"))?.into_value())
                    }
                    Err(e) => {
                        let o = Object::new(ctx)?;
                        o.set("code", e.code)?;
                        o.set("message", e.message)?;
                        Ok(o.into_value())
                    }
                }
            },
        )?,
    )?;
    host.set(
        "nodeModulePaths",
        Function::new(ctx.clone(), |dir: String| -> Vec<String> {
            node_modules_paths(&normalize(Path::new(&dir))).iter().map(|p| p.display().to_string()).collect()
        })?,
    )?;
    host.set(
        "packageType",
        Function::new(ctx.clone(), |file: String| -> Option<String> { package_type(Path::new(&file)) })?,
    )?;
    host.set(
        "detectModuleSyntax",
        Function::new(ctx.clone(), |ctx: Ctx<'js>, source: String, filename: String| -> bool {
            detect_module_syntax(&ctx, &source, &filename)
        })?,
    )?;
    host.set(
        "requireEsm",
        Function::new(ctx.clone(), |ctx: Ctx<'js>, filename: String| require_esm(&ctx, &filename))?,
    )?;
    host.set(
        "findPackageJson",
        Function::new(ctx.clone(), |path: String| -> Option<String> {
            let p = Path::new(&path);
            let start = if p.is_dir() { Some(p) } else { p.parent() };
            let mut dir = start;
            while let Some(d) = dir {
                let pj = d.join("package.json");
                if pj.is_file() {
                    return Some(pj.display().to_string());
                }
                dir = d.parent();
            }
            None
        })?,
    )?;
    host.set(
        "setBuiltinNames",
        Function::new(ctx.clone(), |names: Vec<String>, scheme_only: Vec<String>| {
            set_builtins(names);
            set_scheme_only(scheme_only);
        })?,
    )?;
    Ok(())
}

/// The ES module loader's resolve hook: `name` as `import` written in
/// `base` resolves it, as the name QuickJS keys the module by (a path, or
/// `node:x`); a failure is thrown as Node's error (its code and message).
pub(crate) fn resolve_import<'js>(ctx: &Ctx<'js>, base: &str, name: &str) -> rquickjs::Result<String> {
    // A data: URL is its own module's name (Node's default loader takes
    // text/javascript and application/json ones).
    if name.starts_with("data:") {
        return Ok(name.to_string());
    }
    match esm_resolve(name, Path::new(base)) {
        Ok(Resolved::File(f)) => Ok(f.display().to_string()),
        Ok(Resolved::Builtin(b)) => {
            if !is_known_builtin(&b) {
                return Err(throw_node_error(
                    ctx,
                    "ERR_UNKNOWN_BUILTIN_MODULE",
                    &format!("No such built-in module: {name}"),
                ));
            }
            Ok(format!("node:{b}"))
        }
        Err(e) => Err(throw_node_error(ctx, e.code, &e.message)),
    }
}

thread_local! {
    /// Built-ins reached only with `node:` (besides BUILTINS).
    static SCHEME_ONLY: std::cell::RefCell<Vec<String>> = const { std::cell::RefCell::new(Vec::new()) };
}

fn is_known_builtin(name: &str) -> bool {
    BUILTINS.with(|b| b.borrow().iter().any(|n| n == name))
        || SCHEME_ONLY.with(|b| b.borrow().iter().any(|n| n == name))
}

/// Sets the `node:`-only built-ins (`test`, …).
pub(crate) fn set_scheme_only(names: Vec<String>) {
    SCHEME_ONLY.with(|b| *b.borrow_mut() = names);
}

/// Throws Node's error for `code` (made by the util module's NodeError, so
/// it prints as `Error [CODE]: message`).
fn throw_node_error<'js>(ctx: &Ctx<'js>, code: &str, message: &str) -> rquickjs::Error {
    let class = match code {
        "ERR_INVALID_MODULE_SPECIFIER"
        | "ERR_PACKAGE_IMPORT_NOT_DEFINED"
        | "ERR_IMPORT_ATTRIBUTE_MISSING"
        | "ERR_IMPORT_ATTRIBUTE_TYPE_INCOMPATIBLE"
        | "ERR_IMPORT_ATTRIBUTE_UNSUPPORTED"
        | "ERR_INVALID_URL"
        | "ERR_INVALID_FILE_URL_PATH" => "TypeError",
        "ERR_UNKNOWN_MODULE_FORMAT" => "RangeError",
        _ => "Error",
    };
    let src = format!(
        "(c, m) => globalThis[Symbol.for('jsloop.builtin')]('util')[Symbol.for('jsloop.node.util.internal')].nodeError({class}, c, m)"
    );
    match ctx.eval::<Function, _>(src) {
        Ok(f) => match f.call::<_, Value>((code, message)) {
            Ok(e) => ctx.throw(e),
            Err(e) => e,
        },
        Err(e) => e,
    }
}

/// Whether the file `name`, which its extension and package would make
/// CommonJS, is a `.js` file with no package "type" whose source only
/// parses as an ES module (Node 24 runs it as one; with a package.json that
/// has no "type", Node warns MODULE_TYPELESS_PACKAGE_JSON, on stderr).
pub(crate) fn typeless_esm(ctx: &Ctx<'_>, name: &str) -> bool {
    let path = Path::new(name);
    if path.extension().is_none_or(|e| e != "js") || package_type(path).is_some() {
        return false;
    }
    let Ok(source) = std::fs::read_to_string(path) else { return false };
    if !detect_module_syntax(ctx, source.trim_start_matches("#!"), name) {
        return false;
    }
    if let Some(scope) = path.parent().and_then(package_scope) {
        let url = url::Url::from_file_path(path).map(|u| u.to_string()).unwrap_or_default();
        let message = format!(
            "Module type of {url} is not specified and it doesn't parse as CommonJS.\nReparsing as ES module because module syntax was detected. This incurs a performance overhead.\nTo eliminate this warning, add \"type\": \"module\" to {}.",
            scope.join("package.json").display()
        );
        let warn = ctx.globals().get::<_, Object>("process").and_then(|p| {
            let emit: Function = p.get("emitWarning")?;
            let options = Object::new(ctx.clone())?;
            options.set("code", "MODULE_TYPELESS_PACKAGE_JSON")?;
            emit.call::<_, ()>((rquickjs::function::This(p), message, options))
        });
        if warn.is_err() {
            let _ = ctx.catch();
        }
    }
    true
}

/// `import.meta` of the ES module in the file `name`: `url`, `filename`,
/// `dirname` and `resolve(specifier)` (<https://nodejs.org/api/esm.html#importmeta>).
pub(crate) fn set_import_meta<'js>(ctx: &Ctx<'js>, meta: &Object<'js>, name: &str) -> rquickjs::Result<()> {
    let url =
        url::Url::from_file_path(name).map(|u| u.to_string()).unwrap_or_else(|_| format!("file://{name}"));
    meta.set("dirname", Path::new(name).parent().map(|p| p.display().to_string()))?;
    meta.set("filename", name)?;
    let base = name.to_string();
    meta.set(
        "resolve",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, specifier: String| -> rquickjs::Result<String> {
            let found = match esm_resolve(&specifier, Path::new(&base)) {
                Ok(found) => found,
                // A file that does not exist still resolves to its URL.
                Err(e)
                    if e.code == "ERR_MODULE_NOT_FOUND"
                        && (specifier.starts_with('.') || specifier.starts_with('/')) =>
                {
                    let dir = Path::new(&base).parent().unwrap_or(Path::new("/"));
                    Resolved::File(normalize(&dir.join(&specifier)))
                }
                Err(e) => return Err(throw_node_error(&ctx, e.code, &e.message)),
            };
            Ok(match found {
                Resolved::Builtin(b) => format!("node:{b}"),
                Resolved::File(f) => url::Url::from_file_path(&f).map(|u| u.to_string()).unwrap_or_default(),
            })
        })?,
    )?;
    meta.set("url", url)?;
    Ok(())
}

/// The import attributes of an `import` (<https://nodejs.org/api/esm.html#import-attributes>):
/// a JSON module needs `type: 'json'` (ERR_IMPORT_ATTRIBUTE_MISSING), and
/// `type: 'json'` is for JSON only (ERR_IMPORT_ATTRIBUTE_TYPE_INCOMPATIBLE).
/// The source of a data: URL module (Node's `lib/internal/modules/esm/load.js`
/// getSource and its format by MIME type): a text/javascript URL is an ES
/// module, an application/json one a JSON module; any other type is
/// ERR_UNKNOWN_MODULE_FORMAT.
pub(crate) fn data_url_module_source(ctx: &Ctx<'_>, url: &str) -> rquickjs::Result<String> {
    let invalid = || throw_node_error(ctx, "ERR_INVALID_URL", &format!("Invalid URL {url}"));
    let parsed = data_url::DataUrl::process(url).map_err(|_| invalid())?;
    let mime = parsed.mime_type();
    let essence = format!("{}/{}", mime.type_, mime.subtype);
    let (body, _) = parsed.decode_to_vec().map_err(|_| invalid())?;
    let text = String::from_utf8_lossy(&body).into_owned();
    match essence.as_str() {
        "text/javascript" => Ok(text),
        "application/json" => Ok(format!("export default {text};")),
        _ => Err(throw_node_error(
            ctx,
            "ERR_UNKNOWN_MODULE_FORMAT",
            &format!("Unknown module format: {essence} for URL {url}"),
        )),
    }
}

pub(crate) fn check_import_attributes(
    ctx: &Ctx<'_>,
    resolved: &str,
    kind: Option<&str>,
) -> rquickjs::Result<()> {
    let json = resolved.ends_with(".json");
    let url =
        || url::Url::from_file_path(resolved).map(|u| u.to_string()).unwrap_or_else(|_| resolved.to_string());
    match kind {
        None if json => Err(throw_node_error(
            ctx,
            "ERR_IMPORT_ATTRIBUTE_MISSING",
            &format!("Module \"{}\" needs an import attribute of \"type: json\"", url()),
        )),
        Some("json") if !json => Err(throw_node_error(
            ctx,
            "ERR_IMPORT_ATTRIBUTE_TYPE_INCOMPATIBLE",
            &format!("Module \"{}\" is not of type \"json\"", url()),
        )),
        Some(other) if other != "json" => Err(throw_node_error(
            ctx,
            "ERR_IMPORT_ATTRIBUTE_UNSUPPORTED",
            &format!("Import attribute \"type\" with value \"{other}\" is not supported"),
        )),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pattern_keys_sort_by_their_prefix_then_length() {
        let mut keys = vec!["./*", "./a/*", "./a/*.js", "./a/b"];
        keys.sort_by(|a, b| pattern_key_compare(a, b));
        assert_eq!(keys, ["./a/*.js", "./a/*", "./a/b", "./*"]);
    }

    #[test]
    fn package_names_split_with_scopes() {
        assert_eq!(split_package("a/b/c", "x").unwrap(), ("a".into(), "./b/c".into()));
        assert_eq!(split_package("@s/a/b", "x").unwrap(), ("@s/a".into(), "./b".into()));
        assert_eq!(split_package("@s/a", "x").unwrap(), ("@s/a".into(), ".".into()));
        assert!(split_package("@s", "x").is_err());
    }

    #[test]
    fn lookup_paths_skip_node_modules_directories() {
        let p = node_modules_paths(Path::new("/a/node_modules/b"));
        assert_eq!(
            p,
            [
                PathBuf::from("/a/node_modules/b/node_modules"),
                "/a/node_modules".into(),
                "/node_modules".into()
            ]
        );
    }
}
