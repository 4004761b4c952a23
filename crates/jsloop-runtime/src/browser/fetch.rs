//! The bytes behind a URL, for fetch() and XMLHttpRequest (14_fetch.js):
//! the scheme fetch of the Fetch Standard for the URLs the browser host can
//! reach without a network: `file:` URLs, `data:` URLs, and (with `--root`)
//! the served `http://127.0.0.1:8000/` URLs, which are files beneath the
//! document root. <https://fetch.spec.whatwg.org/#scheme-fetch>
//! And HTTP fetch over the loopback (`host.httpFetch`), through the shared
//! client in `http_client.rs`, its responses coming back as networking tasks.
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
    install_http(ctx, host, shared)?;
    Ok(())
}

/// Installs `host.httpFetch(method, url, headers, body, redirect)`: a
/// promise for the response to an `http:` request on the loopback (Fetch's
/// "HTTP fetch" with its redirects, <https://fetch.spec.whatwg.org/#http-fetch>),
/// `{ status, statusText, headers, body, url, redirected }` (the body a
/// string of byte values), rejected with the reason for a network error.
/// `headers` is `[[name, value], …]`, `body` an ArrayBuffer or null,
/// `redirect` the request's redirect mode ("follow" or "error").
///
/// The request is made on a thread of its own; its result comes back as a
/// task on the networking task source through the loop's inbox ("queue a
/// fetch task", <https://fetch.spec.whatwg.org/#queue-a-fetch-task>), and a
/// keep-alive ticket holds the loop until it does (under the virtual clock
/// the loop waits for it, taking no virtual time: docs/event-loop.md).
fn install_http<'js>(ctx: &Ctx<'js>, host: &Object<'js>, shared: &Rc<Shared>) -> rquickjs::Result<()> {
    let s = shared.clone();
    host.set(
        "httpFetch",
        request_function(ctx, move |ctx, request, redirect_error| {
            let (promise, resolve, reject) = ctx.promise()?;
            let ticket =
                s.lp.borrow()
                    .remote_sender()
                    .keep_alive()
                    .map_err(|e| crate::quickjs::throw_error(&ctx, &e.to_string()))?;
            let id = s.calls.register(&ctx, resolve, reject);
            let label = format!("fetch response {} {}", request.method, request.url);
            let spawned = std::thread::Builder::new().name("jsloop fetch".into()).spawn(move || {
                let result = http_fetch(request, redirect_error);
                // If the loop has gone, there is no one to tell.
                let _ = ticket.complete(
                    jsloop_core::task::TaskSource::Networking,
                    label,
                    Box::new(crate::quickjs::host_fn::Delivery::Settle { id, result }),
                );
            });
            if let Err(e) = spawned {
                return Err(crate::quickjs::throw_error(&ctx, &format!("could not start a thread: {e}")));
            }
            Ok(promise.into_value())
        })?,
    )?;
    // A synchronous XMLHttpRequest's fetch: the same, inside the call.
    host.set(
        "httpFetchSync",
        request_function(ctx, |ctx, request, redirect_error| match http_fetch(request, redirect_error) {
            Ok(v) => ctx.json_parse(v.to_string()),
            Err(_) => Ok(Value::new_null(ctx)),
        })?,
    )?;
    Ok(())
}

/// A host function `(method, url, headers, body, redirect)` that hands `f`
/// the request they describe ([`request_of`]) and whether its redirect mode
/// is "error".
fn request_function<'js>(
    ctx: &Ctx<'js>,
    f: impl Fn(Ctx<'js>, crate::http_client::Request, bool) -> rquickjs::Result<Value<'js>> + 'js,
) -> rquickjs::Result<Function<'js>> {
    Function::new(
        ctx.clone(),
        move |ctx: Ctx<'js>,
              method: String,
              url: String,
              headers: Vec<Vec<String>>,
              body: Option<rquickjs::ArrayBuffer<'js>>,
              redirect: String|
              -> rquickjs::Result<Value<'js>> {
            f(ctx, request_of(method, url, headers, body), redirect == "error")
        },
    )
}

/// The request the glue describes: `[[name, value], …]` headers, the body's bytes.
fn request_of(
    method: String,
    url: String,
    headers: Vec<Vec<String>>,
    body: Option<rquickjs::ArrayBuffer<'_>>,
) -> crate::http_client::Request {
    crate::http_client::Request {
        method,
        url,
        headers: headers
            .into_iter()
            .filter_map(|pair| match pair.as_slice() {
                [name, value] => Some((name.clone(), value.clone())),
                _ => None,
            })
            .collect(),
        // SAFETY: the bytes are copied at once; no JavaScript runs while they
        // are borrowed, so the buffer cannot be detached meanwhile.
        body: body.map(|b| unsafe { b.as_bytes() }.unwrap_or_default().to_vec()),
    }
}

/// Fetch's "HTTP fetch" for a loopback `http:` request, following redirects
/// as "HTTP-redirect fetch" says (<https://fetch.spec.whatwg.org/#http-redirect-fetch>).
fn http_fetch(
    mut request: crate::http_client::Request,
    redirect_error: bool,
) -> Result<serde_json::Value, String> {
    let mut redirects = 0;
    loop {
        let response = crate::http_client::send(&request)?;
        let location = response.headers.iter().find(|(n, _)| n == "location").map(|(_, v)| v.clone());
        // https://fetch.spec.whatwg.org/#http-fetch Step 9: a redirect status
        // with a Location header is handed to HTTP-redirect fetch.
        if let (true, Some(location)) = ([301, 302, 303, 307, 308].contains(&response.status), location) {
            // (redirect mode "error": a network error.)
            if redirect_error {
                return Err("redirect mode is error".into());
            }
            // Step 3. Let locationURL be the response's location URL given the request's
            // current URL's fragment; failure is a network error.
            let current = url::Url::parse(&request.url).map_err(|e| e.to_string())?;
            let location = current.join(&location).map_err(|e| e.to_string())?;
            // Step 5. If locationURL's scheme is not an HTTP(S) scheme, then return a network error.
            if location.scheme() != "http" && location.scheme() != "https" {
                return Err(format!("redirect to {location}"));
            }
            // Step 6. If request's redirect count is 20, then return a network error.
            // Step 7. Increase request's redirect count by 1.
            if redirects == 20 {
                return Err("too many redirects".into());
            }
            redirects += 1;
            // Step 12. If one of: internalResponse's status is 301 or 302 and request's
            // method is `POST`; or 303 and request's method is not `GET` or `HEAD`:
            // set request's method to `GET` and its body to null, and remove the
            // request-body-header names from its header list.
            let method = request.method.as_str();
            if ((response.status == 301 || response.status == 302) && method == "POST")
                || (response.status == 303 && method != "GET" && method != "HEAD")
            {
                request.method = "GET".into();
                request.body = None;
                const BODY_HEADERS: [&str; 4] =
                    ["content-encoding", "content-language", "content-location", "content-type"];
                request.headers.retain(|(n, _)| !BODY_HEADERS.contains(&n.to_ascii_lowercase().as_str()));
            }
            // Step 15. Append locationURL to request's URL list (its current URL).
            request.url = location.to_string();
            // Step 19. Return the result of running main fetch given fetchParams and true.
            continue;
        }
        return Ok(serde_json::json!({
            "status": response.status,
            "statusText": response.status_text,
            "headers": response.headers.iter().map(|(n, v)| [n, v]).collect::<Vec<_>>(),
            // The bytes as a string of byte values (U+0000 to U+00FF), one per byte.
            "body": response.body.iter().map(|&b| b as char).collect::<String>(),
            "url": request.url,
            "redirected": redirects > 0,
        }));
    }
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
