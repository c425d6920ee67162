//! The seed screen's top three: when a board is set, the seed on show (typed or chosen) gets its
//! board's three best runs under the preview, asked for once the code stops changing.

use bevy::prelude::*;

use crate::board::http::{self, Pending};
use crate::board::{LinkBoard, active_board, api};
use crate::palette;
use crate::save::Save;
use crate::session::Session;
use crate::state::Screen;
use crate::ui::seed_entry::SeedEntry;
use crate::ui::widgets::text;

/// Typing settles this long before the board is asked (one request per code, not per key).
const SETTLE_SECONDS: f32 = 0.4;

/// The seed screen's line for the board's top three.
#[derive(Component)]
pub struct TopThreeLine;

pub(crate) fn top_three_line() -> impl Bundle {
    (TopThreeLine, text("", 18.0, palette::TEXT_DIM), Node { max_width: px(520), ..default() })
}

/// The board asked about (`address mode code`), how long it has been on show, its answer.
#[derive(Resource, Default, Debug)]
pub(crate) struct TopThree {
    asked: Option<String>,
    shown_for: f32,
    pending: Option<Pending>,
    pub line: String,
}

pub fn plugin(app: &mut App) {
    app.init_resource::<TopThree>()
        .add_systems(OnEnter(Screen::SeedSelect), |mut top: ResMut<TopThree>| *top = TopThree::default())
        .add_systems(Update, (ask_for_top_three, show_top_three).chain().run_if(in_state(Screen::SeedSelect)));
}

fn ask_for_top_three(
    time: Res<Time<Real>>,
    mut top: ResMut<TopThree>,
    save: Res<Save>,
    link: Res<LinkBoard>,
    session: Res<Session>,
    entry: Res<SeedEntry>,
) {
    let Some(board) = active_board(&save, &link) else {
        if top.asked.is_some() || !top.line.is_empty() {
            *top = TopThree::default();
        }
        return;
    };
    let shown = entry.typed_session(session.mode).unwrap_or_else(|| session.clone());
    let (mode, code) = (shown.mode.key(), shown.seed.code().to_string());
    let key = format!("{} {mode} {code}", board.as_str());
    if top.asked.as_deref() != Some(key.as_str()) {
        top.asked = Some(key);
        top.shown_for = 0.0;
        top.pending = None;
        top.line = String::new();
        return;
    }
    if let Some(pending) = &top.pending {
        if let Some(reply) = pending.take() {
            top.pending = None;
            top.line = match api::read_entries(reply.status, &reply.body, reply.error.as_deref()) {
                Ok(rows) if rows.is_empty() => format!("No runs on {} for this seed yet: be the first", board.short()),
                Ok(rows) => format!("Best on {}:\n{}", board.short(), api::rows_text(&rows)),
                Err(why) => format!("Board: {why}"),
            };
        }
        return;
    }
    if top.line.is_empty() {
        top.shown_for += time.delta_secs();
        if top.shown_for >= SETTLE_SECONDS {
            top.line = format!("Asking {} for this seed's best...", board.short());
            top.pending = Some(http::get(board.entries_url(mode, &code, 3, None)));
        }
    }
}

fn show_top_three(top: Res<TopThree>, mut lines: Query<&mut Text, With<TopThreeLine>>) {
    if !top.is_changed() {
        return;
    }
    for mut text in &mut lines {
        if text.0 != top.line {
            text.0.clone_from(&top.line);
        }
    }
}
