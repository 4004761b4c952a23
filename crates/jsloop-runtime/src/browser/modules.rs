//! Where a module script's imports are read from (static `import` and
//! dynamic `import()`, in a page's module scripts and in workers).
//!
//! A module is named by its file's path, or (a served classic script, a
//! served worker) by its URL. An import's specifier is resolved as the HTML
//! Standard's "resolve a module specifier" resolves it against that script's
//! base URL, and read from the file [`super::workers::locate`] maps the URL
//! to: beside the importer for a local page, beneath the document root for
//! a page served with `--root` (where `/x.js` is the root's `x.js`).
use std::path::{Component, Path, PathBuf};

use rquickjs::loader::{ImportAttributes, Resolver};
use rquickjs::{Ctx, Error, Result};

use super::workers::{locate, SERVED_ORIGIN};

/// Resolves module specifiers to the files they name.
pub(crate) struct ModuleResolver {
    /// `--root`: the document root of a served page.
    pub(crate) root: Option<PathBuf>,
}

impl Resolver for ModuleResolver {
    /// <https://html.spec.whatwg.org/multipage/webappapis.html#resolve-a-module-specifier>
    /// (no import maps).
    fn resolve<'js>(
        &mut self,
        _ctx: &Ctx<'js>,
        base: &str,
        name: &str,
        _attributes: Option<ImportAttributes<'js>>,
    ) -> Result<String> {
        let fail = || Error::new_resolving(base, name);
        // https://html.spec.whatwg.org/multipage/webappapis.html#resolving-a-url-like-module-specifier:
        // Step 1. If specifier starts with "/", "./", or "../": parse it
        // against the base URL. Step 2. Otherwise, parse it as an absolute
        // URL. (A bare specifier is neither: no import map maps it.)
        let url_like = name.starts_with('/') || name.starts_with("./") || name.starts_with("../");
        if !url_like && !name.contains("://") {
            return Err(fail());
        }
        let root = self.root.as_deref();
        // The importer's file (a URL names the file it is served from).
        let importer = if base.starts_with(SERVED_ORIGIN) || base.starts_with("file://") {
            locate(Path::new("/"), root, base)
        } else {
            PathBuf::from(base)
        };
        let dir = importer.parent().unwrap_or(Path::new(""));
        let path = normalize(&locate(dir, root, name));
        if !path.is_file() {
            return Err(fail());
        }
        Ok(path.to_string_lossy().into_owned())
    }
}

/// `a/./b/../c.js` as `a/c.js`: one module is one name, however an import
/// spelled its path (QuickJS keeps one module record per resolved name).
fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    out.push("..");
                }
            }
            other => out.push(other),
        }
    }
    out
}
