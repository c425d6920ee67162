//! A board server's address in its one normal form (issue #51): what the game keeps, shows and
//! sends to, and the key its secret and waiting runs are saved under. A run saved under
//! `HTTP://127.0.0.1:8080/` and marked sent under `http://127.0.0.1:8080` stayed waiting and was
//! sent 30 times a second; so every key is this form, from the moment it is saved or read.
//!
//! Hand-written rather than the `url` crate: a board address is a scheme, a host, a port and
//! perhaps a path, and `url` would bring its IDNA tables into the browser bundle for that.

use super::BOARD_ADDRESS_MAX_CHARS;

/// Reads what a player typed or a link named, as `scheme://host[:port][/path]` with the scheme
/// and host lower-case and no trailing slash: `https://scores.example.org`,
/// `http://127.0.0.1:8080`, `https://example.org/seedfeast`. Without a scheme, `https://` is
/// meant, except for this machine and the local network's private addresses, which rarely have
/// TLS. The error says what is wrong, for the player.
pub fn board_address(typed: &str) -> Result<String, String> {
    let typed = typed.trim();
    if typed.is_empty() {
        return Err("type the board's address, e.g. scores.example.org".into());
    }
    if typed.chars().count() > BOARD_ADDRESS_MAX_CHARS {
        return Err(format!("an address is at most {BOARD_ADDRESS_MAX_CHARS} characters"));
    }
    let (scheme, rest) = match typed.split_once("://") {
        Some((scheme, rest)) => match scheme.to_ascii_lowercase().as_str() {
            "http" => ("http", rest),
            "https" => ("https", rest),
            _ => return Err(format!("a board is reached by http:// or https://, not {scheme}://")),
        },
        None => ("", typed),
    };
    if rest.contains(['?', '#']) {
        return Err("a board's address has no ? or # part: just the server (and a path, if any)".into());
    }
    let (authority, path) = rest.split_once('/').map_or((rest, ""), |(a, p)| (a, p));
    if authority.contains('@') {
        return Err("a board's address has no user name or password in it".into());
    }
    let (host, port) = split_port(authority)?;
    check_host(host)?;
    let path = path.trim_end_matches('/');
    if let Some(bad) = path.chars().find(|c| !(c.is_ascii_alphanumeric() || "-._~/%".contains(*c))) {
        return Err(format!("the path after the server can't hold {bad:?}"));
    }
    let scheme = if scheme.is_empty() { if is_local(host) { "http" } else { "https" } } else { scheme };
    let host = host.to_ascii_lowercase();
    let port = port.map(|p| format!(":{p}")).unwrap_or_default();
    let path = if path.is_empty() { String::new() } else { format!("/{path}") };
    Ok(format!("{scheme}://{host}{port}{path}"))
}

fn split_port(authority: &str) -> Result<(&str, Option<u16>), String> {
    // An IPv6 literal keeps its colons inside brackets.
    let colon = if authority.starts_with('[') {
        authority.find(']').map(|end| end + 1).filter(|&end| authority[end..].starts_with(':'))
    } else {
        authority.rfind(':')
    };
    match colon {
        None => Ok((authority, None)),
        Some(at) => {
            let port = &authority[at + 1..];
            match port.parse::<u16>() {
                Ok(number) if number > 0 && port.bytes().all(|b| b.is_ascii_digit()) => {
                    Ok((&authority[..at], Some(number)))
                }
                _ => Err(format!("the port must be a number from 1 to 65535, not {port:?}")),
            }
        }
    }
}

fn check_host(host: &str) -> Result<(), String> {
    if host.is_empty() {
        return Err("the address names no server".into());
    }
    if let Some(inner) = host.strip_prefix('[') {
        let inner = inner.strip_suffix(']').ok_or("an IPv6 address ends with ]")?;
        return inner.parse::<std::net::Ipv6Addr>().map(|_| ()).map_err(|_| format!("{host} is not an IPv6 address"));
    }
    let fine = |label: &str| {
        !label.is_empty()
            && label.len() <= 63
            && label.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
            && !label.starts_with('-')
            && !label.ends_with('-')
    };
    if host.len() > 253 || !host.split('.').all(fine) {
        let hint = if host.is_ascii() { "" } else { " (write a name with accents in its xn-- form)" };
        return Err(format!("{host:?} is not a server name{hint}"));
    }
    Ok(())
}

/// This machine or a private network's address: plain http is what such a board usually has.
fn is_local(host: &str) -> bool {
    if host.eq_ignore_ascii_case("localhost") || host.ends_with(".local") || host == "[::1]" {
        return true;
    }
    match host.parse::<std::net::Ipv4Addr>() {
        Ok(ip) => ip.is_loopback() || ip.is_private() || ip.is_link_local(),
        Err(_) => false,
    }
}
