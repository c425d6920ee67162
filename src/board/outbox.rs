//! Runs kept to send later: every run *Submit to board* queued in the save that no board has
//! answered for good yet (the network was down, the board busy, the game closed mid-request).
//! They go one at a time at the title screen (so when the game starts), after a board next ranks
//! a run, and at most once a minute while any wait; a final answer (ranked or refused) takes each off the queue.

use bevy::prelude::*;

use crate::board::BoardAddress;
use crate::board::api::{self, Answer};
use crate::board::http::{self, Pending};
use crate::board::submit::{Submission, secret_for};
use crate::save::clock::now_ms;
use crate::save::{Save, SaveStore};
use crate::toast::Toast;

/// How long after a failed try the waiting runs are tried again.
const RETRY_SECONDS: f64 = 60.0;

/// The waiting run on its way, and when to try next.
#[derive(Resource, Debug, Default)]
pub(crate) struct Outbox {
    in_flight: Option<(BoardAddress, String, Pending)>,
    /// Seconds of real time before the next try (0: now).
    next_try: f64,
}

impl Outbox {
    /// Try the waiting runs at the next frame (a board just answered: it is reachable now).
    pub(crate) fn try_now(&mut self) {
        self.next_try = 0.0;
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
                outbox.next_try = now + RETRY_SECONDS;
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
        outbox.next_try = now;
    }
    if now < outbox.next_try {
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
        outbox.next_try = now + RETRY_SECONDS;
        return;
    };
    let Ok(board) = BoardAddress::parse(&server) else {
        // Kept by a build that read addresses differently: nothing can send it.
        save.mark_sent(&server, &code, now_ms());
        return;
    };
    let new_secret = save.board_secret(board.as_str()).is_none();
    let Some(secret) = secret_for(&mut save, &board) else { return };
    if new_secret {
        // Kept before the server ever sees it: a secret lost after sending is a lost name there.
        save.commit(&store, &mut toast);
    }
    let pending = http::post_json(board.runs_url(), api::submission_body(&code, &waiting.name, &secret));
    outbox.in_flight = Some((board, code, pending));
}
