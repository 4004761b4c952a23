//! The WHATWG URL Standard for the node host's `URL`, `URLSearchParams`
//! and `url` module (src/js/node/url.js), through the `url` crate: its
//! `quirks` module is the standard's URL API (the getters and setters of
//! <https://url.spec.whatwg.org/#api>), and `form_urlencoded` is
//! application/x-www-form-urlencoded (<https://url.spec.whatwg.org/#urlencoded-parsing>).
use rquickjs::{Ctx, Function, Object};
use url::{quirks, Url};

/// The components url.js keeps: href, origin, protocol, username,
/// password, host, hostname, port, pathname, search, hash, and whether the
/// URL has an opaque path.
fn components(u: &Url) -> Vec<String> {
    vec![
        quirks::href(u).to_string(),
        quirks::origin(u),
        quirks::protocol(u).to_string(),
        quirks::username(u).to_string(),
        quirks::password(u).to_string(),
        quirks::host(u).to_string(),
        quirks::hostname(u).to_string(),
        quirks::port(u).to_string(),
        quirks::pathname(u).to_string(),
        quirks::search(u).to_string(),
        quirks::hash(u).to_string(),
        if u.cannot_be_a_base() { "1" } else { "" }.to_string(),
    ]
}

/// The basic URL parser on `input` with `base` (itself parsed first), as
/// `new URL(input, base)` runs it: the components, or an empty list for
/// failure.
fn parse(input: String, base: Option<String>) -> Vec<String> {
    let base = match base {
        Some(b) => match Url::parse(&b) {
            Ok(b) => Some(b),
            Err(_) => return Vec::new(),
        },
        None => None,
    };
    match Url::options().base_url(base.as_ref()).parse(&input) {
        Ok(u) => components(&u),
        Err(_) => Vec::new(),
    }
}

/// Runs the setter `name` of the URL `href` with `value`: the new
/// components (a setter that fails leaves the URL as it was).
fn set(href: String, name: String, value: String) -> Vec<String> {
    let Ok(mut u) = Url::parse(&href) else { return Vec::new() };
    match name.as_str() {
        "href" => match quirks::set_href(&mut u, &value) {
            Ok(()) => {}
            Err(_) => return Vec::new(),
        },
        "protocol" => {
            let _ = quirks::set_protocol(&mut u, &value);
        }
        "username" => {
            let _ = quirks::set_username(&mut u, &value);
        }
        "password" => {
            let _ = quirks::set_password(&mut u, &value);
        }
        "host" => {
            let _ = quirks::set_host(&mut u, &value);
        }
        "hostname" => {
            let _ = quirks::set_hostname(&mut u, &value);
        }
        "port" => {
            let _ = quirks::set_port(&mut u, &value);
        }
        "pathname" => quirks::set_pathname(&mut u, &value),
        "search" => quirks::set_search(&mut u, &value),
        "hash" => quirks::set_hash(&mut u, &value),
        _ => {}
    }
    components(&u)
}

/// The application/x-www-form-urlencoded parser: name, value, name, value, ….
fn urlencoded_parse(input: String) -> Vec<String> {
    url::form_urlencoded::parse(input.as_bytes())
        .flat_map(|(k, v)| [k.into_owned(), v.into_owned()])
        .collect()
}

/// The application/x-www-form-urlencoded serializer of name, value, ….
fn urlencoded_serialize(pairs: Vec<String>) -> String {
    let mut s = url::form_urlencoded::Serializer::new(String::new());
    for kv in pairs.chunks(2) {
        s.append_pair(&kv[0], kv.get(1).map_or("", |v| v.as_str()));
    }
    s.finish()
}

/// `host.url`: the functions url.js calls.
pub(crate) fn install<'js>(ctx: &Ctx<'js>, host: &Object<'js>) -> rquickjs::Result<()> {
    let o = Object::new(ctx.clone())?;
    o.set(
        "parse",
        Function::new(ctx.clone(), |input: String, base: rquickjs::function::Opt<String>| {
            parse(input, base.0)
        })?,
    )?;
    o.set("set", Function::new(ctx.clone(), set)?)?;
    o.set("urlencodedParse", Function::new(ctx.clone(), urlencoded_parse)?)?;
    o.set("urlencodedSerialize", Function::new(ctx.clone(), urlencoded_serialize)?)?;
    o.set("domainToASCII", Function::new(ctx.clone(), |d: String| quirks::domain_to_ascii(&d))?)?;
    o.set("domainToUnicode", Function::new(ctx.clone(), |d: String| quirks::domain_to_unicode(&d))?)?;
    host.set("url", o)
}
