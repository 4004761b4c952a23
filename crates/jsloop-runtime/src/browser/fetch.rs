//! The bytes behind a URL, for fetch() and XMLHttpRequest (14_fetch.js):
//! the scheme fetch of the Fetch Standard for the URLs the browser host can
//! reach without a network: `file:` URLs, `data:` URLs, and (with `--root`)
//! the served `http://127.0.0.1:8000/` URLs, which are files beneath the
//! document root. <https://fetch.spec.whatwg.org/#scheme-fetch>
use std::rc::Rc;

use rquickjs::{Ctx, Function, Object, Value};

use super::Shared;

/// Installs `host.fetchURL(url)`: `[status, mimeType, bytes]` for a
/// response (`status` 200, or 404 for a served URL with no file), or null
/// for a network error.
pub(super) fn install<'js>(ctx: &Ctx<'js>, host: &Object<'js>, shared: &Rc<Shared>) -> rquickjs::Result<()> {
    let s = shared.clone();
    host.set(
        "fetchURL",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, url: String| -> rquickjs::Result<Value<'js>> {
            let Some((status, mime, bytes)) = fetch(&s, &url) else { return Ok(Value::new_null(ctx)) };
            let list = rquickjs::Array::new(ctx.clone())?;
            list.set(0, status)?;
            list.set(1, mime)?;
            list.set(2, rquickjs::ArrayBuffer::new(ctx.clone(), bytes)?)?;
            Ok(list.into_value())
        })?,
    )?;
    Ok(())
}

/// The response for `url`: (status, MIME type, body), or None (a network
/// error).
fn fetch(shared: &Shared, url: &str) -> Option<(u16, String, Vec<u8>)> {
    // https://fetch.spec.whatwg.org/#data-url-processor
    if url.get(..5).is_some_and(|p| p.eq_ignore_ascii_case("data:")) {
        let parsed = data_url::DataUrl::process(url).ok()?;
        let mime = parsed.mime_type().to_string();
        let (body, _) = parsed.decode_to_vec().ok()?;
        return Some((200, mime, body));
    }
    let parsed = url::Url::parse(url).ok()?;
    let root = shared.family.root.as_deref();
    let path = match parsed.scheme() {
        // "file": left to the implementation; here the file itself.
        "file" => parsed.to_file_path().ok()?,
        // A served page's URLs are the files beneath its document root.
        "http"
            if root.is_some()
                && parsed.origin().ascii_serialization() == crate::browser::workers::SERVED_ORIGIN =>
        {
            let path = percent_encoding::percent_decode_str(parsed.path()).decode_utf8_lossy().into_owned();
            root?.join(path.trim_start_matches('/'))
        }
        _ => return None,
    };
    match std::fs::read(&path) {
        Ok(bytes) => Some((200, mime_of(&path).to_string(), bytes)),
        // A server answers 404 for a file it does not have; a file: URL
        // with no file is a network error.
        Err(_) if parsed.scheme() == "http" => Some((404, "text/plain".into(), Vec::new())),
        Err(_) => None,
    }
}

/// The Content-Type a file is served with, by its extension (as wptserve
/// and most servers do).
fn mime_of(path: &std::path::Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase).as_deref() {
        Some("html" | "htm") => "text/html",
        Some("js" | "mjs") => "text/javascript",
        Some("json") => "application/json",
        Some("css") => "text/css",
        Some("txt") => "text/plain",
        Some("xml") => "application/xml",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("jpg" | "jpeg") => "image/jpeg",
        Some("gif") => "image/gif",
        Some("wasm") => "application/wasm",
        _ => "application/octet-stream",
    }
}
