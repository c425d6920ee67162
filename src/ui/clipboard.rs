//! Copying the seed to the system clipboard (the code on desktop, a link that opens the level in
//! the browser build) and pasting a code from it.

use bevy::clipboard::{Clipboard, ClipboardRead};
use bevy::prelude::*;

use crate::data::GameData;
use crate::mode::Modes;
use crate::replay::check_replay;
use crate::replay::ghost::pasted_ghost;
use crate::session::Session;
use crate::toast::Toast;

/// A paste in flight (the browser answers a frame or more later).
#[derive(Resource, Default)]
pub struct PendingPaste(pub Option<ClipboardRead>);

/// The menu label for copying: a friend on the web gets a link, on desktop a code.
pub(crate) const COPY_LABEL: &str = if cfg!(target_arch = "wasm32") { "Copy link" } else { "Copy code" };

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
pub(crate) fn put_on_clipboard(
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

pub(crate) fn copy_code(
    session: Res<Session>,
    clipboard: Option<ResMut<Clipboard>>,
    toast: ResMut<Toast>,
    copied: ResMut<Copied>,
) {
    copy_session_code(In(session.clone()), clipboard, toast, copied);
}

/// Copies the code (or link) of `session`: the one being played, or on the seed screen the seed
/// the typed text makes, which is the one shown big and the one *Play this seed* plays.
pub(crate) fn copy_session_code(
    In(session): In<Session>,
    clipboard: Option<ResMut<Clipboard>>,
    toast: ResMut<Toast>,
    copied: ResMut<Copied>,
) {
    let shared = share_text(&session);
    put_on_clipboard(shared.clone(), &shared, clipboard, toast, copied);
}

pub(crate) fn start_paste(
    clipboard: Option<ResMut<Clipboard>>,
    mut pending: ResMut<PendingPaste>,
    mut toast: ResMut<Toast>,
) {
    match clipboard {
        Some(mut clipboard) => pending.0 = Some(clipboard.fetch_text()),
        None => toast.show("No clipboard here: type the code instead"),
    }
}

/// Applies a pasted code (or text) to the session once the clipboard answers.
pub(crate) fn finish_paste(
    mut commands: Commands,
    mut pending: ResMut<PendingPaste>,
    mut session: ResMut<Session>,
    mut toast: ResMut<Toast>,
    modes: Res<Modes>,
    data: Option<Res<GameData>>,
) {
    let Some(read) = pending.0.as_mut() else {
        return;
    };
    let Some(result) = read.poll_result() else {
        return;
    };
    pending.0 = None;
    let text = match result {
        Ok(text) => text,
        Err(error) => {
            toast.show(format!("Couldn't read the clipboard ({error:?})"));
            return;
        }
    };
    // A friend's replay code, or a link with one: their mode and seed, and their ghost to race.
    if let Some(ghost) = pasted_ghost(&text) {
        let ready = ghost.and_then(|ghost| match &data {
            Some(data) => check_replay(&ghost.0, data, &modes).map(|_| ghost),
            None => Err("the game's data isn't loaded".to_string()),
        });
        match ready.and_then(|ghost| ghost.session(&modes).map(|taken| (taken, ghost))) {
            Ok((taken, ghost)) => {
                toast.show(format!(
                    "Pasted a ghost: {} {}, score {}. Play to race it!",
                    taken.mode.name(),
                    taken.seed.code(),
                    ghost.0.score
                ));
                *session = taken;
                commands.insert_resource(ghost);
            }
            Err(error) => toast.show(format!("That ghost can't race: {error}")),
        }
        return;
    }
    // A code, words, or a whole link the game copied: the link's own seed is taken.
    match Session::from_text(session.mode, &text).map(|(taken, input)| (taken, input.reading())) {
        Ok((taken, reading)) => {
            *session = taken;
            toast.show(format!("Pasted seed {} ({reading})", session.seed.code()));
        }
        Err(error) => toast.show(format!("The clipboard holds no seed: {error}")),
    }
}
