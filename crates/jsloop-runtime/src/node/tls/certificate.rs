//! A peer's certificate as Node's `getPeerCertificate()` describes it
//! (<https://nodejs.org/api/tls.html#certificate-object>), with OpenSSL's
//! ways of printing names, times and addresses.

use rquickjs::{Array, Ctx, Object, Value};
use sha2::Digest;

// ------------------------------------------------------------ certificates

const MONTHS: [&str; 12] =
    ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/// A time as OpenSSL's ASN1_TIME_print writes it: `Sep  3 21:40:37 2022 GMT`.
fn openssl_time(unix: i64) -> String {
    let days = unix.div_euclid(86_400);
    let secs = unix.rem_euclid(86_400);
    // Civil date from days since 1970-01-01 (proleptic Gregorian).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{} {:>2} {:02}:{:02}:{:02} {} GMT",
        MONTHS[(month - 1) as usize],
        day,
        secs / 3600,
        secs / 60 % 60,
        secs % 60,
        year
    )
}

fn hex_colons(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02X}")).collect::<Vec<_>>().join(":")
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02X}")).collect()
}

/// A distinguished name as Node's legacy certificate object has it: short
/// names as keys, a repeated attribute as an array.
fn name_object<'js>(ctx: &Ctx<'js>, name: &x509_parser::x509::X509Name<'_>) -> rquickjs::Result<Object<'js>> {
    let o = Object::new(ctx.clone())?;
    for rdn in name.iter_rdn() {
        for attr in rdn.iter() {
            let oid = attr.attr_type().to_id_string();
            let key = match oid.as_str() {
                "2.5.4.6" => "C",
                "2.5.4.8" => "ST",
                "2.5.4.7" => "L",
                "2.5.4.10" => "O",
                "2.5.4.11" => "OU",
                "2.5.4.3" => "CN",
                "2.5.4.5" => "serialNumber",
                "2.5.4.9" => "street",
                "2.5.4.17" => "postalCode",
                "2.5.4.4" => "SN",
                "2.5.4.42" => "GN",
                "0.9.2342.19200300.100.1.25" => "DC",
                "1.2.840.113549.1.9.1" => "emailAddress",
                other => other,
            }
            .to_string();
            let value = attr.as_str().map(str::to_string).unwrap_or_default();
            match o.get::<_, Value>(key.as_str())? {
                v if v.is_undefined() => o.set(key, value)?,
                v if v.is_array() => {
                    let a = v.into_array().expect("an array");
                    a.set(a.len(), value)?;
                }
                v => {
                    let a = Array::new(ctx.clone())?;
                    a.set(0, v)?;
                    a.set(1, value)?;
                    o.set(key, a)?;
                }
            }
        }
    }
    Ok(o)
}

/// `IP Address:` as OpenSSL prints it (IPv6 as eight uncompressed groups).
fn ip_text(bytes: &[u8]) -> String {
    match bytes.len() {
        4 => format!("{}.{}.{}.{}", bytes[0], bytes[1], bytes[2], bytes[3]),
        16 => bytes
            .chunks(2)
            .map(|g| format!("{:X}", u16::from_be_bytes([g[0], g[1]])))
            .collect::<Vec<_>>()
            .join(":"),
        _ => "<invalid>".into(),
    }
}

/// One certificate as Node's `getPeerCertificate()` describes it
/// (<https://nodejs.org/api/tls.html#certificate-object>).
pub(super) fn certificate_object<'js>(ctx: &Ctx<'js>, der: &[u8]) -> rquickjs::Result<Value<'js>> {
    let Ok((_, cert)) = x509_parser::parse_x509_certificate(der) else {
        return Ok(Object::new(ctx.clone())?.into_value());
    };
    let o = Object::new(ctx.clone())?;
    o.set("subject", name_object(ctx, cert.subject())?)?;
    o.set("issuer", name_object(ctx, cert.issuer())?)?;
    if let Ok(Some(san)) = cert.subject_alternative_name() {
        use x509_parser::extensions::GeneralName as G;
        let names: Vec<String> = san
            .value
            .general_names
            .iter()
            .filter_map(|n| match n {
                G::DNSName(s) => Some(format!("DNS:{s}")),
                G::IPAddress(b) => Some(format!("IP Address:{}", ip_text(b))),
                G::URI(s) => Some(format!("URI:{s}")),
                G::RFC822Name(s) => Some(format!("email:{s}")),
                _ => None,
            })
            .collect();
        o.set("subjectaltname", names.join(", "))?;
    }
    let ca = matches!(cert.basic_constraints(), Ok(Some(b)) if b.value.ca);
    o.set("ca", ca)?;
    if let Ok(x509_parser::public_key::PublicKey::RSA(rsa)) = cert.public_key().parsed() {
        let modulus = rsa.modulus.iter().skip_while(|&&b| b == 0).copied().collect::<Vec<u8>>();
        o.set("modulus", hex(&modulus))?;
        o.set("bits", modulus.len() * 8 - modulus.first().map_or(0, |b| b.leading_zeros() as usize))?;
        let exponent = rsa.exponent.iter().fold(0u64, |acc, &b| (acc << 8) | u64::from(b));
        o.set("exponent", format!("0x{exponent:x}"))?;
        o.set("pubkey", rquickjs::TypedArray::<u8>::new(ctx.clone(), cert.public_key().raw.to_vec())?)?;
    }
    o.set("valid_from", openssl_time(cert.validity().not_before.timestamp()))?;
    o.set("valid_to", openssl_time(cert.validity().not_after.timestamp()))?;
    o.set("fingerprint", hex_colons(&sha1::Sha1::digest(der)))?;
    o.set("fingerprint256", hex_colons(&sha2::Sha256::digest(der)))?;
    o.set("fingerprint512", hex_colons(&sha2::Sha512::digest(der)))?;
    // OpenSSL's BN_bn2hex: whole bytes, leading zero bytes left out.
    let serial: Vec<u8> = cert.raw_serial().iter().skip_while(|&&b| b == 0).copied().collect();
    o.set("serialNumber", if serial.is_empty() { "00".to_string() } else { hex(&serial) })?;
    o.set("raw", rquickjs::TypedArray::<u8>::new(ctx.clone(), der.to_vec())?)?;
    Ok(o.into_value())
}
