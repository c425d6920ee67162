//! Runs kept to send later: every run *Submit to board* queued in the save that no board has
//! answered for good yet (the network was down, the board busy, the game closed mid-request).
//! They go one at a time at the title screen (so when the game starts), after a board next ranks
//! a run, and once a minute while any wait; a final answer (ranked or refused) takes each off
//! the queue. Every failed try backs off longer, and no more than six go in any minute
//! ([`super::pace`], issue #51); each goes under the secret kept for its board.

use bevy::prelude::*;

use crate::board::BoardAddress;
use crate::board::api::{self, Answer};
use crate::board::http::{self, Pending};
use crate::board::pace::Pace;
use crate::board::submit::{Submission, secret_for};
use crate::save::clock::now_ms;
use crate::save::{Save, SaveStore};
use crate::toast::Toast;

/// The waiting run on its way, and when to try next.
#[derive(Resource, Debug, Default)]
pub(crate) struct Outbox {
    in_flight: Option<(BoardAddress, String, Pending)>,
    /// When the next may go, in seconds of real time.
    pace: Pace,
}

impl Outbox {
    /// Try the waiting runs at the next frame (a board just answered: it is reachable now).
    pub(crate) fn try_now(&mut self) {
        self.pace.now();
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Outbox>()
        // Back at the title (after a run, or at start): a good moment to send what waits.
        .add_systems(OnEnter(crate::state::Screen::Title), |mut outbox: ResMut<Outbox>| outbox.try_now())
        .add_systems(Update, send_waiting);
}

fn send_waiting(
    time: Res<Time<Real>>,
    mut outbox: ResMut<Outbox>,
    mut save: ResMut<Save>,
    store: Res<SaveStore>,
    submission: Res<Submission>,
    mut toast: ResMut<Toast>,
) {
    let now = time.elapsed_secs_f64();
    if let Some((board, code, pending)) = &outbox.in_flight {
        let Some(reply) = pending.take() else { return };
        let answer = api::read_submit_answer(reply.status, &reply.body, reply.error.as_deref());
        let (board, code) = (board.clone(), code.clone());
        outbox.in_flight = None;
        match answer {
            Answer::Later(_) => {
                outbox.pace.failed(now);
                return;
            }
            Answer::Ranked(ranked) => {
                toast.show(format!(
                    "A kept run reached {}: rank {} with {}",
                    board.short(),
                    ranked.rank,
                    crate::words::thousands(ranked.score)
                ));
            }
            Answer::Refused(why) => toast.show(format!("{} refused a kept run: {why}", board.short())),
        }
        save.mark_sent(board.as_str(), &code, now_ms());
        save.commit(&store, &mut toast);
        outbox.pace.answered(now);
    }
    if !outbox.pace.ready(now) {
        return;
    }
    // The game-over screen's own submission is answered there, not sent twice at once.
    let sending = match &*submission {
        Submission::Sending { board, code, .. } => Some((board.as_str().to_string(), code.clone())),
        _ => None,
    };
    let next = save
        .waiting_runs()
        .into_iter()
        .find(|(server, code, _)| sending.as_ref() != Some(&(server.clone(), code.clone())));
    let Some((server, code, waiting)) = next else {
        outbox.pace.idle(now);
        return;
    };
    let Ok(board) = BoardAddress::parse(&server) else {
        // Kept by a build that read addresses differently: nothing can send it.
        save.mark_sent(&server, &code, now_ms());
        save.commit(&store, &mut toast);
        return;
    };
    let new_secret = save.board_secret(board.as_str()).is_none();
    let Some(secret) = secret_for(&mut save, &board) else {
        // No randomness for a secret: nothing can be sent now; not every frame either.
        outbox.pace.failed(now);
        return;
    };
    if new_secret {
        // Kept before the server ever sees it: a secret lost after sending is a lost name there.
        save.commit(&store, &mut toast);
    }
    let pending = http::post_json(board.runs_url(), api::submission_body(&code, &waiting.name, &secret));
    outbox.pace.sent(now);
    outbox.in_flight = Some((board, code, pending));
}
