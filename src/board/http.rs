//! One HTTP request to a board, off the frame loop: a short-lived thread with ureq (a small
//! blocking client) on desktop, the browser's fetch on the web. The answer lands in a slot that
//! a system polls each frame, so a slow or dead server never stalls the game.

use std::sync::{Arc, Mutex};

/// The most of an answer read: a board's answers are a few KiB; a server sending more is cut
/// off rather than allowed to fill memory.
pub(crate) const MAX_ANSWER_BYTES: u64 = 256 * 1024;
/// A request that takes longer than this (connecting, sending, reading) has failed.
pub(crate) const TIMEOUT_SECONDS: u64 = 15;

/// What came back: a status and a body, or (status 0) why nothing did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reply {
    pub status: u16,
    pub body: Vec<u8>,
    pub error: Option<String>,
}

impl Reply {
    fn failed(error: impl ToString) -> Reply {
        Reply { status: 0, body: Vec::new(), error: Some(error.to_string()) }
    }
}

/// A request on its way; [`Pending::take`] has its reply once it came.
#[derive(Clone, Debug, Default)]
pub struct Pending(Arc<Mutex<Option<Reply>>>);

impl Pending {
    /// The reply, once (later calls get `None`).
    pub fn take(&self) -> Option<Reply> {
        self.0.lock().map_or(None, |mut slot| slot.take())
    }

    fn put(&self, reply: Reply) {
        if let Ok(mut slot) = self.0.lock() {
            *slot = Some(reply);
        }
    }
}

/// `GET url`.
pub fn get(url: String) -> Pending {
    send(url, None)
}

/// `POST url` with a JSON body.
pub(crate) fn post_json(url: String, body: String) -> Pending {
    send(url, Some(body))
}

#[cfg(not(target_arch = "wasm32"))]
fn send(url: String, body: Option<String>) -> Pending {
    let pending = Pending::default();
    let slot = pending.clone();
    let spawned = std::thread::Builder::new()
        .name("board-request".into())
        .spawn(move || slot.put(native::request(&url, body.as_deref())));
    if let Err(error) = spawned {
        pending.put(Reply::failed(format!("can't start a request: {error}")));
    }
    pending
}

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use std::time::Duration;

    use super::{MAX_ANSWER_BYTES, Reply, TIMEOUT_SECONDS};

    pub fn request(url: &str, body: Option<&str>) -> Reply {
        let agent: ureq::Agent = ureq::Agent::config_builder()
            .timeout_global(Some(Duration::from_secs(TIMEOUT_SECONDS)))
            // A 4xx or 5xx is an answer to read (its `{"error"}`), not a failure.
            .http_status_as_error(false)
            .build()
            .into();
        let sent = match body {
            Some(body) => agent.post(url).header("content-type", "application/json").send(body),
            None => agent.get(url).call(),
        };
        match sent {
            Ok(response) => {
                let status = response.status().as_u16();
                match response.into_body().with_config().limit(MAX_ANSWER_BYTES).read_to_vec() {
                    Ok(body) => Reply { status, body, error: None },
                    Err(error) => Reply::failed(error),
                }
            }
            Err(error) => Reply::failed(error),
        }
    }
}

#[cfg(target_arch = "wasm32")]
fn send(url: String, body: Option<String>) -> Pending {
    let pending = Pending::default();
    let slot = pending.clone();
    wasm_bindgen_futures::spawn_local(async move { slot.put(web::request(&url, body).await) });
    pending
}

#[cfg(target_arch = "wasm32")]
mod web {
    use wasm_bindgen::{JsCast, JsValue};
    use wasm_bindgen_futures::JsFuture;

    use super::{MAX_ANSWER_BYTES, Reply, TIMEOUT_SECONDS};

    pub async fn request(url: &str, body: Option<String>) -> Reply {
        match fetch(url, body).await {
            Ok(reply) => reply,
            Err(error) => Reply::failed(error.as_string().unwrap_or_else(|| format!("{error:?}"))),
        }
    }

    async fn fetch(url: &str, body: Option<String>) -> Result<Reply, JsValue> {
        let window = web_sys::window().ok_or("no window")?;
        let init = web_sys::RequestInit::new();
        init.set_signal(Some(&web_sys::AbortSignal::timeout_with_u32(TIMEOUT_SECONDS as u32 * 1000)));
        if let Some(body) = body {
            init.set_method("POST");
            let headers = web_sys::Headers::new()?;
            headers.set("content-type", "application/json")?;
            init.set_headers(&headers);
            init.set_body(&JsValue::from_str(&body));
        }
        let response: web_sys::Response =
            JsFuture::from(window.fetch_with_str_and_init(url, &init)).await?.dyn_into()?;
        let status = response.status();
        let buffer = JsFuture::from(response.array_buffer()?).await?;
        let bytes = js_sys::Uint8Array::new(&buffer);
        if u64::from(bytes.length()) > MAX_ANSWER_BYTES {
            return Ok(Reply::failed("the board's answer was too long"));
        }
        Ok(Reply { status, body: bytes.to_vec(), error: None })
    }
}
