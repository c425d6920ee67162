//! *Submit to board* on the game-over screen: the run is queued in the save, sent, re-played by
//! the board, and the player sees their rank and the rows around it (or why not, and that the
//! run is kept to send later).

use bevy::prelude::*;

use crate::board::api::{self, Answer};
use crate::board::http::{self, Pending};
use crate::board::{BoardAddress, LinkBoard, active_board, fresh_secret};
use crate::replay::LastReplay;
use crate::save::clock::now_ms;
use crate::save::{Save, SaveStore};
use crate::state::Screen;
use crate::toast::Toast;

/// Rows shown around the player's rank.
const ROWS_AROUND: u32 = 5;

/// Where this game-over screen's submission is.
#[derive(Resource, Default, Debug)]
pub enum Submission {
    /// Not sent (or a new run ended since).
    #[default]
    Idle,
    Sending {
        board: BoardAddress,
        code: String,
        pending: Pending,
    },
    /// Ranked: the line, and the rows around the rank on their way.
    Ranked {
        line: String,
        rank: u64,
        pending: Pending,
    },
    /// The last word: ranked with rows, refused, or kept for later.
    Said(String),
}

impl Submission {
    /// What the game-over screen's board line says now.
    pub fn line(&self) -> String {
        match self {
            Submission::Idle => String::new(),
            Submission::Sending { board, .. } => {
                format!("Sending your run to {}: the board re-plays it...", board.short())
            }
            Submission::Ranked { line, .. } => line.clone(),
            Submission::Said(said) => said.clone(),
        }
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Submission>()
        .add_systems(OnEnter(Screen::GameOver), |mut submission: ResMut<Submission>| {
            // A request still on its way stays queued in the save: the outbox sends it again.
            *submission = Submission::Idle;
        })
        .add_systems(Update, hear_back);
}

/// Whether the game-over screen offers *Submit to board*: a board is set and the run has a
/// replay (modes the board can't re-play, the Code puzzle, record none).
pub(crate) fn can_submit(save: &Save, link: &LinkBoard, replay: Option<&LastReplay>) -> bool {
    replay.is_some() && active_board(save, link).is_some()
}

/// *Submit to board* (the screen asks for a name first when there is none): queues the run in
/// the save, then sends it.
pub(crate) fn submit_run(
    mut submission: ResMut<Submission>,
    mut save: ResMut<Save>,
    store: Res<SaveStore>,
    link: Res<LinkBoard>,
    replay: Option<Res<LastReplay>>,
    mut toast: ResMut<Toast>,
) {
    if matches!(*submission, Submission::Sending { .. }) {
        return;
    }
    let (Some(board), Some(replay)) = (active_board(&save, &link), replay) else {
        *submission = Submission::Said("No board is set: add one in Settings".into());
        return;
    };
    let name = save.settings().player_name().to_string();
    if name.is_empty() {
        *submission = Submission::Said("Set your name for boards in Settings first".into());
        return;
    }
    let Some(secret) = secret_for(&mut save, &board) else {
        *submission = Submission::Said("This system gives no randomness for a secret: nothing was sent".into());
        return;
    };
    let code = replay.0.encode();
    let now = now_ms();
    if !save.queue_run(board.as_str(), &code, &name, now) {
        toast.show("Too many runs are waiting for this board: this one is sent now but not kept");
    }
    save.commit(&store, &mut toast);
    let pending = http::post_json(board.runs_url(), api::submission_body(&code, &name, &secret));
    *submission = Submission::Sending { board, code, pending };
}

/// The player's secret for `board`, made and kept in the save the first time.
pub(crate) fn secret_for(save: &mut Save, board: &BoardAddress) -> Option<String> {
    if let Some(kept) = save.board_secret(board.as_str()) {
        return Some(kept.to_string());
    }
    let fresh = fresh_secret()?;
    Some(save.ensure_board_secret(board.as_str(), || fresh, now_ms()))
}

/// Reads the board's answers as they come: the rank, then the rows around it.
fn hear_back(
    mut submission: ResMut<Submission>,
    mut save: ResMut<Save>,
    store: Res<SaveStore>,
    mut toast: ResMut<Toast>,
    mut outbox: ResMut<crate::board::outbox::Outbox>,
) {
    let next = match &*submission {
        Submission::Sending { board, code, pending } => {
            let Some(reply) = pending.take() else { return };
            let answer = api::read_submit_answer(reply.status, &reply.body, reply.error.as_deref());
            if !matches!(answer, Answer::Later(_)) {
                save.mark_sent(board.as_str(), code, now_ms());
                save.commit(&store, &mut toast);
            }
            match answer {
                Answer::Ranked(ranked) => {
                    outbox.try_now();
                    let (mode, seed) = ranked.board.split_once('/').unwrap_or((&ranked.board, ""));
                    let url = board.entries_url(mode, seed, ROWS_AROUND, Some(ranked.rank));
                    Submission::Ranked { line: api::ranked_line(&ranked), rank: ranked.rank, pending: http::get(url) }
                }
                Answer::Refused(why) => Submission::Said(format!("The board refused this run: {why}")),
                Answer::Later(why) => {
                    let waiting = save.waiting_runs();
                    if waiting.iter().any(|(server, kept, _)| server == board.as_str() && kept == code) {
                        Submission::Said(format!(
                            "Not sent: {why}. The run is kept and goes when the board answers ({} waiting)",
                            waiting.len()
                        ))
                    } else {
                        Submission::Said(format!("Not sent: {why}. Too many runs wait for this board to keep it"))
                    }
                }
            }
        }
        Submission::Ranked { line, rank, pending } => {
            let Some(reply) = pending.take() else { return };
            match api::read_entries(reply.status, &reply.body, reply.error.as_deref()) {
                Ok(rows) => Submission::Said(format!("{line}\n{}", api::rows_around(&rows, *rank))),
                Err(_) => Submission::Said(line.clone()),
            }
        }
        Submission::Idle | Submission::Said(_) => return,
    };
    *submission = next;
}
