//! The URL Standard's parser and setters for the browser host's `URL` and
//! `URLSearchParams` (src/js/13_url.js), from the `url` crate (the WHATWG
//! URL implementation Servo and Firefox use). A URL crosses to JavaScript
//! as its href and components; JavaScript keeps no parser of its own.
use rquickjs::{Ctx, Function, Object};

/// The components JavaScript reads, in this order: href, origin, protocol,
/// username, password, host, hostname, port, pathname, search, hash.
fn components(url: &url::Url) -> Vec<String> {
    use url::quirks as q;
    vec![
        q::href(url).to_string(),
        q::origin(url),
        q::protocol(url).to_string(),
        q::username(url).to_string(),
        q::password(url).to_string(),
        q::host(url).to_string(),
        q::hostname(url).to_string(),
        q::port(url).to_string(),
        q::pathname(url).to_string(),
        q::search(url).to_string(),
        q::hash(url).to_string(),
    ]
}

/// <https://url.spec.whatwg.org/#api-url-parser>: `input` against `base`;
/// None on failure.
fn parse(input: &str, base: Option<&str>) -> Option<url::Url> {
    match base {
        Some(base) => url::Url::parse(base).ok()?.join(input).ok(),
        None => url::Url::parse(input).ok(),
    }
}

/// The body of a `data:` URL (<https://fetch.spec.whatwg.org/#data-url-processor>,
/// the `data-url` crate), or None if it is not one.
pub(crate) fn data_url_body(url: &str) -> Option<Vec<u8>> {
    let parsed = data_url::DataUrl::process(url).ok()?;
    parsed.decode_to_vec().ok().map(|(body, _)| body)
}

/// Installs `host.urlParse(input, base?)` (the components, or null),
/// `host.urlSet(href, name, value)` (the components after the setter),
/// `host.formParse(text)`, `host.formSerialize(pairs)`,
/// `host.dataURLText(url)` (a `data:` URL's body as UTF-8 text, or null),
/// `host.base64Decode(text)` (forgiving-base64: the bytes, or null) and
/// `host.base64Encode(buffer)`.
pub(crate) fn install<'js>(ctx: &Ctx<'js>, host: &Object<'js>) -> rquickjs::Result<()> {
    host.set(
        "dataURLText",
        Function::new(ctx.clone(), |url: String| -> Option<String> {
            data_url_body(&url).map(|b| String::from_utf8_lossy(&b).into_owned())
        })?,
    )?;
    host.set(
        "base64Decode",
        Function::new(ctx.clone(), |text: String| -> Option<Vec<u8>> {
            // https://infra.spec.whatwg.org/#forgiving-base64-decode
            data_url::forgiving_base64::decode_to_vec(text.as_bytes()).ok()
        })?,
    )?;
    host.set(
        "base64Encode",
        Function::new(ctx.clone(), |bytes: Vec<u8>| -> String {
            use base64::Engine as _;
            base64::engine::general_purpose::STANDARD.encode(bytes)
        })?,
    )?;
    host.set(
        "urlParse",
        Function::new(ctx.clone(), |input: String, base: Option<String>| -> Option<Vec<String>> {
            parse(&input, base.as_deref()).map(|u| components(&u))
        })?,
    )?;
    host.set(
        "urlSet",
        Function::new(ctx.clone(), |href: String, name: String, value: String| -> Option<Vec<String>> {
            use url::quirks as q;
            let mut url = url::Url::parse(&href).ok()?;
            // https://url.spec.whatwg.org/#urlutils-members: each setter
            // parses with a state override and leaves the URL as it was on
            // failure (the href setter throws instead: Err here).
            match name.as_str() {
                "href" => {
                    if q::set_href(&mut url, &value).is_err() {
                        return None;
                    }
                }
                "protocol" => drop(q::set_protocol(&mut url, &value)),
                "username" => drop(q::set_username(&mut url, &value)),
                "password" => drop(q::set_password(&mut url, &value)),
                "host" => drop(q::set_host(&mut url, &value)),
                "hostname" => drop(q::set_hostname(&mut url, &value)),
                "port" => drop(q::set_port(&mut url, &value)),
                "pathname" => q::set_pathname(&mut url, &value),
                "search" => q::set_search(&mut url, &value),
                "hash" => q::set_hash(&mut url, &value),
                _ => return None,
            }
            Some(components(&url))
        })?,
    )?;
    host.set(
        "formParse",
        Function::new(ctx.clone(), |text: String| -> Vec<Vec<String>> {
            // https://url.spec.whatwg.org/#concept-urlencoded-parser
            url::form_urlencoded::parse(text.as_bytes())
                .map(|(k, v)| vec![k.into_owned(), v.into_owned()])
                .collect()
        })?,
    )?;
    host.set(
        "formSerialize",
        Function::new(ctx.clone(), |pairs: Vec<Vec<String>>| -> String {
            // https://url.spec.whatwg.org/#concept-urlencoded-serializer
            let mut out = url::form_urlencoded::Serializer::new(String::new());
            for pair in &pairs {
                if let [k, v] = pair.as_slice() {
                    out.append_pair(k, v);
                }
            }
            out.finish()
        })?,
    )?;
    Ok(())
}
