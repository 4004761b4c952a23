//! ES modules: resolution and loading, as Node does for `import`.
use std::rc::Rc;

use crate::node::Shared;
use crate::quickjs::throw_error;
use rquickjs::loader::{ImportAttributes, Loader, Resolver};
use rquickjs::module::Declared;
use rquickjs::Module;
use rquickjs::{Ctx, Function};

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
    fn module_kinds_follow_extensions() {
        assert!(is_commonjs("/x/a.cjs"));
        assert!(!is_commonjs("/x/a.mjs"));
        assert!(is_commonjs("/nonexistent-dir/a.js"));
    }
}
