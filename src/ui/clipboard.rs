//! Copying the seed to the system clipboard (the code on desktop, a link that opens the level in
//! the browser build) and pasting a code from it.

use bevy::clipboard::{Clipboard, ClipboardRead};
use bevy::prelude::*;
use seedfeast_procgen::SeedInput;

use crate::session::Session;
use crate::toast::Toast;

/// A paste in flight (the browser answers a frame or more later).
#[derive(Resource, Default)]
pub struct PendingPaste(Option<ClipboardRead>);

/// The menu label for copying: a friend on the web gets a link, on desktop a code.
pub const COPY_LABEL: &str = if cfg!(target_arch = "wasm32") { "Copy link" } else { "Copy code" };

/// What copying puts on the clipboard: the level's link in the browser, its code on desktop.
fn share_text(session: &Session) -> String {
    #[cfg(target_arch = "wasm32")]
    return crate::web::share_link(&crate::web::page_address(), session);
    #[cfg(not(target_arch = "wasm32"))]
    session.seed.code().to_string()
}

/// The text the game last put on the clipboard (or tried to, where there is none), for the
/// tests and the browser's end-to-end checks to read back.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct Copied(pub Option<String>);

/// Puts `shared` on the clipboard and says so in a toast naming it as `shown` (the text itself,
/// or a one-line summary of a longer one), or shows it where it can't be copied.
pub fn put_on_clipboard(
    shared: String,
    shown: &str,
    clipboard: Option<ResMut<Clipboard>>,
    mut toast: ResMut<Toast>,
    mut copied: ResMut<Copied>,
) {
    match clipboard.map(|mut clipboard| clipboard.set_text(shared.clone())) {
        Some(Ok(())) => toast.show(format!("Copied {shown}")),
        Some(Err(error)) => toast.show(format!("Couldn't copy ({error:?}): {shown}")),
        None => toast.show(format!("No clipboard here: {shown}")),
    }
    copied.0 = Some(shared);
}

pub fn copy_code(
    session: Res<Session>,
    clipboard: Option<ResMut<Clipboard>>,
    toast: ResMut<Toast>,
    copied: ResMut<Copied>,
) {
    let shared = share_text(&session);
    put_on_clipboard(shared.clone(), &shared, clipboard, toast, copied);
}

pub fn start_paste(clipboard: Option<ResMut<Clipboard>>, mut pending: ResMut<PendingPaste>, mut toast: ResMut<Toast>) {
    match clipboard {
        Some(mut clipboard) => pending.0 = Some(clipboard.fetch_text()),
        None => toast.show("No clipboard here: type the code instead"),
    }
}

/// Applies a pasted code (or text) to the session once the clipboard answers.
pub fn finish_paste(mut pending: ResMut<PendingPaste>, mut session: ResMut<Session>, mut toast: ResMut<Toast>) {
    let Some(read) = pending.0.as_mut() else {
        return;
    };
    let Some(result) = read.poll_result() else {
        return;
    };
    pending.0 = None;
    match result {
        // A code, words, or a whole link the game copied: the link's own seed is taken.
        Ok(text) => match SeedInput::parse(&text)
            .map_err(|e| e.to_string())
            .and_then(|input| Session::from_input(session.mode, &input).map(|taken| (taken, input.reading())))
        {
            Ok((taken, reading)) => {
                *session = taken;
                toast.show(format!("Pasted seed {} ({reading})", session.seed.code()));
            }
            Err(error) => toast.show(format!("The clipboard holds no seed: {error}")),
        },
        Err(error) => toast.show(format!("Couldn't read the clipboard ({error:?})")),
    }
}
