//! Node's module system on the engine: the host functions the CommonJS
//! loader (`js/node/module.js`) calls, require() of ES modules, the ES
//! module loader's hooks ([`esm`]), `import.meta`, import attributes and
//! data: URL modules. Resolution itself is [`resolve`] (and its package.json
//! parts, `packages`), which only reads the file system.
use std::path::{Path, PathBuf};

use rquickjs::{qjs, Ctx, Function, Object, Value};

use crate::quickjs::text::WellFormed;

pub(super) mod esm;
mod packages;
mod resolve;

use packages::{node_modules_paths, package_scope, package_type};
use resolve::{
    esm_resolve, is_known_builtin, normalize, require_resolve, set_builtins, set_scheme_only, Resolved,
};

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
/// `setBuiltinNames(names, schemeOnly)`.
pub(crate) fn install<'js>(ctx: &Ctx<'js>, host: &Object<'js>) -> rquickjs::Result<()> {
    host.set(
        "requireResolve",
        Function::new(
            ctx.clone(),
            |ctx: Ctx<'js>,
             WellFormed(request): WellFormed,
             WellFormed(from): WellFormed,
             paths: Option<Vec<WellFormed>>|
             -> rquickjs::Result<Value<'js>> {
                let paths: Option<Vec<PathBuf>> =
                    paths.map(|p| p.into_iter().map(|p| PathBuf::from(p.0)).collect());
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
        Function::new(ctx.clone(), |WellFormed(dir): WellFormed| -> Vec<String> {
            node_modules_paths(&normalize(Path::new(&dir))).iter().map(|p| p.display().to_string()).collect()
        })?,
    )?;
    host.set(
        "packageType",
        Function::new(ctx.clone(), |WellFormed(file): WellFormed| -> Option<String> {
            package_type(Path::new(&file))
        })?,
    )?;
    host.set(
        "detectModuleSyntax",
        Function::new(
            ctx.clone(),
            |ctx: Ctx<'js>, source: String, WellFormed(filename): WellFormed| -> bool {
                detect_module_syntax(&ctx, &source, &filename)
            },
        )?,
    )?;
    host.set(
        "requireEsm",
        Function::new(ctx.clone(), |ctx: Ctx<'js>, WellFormed(filename): WellFormed| {
            require_esm(&ctx, &filename)
        })?,
    )?;
    host.set(
        "findPackageJson",
        Function::new(ctx.clone(), |WellFormed(path): WellFormed| -> Option<String> {
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
        // (The names of the built-ins reached without `node:` too are
        // `names` less `scheme_only`: filtered here, not by a closure per
        // name in the glue.)
        Function::new(ctx.clone(), |names: Vec<String>, scheme_only: Vec<String>| {
            set_builtins(names.into_iter().filter(|n| !scheme_only.contains(n)).collect());
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
        Function::new(
            ctx.clone(),
            move |ctx: Ctx<'js>, WellFormed(specifier): WellFormed| -> rquickjs::Result<String> {
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
                    Resolved::File(f) => {
                        url::Url::from_file_path(&f).map(|u| u.to_string()).unwrap_or_default()
                    }
                })
            },
        )?,
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
