//! *Your seeds*: the seeds played in the chosen mode (the last 20, newest first) with their best
//! scores, starred favourites on top. Enter or a click plays one; F (Y on a gamepad) stars or
//! unstars the selected one, kept in the save with the scores.

use bevy::prelude::*;
use seedfeast_procgen::{SeedCode, SeedInput};
use seedfeast_save::{SaveData, score_key};

use crate::palette;
use crate::save::{Save, SaveStore, clock};
use crate::session::Session;
use crate::state::Screen;
use crate::toast::Toast;
use crate::ui::menu::{MenuAction, MenuCursor, MenuItem, MenuSystems};
use crate::ui::widgets::{button, heading, panel, screen_root, sized_button, text};
use crate::words::thousands;

/// One seed on the list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeedRow {
    pub code: String,
    pub best: Option<u64>,
    pub starred: bool,
    /// The words it was made from ("from \"pizza party\""), if any.
    pub origin: Option<String>,
}

impl SeedRow {
    /// The button's label: `* 324MP-ANQ6H   best 1,240` (an asterisk: the game's font has no ★).
    pub fn label(&self) -> String {
        let star = if self.starred { "*" } else { " " };
        let best = self.best.map_or_else(|| "no score yet".to_string(), |best| format!("best {}", thousands(best)));
        format!("{star} {}   {best}", self.code)
    }
}

/// The rows for `mode`: starred seeds first (as the save lists them), then the rest of the
/// history, newest first. Codes this build can't read are left out.
pub(crate) fn seed_rows(save: &SaveData, mode: &str) -> Vec<SeedRow> {
    let history = save.history(mode);
    let origin_of = |code: &str| history.iter().find(|(c, _)| *c == code).and_then(|(_, play)| play.origin.clone());
    let row = |code: &str, starred: bool| SeedRow {
        code: code.to_string(),
        best: save.best(&score_key(mode, code)).map(|best| best.score),
        starred,
        origin: origin_of(code),
    };
    let starred = save.favourites(mode);
    let mut rows: Vec<SeedRow> = starred.iter().map(|code| row(code, true)).collect();
    rows.extend(history.iter().filter(|(code, _)| !starred.contains(code)).map(|(code, _)| row(code, false)));
    rows.retain(|row| row.code.parse::<SeedCode>().is_ok());
    rows
}

/// A row's button: which seed it plays.
#[derive(Component, Debug, Clone)]
pub struct HistoryRow(pub SeedRow);

pub fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::SeedHistory), spawn_history)
        .add_systems(Update, toggle_star.before(MenuSystems).run_if(in_state(Screen::SeedHistory)));
}

fn spawn_history(
    mut commands: Commands,
    mut cursor: ResMut<MenuCursor>,
    session: Res<Session>,
    save: Option<Res<Save>>,
) {
    cursor.0 = 0;
    let rows = save.map(|save| seed_rows(&save.0, session.mode.key())).unwrap_or_default();
    commands.spawn(screen_root(Screen::SeedHistory, None)).with_children(|root| {
        root.spawn(panel()).with_children(|card| {
            card.spawn(heading(format!("{}: your seeds", session.mode.name())));
            if rows.is_empty() {
                card.spawn(text("No seeds played in this mode yet.", 22.0, palette::TEXT_DIM));
            }
            for (order, row) in rows.iter().enumerate() {
                card.spawn((
                    sized_button(order, row.label(), MenuAction::PlayHistory, Vec2::new(520.0, 30.0), 20.0),
                    HistoryRow(row.clone()),
                ));
            }
            card.spawn(button(rows.len(), "Back", MenuAction::BackToSeeds));
            card.spawn(crate::ui::hints::hint_text(crate::ui::hints::menus::history(), 18.0, palette::TEXT_DIM));
        });
    });
}

/// The seed on the selected row, to play (the menu's `PlayHistory`).
pub(crate) fn play_selected(
    cursor: Res<MenuCursor>,
    rows: Query<(&MenuItem, &HistoryRow)>,
    mut session: ResMut<Session>,
    mut next: ResMut<NextState<Screen>>,
    mut toast: ResMut<Toast>,
) {
    let Some((_, row)) = rows.iter().find(|(item, _)| item.order == cursor.0) else { return };
    let played = SeedInput::parse(&row.0.code)
        .map_err(|e| e.to_string())
        .and_then(|input| Session::from_input(session.mode, &input));
    match played {
        Ok(mut chosen) => {
            // Keep the words it came from beside the code.
            chosen.origin = row.0.origin.clone().or(chosen.origin);
            *session = chosen;
            next.set(Screen::Playing);
        }
        Err(error) => toast.show(error),
    }
}

/// F or a gamepad's (Y) stars or unstars the selected seed, saved at once: the menu's own keys,
/// whatever the player gave the second action (issue #29's remapping is gameplay's).
fn toggle_star(
    keys: Res<ButtonInput<KeyCode>>,
    pads: Query<&Gamepad>,
    cursor: Res<MenuCursor>,
    session: Res<Session>,
    store: Res<SaveStore>,
    mut save: ResMut<Save>,
    mut toast: ResMut<Toast>,
    mut rows: Query<(&MenuItem, &mut HistoryRow, &Children)>,
    mut labels: Query<&mut Text>,
) {
    let pressed = keys.just_pressed(KeyCode::KeyF) || pads.iter().any(|pad| pad.just_pressed(GamepadButton::North));
    if !pressed {
        return;
    }
    let Some((_, mut row, children)) = rows.iter_mut().find(|(item, _, _)| item.order == cursor.0) else { return };
    row.0.starred = !row.0.starred;
    save.0.set_favourite(session.mode.key(), &row.0.code, row.0.starred, clock::now_ms());
    save.commit(&store, &mut toast);
    toast.show(if row.0.starred { format!("Starred {}", row.0.code) } else { format!("Unstarred {}", row.0.code) });
    for child in children.iter() {
        if let Ok(mut label) = labels.get_mut(child) {
            label.0 = row.0.label();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use seedfeast_procgen::Seed;
    use seedfeast_save::Direction;

    fn code(text: &str) -> String {
        Seed::from_text(text).code().to_string()
    }

    #[test]
    fn starred_seeds_come_first_then_the_newest_played_with_their_bests() {
        let mut save = SaveData::default();
        for (i, words) in ["apple", "banana", "cherry"].iter().enumerate() {
            save.played("maze", &code(words), Some(&format!("from \"{words}\"")), 1_000 + i as u64);
        }
        save.record(&score_key("maze", &code("apple")), 1_240, Direction::Higher);
        save.set_favourite("maze", &code("apple"), true, 5_000);
        save.played("runner", &code("durian"), None, 9_000);
        let rows = seed_rows(&save, "maze");
        let codes: Vec<&str> = rows.iter().map(|r| r.code.as_str()).collect();
        assert_eq!(codes, [code("apple"), code("cherry"), code("banana")]);
        assert_eq!(rows[0].label(), format!("* {}   best 1,240", code("apple")));
        assert_eq!(rows[1].label(), format!("  {}   no score yet", code("cherry")));
        assert_eq!(rows[2].origin.as_deref(), Some("from \"banana\""));
        assert!(seed_rows(&save, "arena").is_empty());
    }
}
