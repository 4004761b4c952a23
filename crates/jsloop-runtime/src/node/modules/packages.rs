//! The package.json parts of Node 24's module resolution, which `require`
//! and `import` share: the package scope and its `type`, bare specifiers
//! split into package and subpath, and `exports`/`imports` with conditions
//! and `*` patterns (PACKAGE_RESOLVE, PACKAGE_EXPORTS_RESOLVE,
//! PACKAGE_IMPORTS_RESOLVE, PACKAGE_TARGET_RESOLVE, PACKAGE_SELF_RESOLVE of
//! <https://nodejs.org/api/esm.html#resolution-algorithm-specification>).
use std::path::{Path, PathBuf};

use serde_json::Value as Json;

use super::resolve::{builtin_name, conditions, err, normalize, with_suffix, Mode, ResolveError, Resolved};

pub(super) fn read_json(path: &Path) -> Option<Json> {
    let text = std::fs::read_to_string(path).ok()?;
    serde_json::from_str(text.trim_start_matches('\u{feff}')).ok()
}

/// A package.json as read, or Err(ERR_INVALID_PACKAGE_CONFIG) when it is
/// not JSON.
pub(super) fn package_json(dir: &Path) -> Result<Option<Json>, ResolveError> {
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

/// Splits a bare specifier into the package name and "." + the subpath;
/// ERR_INVALID_MODULE_SPECIFIER for a name Node refuses.
pub(super) fn split_package(specifier: &str, base: &str) -> Result<(String, String), ResolveError> {
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
pub(super) struct Request<'a> {
    /// The file (or directory) the specifier was written in.
    pub(super) base: &'a str,
    pub(super) mode: Mode,
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
pub(super) fn exports_resolve(
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
pub(super) fn imports_resolve(
    specifier: &str,
    from: &Path,
    mode: Mode,
    base: &str,
) -> Result<Resolved, ResolveError> {
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
pub(super) fn self_resolve(
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
pub(super) fn package_resolve(
    specifier: &str,
    from: &Path,
    mode: Mode,
    base: &str,
) -> Result<Resolved, ResolveError> {
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
