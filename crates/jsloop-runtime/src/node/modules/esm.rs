//! ES modules: resolution and loading, as Node does for `import`.
use std::rc::Rc;

use crate::node::Shared;
use crate::quickjs::throw_error;
use rquickjs::loader::{ImportAttributes, Loader, Resolver};
use rquickjs::module::Declared;
use rquickjs::Module;
use rquickjs::{qjs, Ctx, FromJs, Function, Value};
use std::ffi::{c_char, c_void, CStr};

use crate::quickjs::text::well_formed;

thread_local! {
    /// The ES module files this thread has declared, in order: where an
    /// import that names a missing export is looked for
    /// ([`missing_export_frame`]).
    static DECLARED: std::cell::RefCell<Vec<String>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Notes an ES module file as declared (its source is read again only if
/// an import of it fails).
pub(crate) fn note_declared(file: &str) {
    DECLARED.with_borrow_mut(|d| {
        if !d.iter().any(|f| f == file) {
            d.push(file.to_string());
        }
    });
}

/// The import clause of `statement` (the text after `import`/`export` up
/// to `from`): the names it imports, each with its byte offset in the
/// clause (`default` for a default import).
fn clause_names(clause: &str) -> Vec<(String, usize)> {
    let mut names = Vec::new();
    let ident_end =
        |s: &str| s.find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$')).unwrap_or(s.len());
    let trimmed = clause.trim_start();
    let lead = clause.len() - trimmed.len();
    // A default import: an identifier first (`import def from`, `import def, { a } from`).
    if !trimmed.starts_with(['{', '*']) && !trimmed.starts_with("type ") {
        let end = ident_end(trimmed);
        if end > 0 {
            names.push(("default".to_string(), lead));
        }
    }
    // Named imports: `{ a, b as c, 'd' as e }` (the name before `as`).
    if let (Some(open), Some(close)) = (clause.find('{'), clause.rfind('}')) {
        let mut at = open + 1;
        for part in clause[open + 1..close.max(open + 1)].split(',') {
            let inner = part.trim_start();
            let offset = at + (part.len() - inner.len());
            let name = inner.trim_matches(|c: char| c == '\'' || c == '"');
            let quoted = inner.starts_with(['\'', '"']);
            let end = if quoted { name.find(['\'', '"']).unwrap_or(name.len()) } else { ident_end(inner) };
            if end > 0 {
                names.push((name[..end].to_string(), offset));
            }
            at += part.len() + 1;
        }
    }
    names
}

/// Node's code frame for QuickJS's "Could not find export 'NAME' in
/// module 'PATH'": the import that asked for it in one of the declared
/// modules (its file URL and line, the line, carets under the name) and
/// V8's words, "The requested module 'SPECIFIER' does not provide an
/// export named 'NAME'". `None` if the message is another or the import is
/// not found.
pub(crate) fn missing_export_frame(message: &str) -> Option<(String, String)> {
    let rest = message.strip_prefix("Could not find export '")?;
    let (name, rest) = rest.split_once("' in module '")?;
    let target = rest.strip_suffix('\'')?;
    let files = DECLARED.with_borrow(|d| d.clone());
    for file in files {
        let Some(source) = crate::quickjs::source_text(&file) else { continue };
        let dir = std::path::Path::new(&file).parent()?;
        // Each `from 'SPECIFIER'` whose statement began with import/export.
        for (at, _) in source.match_indices("from") {
            let after = source[at + 4..].trim_start();
            let Some(quote) = after.chars().next().filter(|c| *c == '\'' || *c == '"') else { continue };
            let Some(len) = after[1..].find(quote) else { continue };
            let specifier = &after[1..1 + len];
            // Does the specifier name the module that lacks the export?
            let resolves = if specifier.starts_with("./")
                || specifier.starts_with("../")
                || specifier.starts_with('/')
            {
                let joined = dir.join(specifier);
                std::fs::canonicalize(&joined).ok().map(|p| p.to_string_lossy().into_owned()).as_deref()
                    == std::fs::canonicalize(target).ok().map(|p| p.to_string_lossy().into_owned()).as_deref()
            } else {
                specifier == target || target.ends_with(&format!("/{specifier}"))
            };
            if !resolves {
                continue;
            }
            let head = &source[..at];
            let Some(start) = head.rfind("import").into_iter().chain(head.rfind("export")).max() else {
                continue;
            };
            let keyword = 6;
            let clause = &source[start + keyword..at];
            let Some((_, offset)) = clause_names(clause).into_iter().find(|(n, _)| n == name) else {
                continue;
            };
            let position = start + keyword + offset;
            let line = source[..position].matches('\n').count() + 1;
            let line_start = source[..position].rfind('\n').map_or(0, |i| i + 1);
            let text = source[line_start..].lines().next().unwrap_or("");
            let column = source[line_start..position].chars().count();
            let width = if name == "default" {
                source[position..].find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$')).unwrap_or(1)
            } else {
                name.chars().count()
            };
            let url = url::Url::from_file_path(&file).map(|u| u.to_string()).unwrap_or(file.clone());
            let frame = format!("{url}:{line}\n{text}\n{}{}\n", " ".repeat(column), "^".repeat(width.max(1)));
            let words =
                format!("The requested module '{specifier}' does not provide an export named '{name}'");
            return Some((frame, words));
        }
    }
    None
}

/// Node's ESM resolution (resolve.rs, shared with require): built-ins,
/// paths and URLs as written (no extension guessing), "imports", and
/// packages through their "exports" or main; then the import attributes.
pub struct NodeResolver;

impl Resolver for NodeResolver {
    fn resolve<'js>(
        &mut self,
        ctx: &Ctx<'js>,
        base: &str,
        name: &str,
        attributes: Option<ImportAttributes<'js>>,
    ) -> rquickjs::Result<String> {
        let resolved = super::resolve_import(ctx, base, name)?;
        let kind = attributes.and_then(|a| a.get_type().ok().flatten());
        super::check_import_attributes(ctx, &resolved, kind.as_deref())?;
        Ok(resolved)
    }
}

/// QuickJS's module name normalizer for the node host, installed over
/// rquickjs's (whose `CStr::to_str` refuses a specifier with a lone
/// surrogate, which QuickJS writes as its own three bytes: "Conversion from
/// string failed"): the base and the specifier as Node writes a path (each
/// lone surrogate U+FFFD, quickjs/text.rs; Node's URL of such a path has
/// %EF%BF%BD for it), then what [`NodeResolver`] does.
///
/// # Safety
/// Called by QuickJS: `ctx` live, `base` and `name` C strings, `attributes`
/// undefined or an object of its runtime.
pub(crate) unsafe extern "C" fn normalize_raw(
    ctx: *mut qjs::JSContext,
    base: *const c_char,
    name: *const c_char,
    attributes: qjs::JSValue,
    _opaque: *mut c_void,
) -> *mut c_char {
    unsafe {
        let rctx = Ctx::from_raw(std::ptr::NonNull::new_unchecked(ctx));
        let base = well_formed(CStr::from_ptr(base).to_bytes());
        let name = well_formed(CStr::from_ptr(name).to_bytes());
        let resolved = (|| {
            let resolved = super::resolve_import(&rctx, &base, &name)?;
            let kind = if qjs::JS_IsObject(attributes) {
                let v = qjs::JS_GetPropertyStr(ctx, attributes, c"type".as_ptr());
                Option::<String>::from_js(&rctx, Value::from_raw(rctx.clone(), v))?
            } else {
                None
            };
            super::check_import_attributes(&rctx, &resolved, kind.as_deref())?;
            Ok::<_, rquickjs::Error>(resolved)
        })();
        match resolved {
            Ok(r) => qjs::js_strndup(ctx, r.as_ptr() as _, r.len() as _),
            Err(e) => {
                // (An exception is already pending; anything else is thrown
                // as an Error with its text.)
                if !matches!(e, rquickjs::Error::Exception) {
                    let _ = throw_error(&rctx, &e.to_string());
                }
                std::ptr::null_mut()
            }
        }
    }
}

/// Loads a module: built-ins and CommonJS files through generated
/// source that re-exports their exports; `.mjs` (and `.js` under a
/// `"type": "module"` package) as ES modules.
pub struct NodeLoader {
    pub shared: Rc<Shared>,
}

fn reexport(access: &str, names: &[String]) -> String {
    let mut src = format!("const m = {access};\nexport default m;\n");
    if access.contains("jsloop.cjs") {
        // Node 23+: a CommonJS module's namespace has its module.exports.
        src.push_str("export { m as 'module.exports' };\n");
    }
    if !names.is_empty() {
        src.push_str(&format!("export const {{ {} }} = m;\n", names.join(", ")));
    }
    src
}

impl Loader for NodeLoader {
    fn load<'js>(
        &mut self,
        ctx: &Ctx<'js>,
        name: &str,
        _: Option<ImportAttributes<'js>>,
    ) -> rquickjs::Result<Module<'js, Declared>> {
        let glue = self.shared.glue.borrow().clone().and_then(|g| g.restore(ctx).ok());
        let names = |f: &str, arg: &str| -> rquickjs::Result<Vec<String>> {
            match glue.as_ref().and_then(|g| g.get::<_, Function>(f).ok()) {
                Some(f) => f.call::<_, Vec<String>>((arg,)),
                None => Ok(Vec::new()),
            }
        };
        if name.starts_with("data:") {
            let source = super::data_url_module_source(ctx, name)?;
            return Module::declare(ctx.clone(), name, source);
        }
        if let Some(builtin) = name.strip_prefix("node:") {
            let keys = names("builtinExportNames", builtin)?;
            let src = reexport(&format!("globalThis[Symbol.for('jsloop.builtin')]({builtin:?})"), &keys);
            return Module::declare(ctx.clone(), name, src);
        }
        if is_commonjs(name) && !super::typeless_esm(ctx, name) {
            // Like Node's cjs-module-lexer: the names are read from the
            // source, and the module runs when the importer evaluates.
            let keys = if name.ends_with(".json") {
                Vec::new()
            } else {
                std::fs::read_to_string(name).map(|s| cjs_export_names(&s)).unwrap_or_default()
            };
            let _ = &names;
            let src = reexport(&format!("globalThis[Symbol.for('jsloop.cjs')]({name:?})"), &keys);
            return Module::declare(ctx.clone(), name, src);
        }
        let source = std::fs::read_to_string(name).map_err(|e| throw_error(ctx, &format!("{name}: {e}")))?;
        note_declared(name);
        let module = Module::declare(ctx.clone(), name, source)?;
        if let Ok(meta) = module.meta() {
            super::set_import_meta(ctx, &meta, name)?;
        }
        Ok(module)
    }
}

/// The names a CommonJS module exports, found in its source as
/// cjs-module-lexer finds them: `exports.x =`, `module.exports.x =`,
/// `Object.defineProperty(exports, 'x'`, and the keys of an object
/// literal assigned to `module.exports`.
pub fn cjs_export_names(source: &str) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    let ident = |s: &str| -> Option<String> {
        let n: String = s.chars().take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '$').collect();
        (!n.is_empty() && !n.starts_with(|c: char| c.is_ascii_digit())).then_some(n)
    };
    let mut add = |n: String| {
        if n != "default" && !names.contains(&n) {
            names.push(n);
        }
    };
    for prefix in ["module.exports.", "exports."] {
        for (i, _) in source.match_indices(prefix) {
            if prefix == "exports." && source[..i].ends_with("module.") {
                continue;
            }
            let rest = &source[i + prefix.len()..];
            if let Some(n) = ident(rest) {
                if rest[n.len()..].trim_start().starts_with('=')
                    && !rest[n.len()..].trim_start().starts_with("==")
                {
                    add(n);
                }
            }
        }
    }
    for (i, _) in source.match_indices("defineProperty(exports,") {
        let rest = source[i + 23..].trim_start().trim_start_matches(['\'', '"']);
        if let Some(n) = ident(rest) {
            add(n);
        }
    }
    if let Some(i) = source.find("module.exports = {").or_else(|| source.find("module.exports={")) {
        let body = &source[i..];
        let start = body.find('{').unwrap_or(0) + 1;
        let mut depth = 0;
        let mut key_start = true;
        for (j, c) in body[start..].char_indices() {
            match c {
                '{' | '(' | '[' => depth += 1,
                '}' | ')' | ']' if depth == 0 => break,
                '}' | ')' | ']' => depth -= 1,
                ',' if depth == 0 => key_start = true,
                c if key_start && depth == 0 && !c.is_whitespace() => {
                    key_start = false;
                    if let Some(n) = ident(&body[start + j..]) {
                        add(n);
                    }
                }
                _ => {}
            }
        }
    }
    names
}

/// Whether Node treats a file as CommonJS: `.cjs`, `.json`, or `.js`
/// whose nearest package.json does not say `"type": "module"`.
pub fn is_commonjs(path: &str) -> bool {
    if path.ends_with(".cjs") || path.ends_with(".json") {
        return true;
    }
    if path.ends_with(".mjs") {
        return false;
    }
    let mut dir = std::path::Path::new(path).parent();
    while let Some(d) = dir {
        if let Ok(text) = std::fs::read_to_string(d.join("package.json")) {
            let typ = serde_json::from_str::<serde_json::Value>(&text)
                .ok()
                .and_then(|v| v.get("type").and_then(|t| t.as_str()).map(String::from));
            return typ.as_deref() != Some("module");
        }
        dir = d.parent();
    }
    true
}

#[cfg(test)]
mod tests {
    use super::{cjs_export_names, is_commonjs};

    #[test]
    fn commonjs_export_names_are_read_from_the_source() {
        let src = "exports.a = 1;\nmodule.exports.b = 2;\nObject.defineProperty(exports, 'c', { value: 3 });\nif (exports.a == 1) {}\n";
        assert_eq!(cjs_export_names(src), ["b", "a", "c"]);
        let src = "module.exports = { one, two: 2, three() {}, nested: { no: 1 }, [computed]: 4 };";
        assert_eq!(cjs_export_names(src), ["one", "two", "three", "nested"]);
    }

    #[test]
    fn an_import_clause_names_its_imports_with_their_offsets() {
        let names = super::clause_names(" def, { a, b as c, 'd e' as f } ");
        let got: Vec<(&str, usize)> = names.iter().map(|(n, o)| (n.as_str(), *o)).collect();
        assert_eq!(got, [("default", 1), ("a", 8), ("b", 11), ("d e", 19)]);
    }

    #[test]
    fn module_kinds_follow_extensions() {
        assert!(is_commonjs("/x/a.cjs"));
        assert!(!is_commonjs("/x/a.mjs"));
        assert!(is_commonjs("/nonexistent-dir/a.js"));
    }
}
