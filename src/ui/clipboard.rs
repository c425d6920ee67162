//! Copying the seed code to the system clipboard and pasting a code from it.

use bevy::clipboard::{Clipboard, ClipboardRead};
use bevy::prelude::*;
use seedfeast_procgen::SeedInput;

use crate::session::Session;
use crate::ui::toast::Toast;

/// A paste in flight (the browser answers a frame or more later).
#[derive(Resource, Default)]
pub struct PendingPaste(Option<ClipboardRead>);

pub fn copy_code(session: Res<Session>, clipboard: Option<ResMut<Clipboard>>, mut toast: ResMut<Toast>) {
    let code = session.seed.code().to_string();
    match clipboard.map(|mut clipboard| clipboard.set_text(code.clone())) {
        Some(Ok(())) => toast.show(format!("Copied {code}")),
        Some(Err(error)) => toast.show(format!("Couldn't copy ({error:?}): the code is {code}")),
        None => toast.show(format!("No clipboard here: the code is {code}")),
    }
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
        Ok(text) => match SeedInput::parse(&text) {
            Ok(input) => {
                *session = Session::from_input(session.mode, &input);
                toast.show(format!("Pasted seed {}", session.seed.code()));
            }
            Err(error) => toast.show(format!("The clipboard holds no seed: {error}")),
        },
        Err(error) => toast.show(format!("Couldn't read the clipboard ({error:?})")),
    }
}
