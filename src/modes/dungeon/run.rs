//! A dungeon run's state and scoring: the points, the banners and hints, [`DungeonRun`] (the
//! dungeon being played, the zones entered, lives and the clock) and its [`Rules`] (how a run
//! starts, goes on to the next dungeon and ends).

use bevy::prelude::*;
use seedfeast_procgen::dungeon::tuning::MAX_DUNGEON;
use seedfeast_procgen::dungeon::{DungeonRequest, Gives, generate_dungeon};
use seedfeast_procgen::generator::Opt;

use super::{Event, Pad, Play, Walker};
use crate::data::GameData;
use crate::physics::PHYSICS_HZ;
use crate::run::{Progress, Rules, RunEnd};
use crate::session::Session;

/// Points for each puzzle solved.
pub(crate) const NODE_POINTS: u32 = 50;
/// Points for serving a dungeon's feast, times the dungeon number.
pub(crate) const CLEAR_POINTS: u32 = 500;
/// Points for each whole second under the par when the feast is served.
pub(crate) const PAR_POINTS: u32 = 10;
/// Progress along the shared intensity curve per dungeon (dungeon 1 starts at 0).
pub(crate) const PROGRESS_PER_DUNGEON: f32 = 5.0;
/// How long a banner and a hint stay up, in fixed steps.
pub(crate) const BANNER_STEPS: u32 = 180;
pub(crate) const HINT_STEPS: u32 = 240;

/// A big message across the screen: a zone opens, a zone entered, a dungeon cleared.
#[derive(Clone, Debug, PartialEq)]
pub struct Banner {
    /// The zone it is about, if any.
    pub zone: Option<usize>,
    pub title: String,
    pub subtitle: String,
    /// The colour of the zone it is about (RGB).
    pub colour: (u8, u8, u8),
    pub steps_left: u32,
}

/// A short line about what the player just touched or did.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    pub text: String,
    pub steps_left: u32,
}

/// The run in progress.
#[derive(Resource, Debug)]
pub struct DungeonRun {
    pub play: Play,
    pub walker: Walker,
    /// Each zone's theme name ("Pantry"), in visiting order.
    pub zone_names: Vec<String>,
    pub score: u32,
    pub lives: u32,
    /// Fixed steps spent in this dungeon.
    pub steps: u32,
    pub dungeons_cleared: u32,
    pub food_eaten: u32,
    pub puzzles_solved: u32,
    pub banner: Option<Banner>,
    pub hint: Option<Hint>,
    pub ended: Option<String>,
}

impl DungeonRun {
    /// A run on `play` (dungeon K of a seed), with `lives`.
    pub fn new(play: Play, data: &GameData, lives: u32) -> DungeonRun {
        let speed = play.dungeon.player_speed;
        let mut run = DungeonRun {
            walker: Walker::at(play.dungeon.player_start, speed),
            zone_names: zone_names(&play, data),
            play,
            score: 0,
            lives,
            steps: 0,
            dungeons_cleared: 0,
            food_eaten: 0,
            puzzles_solved: 0,
            banner: None,
            hint: None,
            ended: None,
        };
        run.open_banner();
        run
    }

    /// The dungeon number K.
    /// The game-over line: how far the run got and what it did.
    fn summary(&self) -> String {
        format!(
            "reached dungeon {}, {} solved, {} food eaten",
            self.dungeon_number(),
            crate::words::counted(self.puzzles_solved, "puzzle", "puzzles"),
            self.food_eaten
        )
    }

    pub fn dungeon_number(&self) -> u32 {
        self.play.dungeon.dungeon
    }

    /// Seconds spent in this dungeon (whole fixed steps).
    pub fn seconds(&self) -> f32 {
        self.steps as f32 / PHYSICS_HZ as f32
    }

    /// The zone the player is in.
    pub fn zone(&self) -> usize {
        self.play
            .zone_of(self.walker.mover.nearest_cell())
            .or(self.play.room.map(|r| self.play.dungeon.rooms[r].zone))
            .unwrap_or(0)
    }

    /// The banner that opens a dungeon.
    fn open_banner(&mut self) {
        let first = self.zone_names.first().cloned().unwrap_or_default();
        self.banner = Some(Banner {
            zone: Some(0),
            title: format!("Dungeon {}", self.dungeon_number()),
            subtitle: format!("{} zones to the feast: {first} first", self.play.dungeon.zones.len()),
            colour: self.play.dungeon.zones[0].colour,
            steps_left: BANNER_STEPS,
        });
    }

    /// Moves on to `play` (the next dungeon), keeping the score and lives.
    pub(crate) fn next_dungeon(&mut self, play: Play, data: &GameData) {
        self.walker = Walker::at(play.dungeon.player_start, play.dungeon.player_speed);
        self.zone_names = zone_names(&play, data);
        self.play = play;
        self.steps = 0;
        self.dungeons_cleared += 1;
        self.hint = None;
        self.open_banner();
    }

    /// One fixed step of `dt` seconds with the player's `pad`; what happened, in order.
    pub fn step(&mut self, pad: Pad, dt: f32, data: &GameData) -> Vec<Event> {
        let mut events = Vec::new();
        if self.ended.is_some() || self.play.cleared {
            return events;
        }
        self.steps += 1;
        if let Some(banner) = &mut self.banner {
            banner.steps_left = banner.steps_left.saturating_sub(1);
        }
        if let Some(hint) = &mut self.hint {
            hint.steps_left = hint.steps_left.saturating_sub(1);
        }
        if pad.travel {
            let zone = self.zone();
            let to = self.play.travel_from(zone);
            self.walker.place(to);
            self.play.arrive(to, &mut events);
            let landed = self.play.zone_of(to).unwrap_or(0);
            events.push(Event::Travelled(landed));
        }
        if let Some(hazard) = self.walker.walk(&mut self.play, pad, dt, &mut events) {
            events.push(Event::Hurt(hazard));
        }
        for event in &events {
            self.react(event, data);
        }
        events
    }

    /// The score, lives, banner and hint after `event`.
    fn react(&mut self, event: &Event, data: &GameData) {
        match event {
            Event::Ate(f) => {
                self.food_eaten += 1;
                self.score = self.score.saturating_add(data.food().points(self.play.dungeon.food[*f].kind));
            }
            Event::Solved(_) => {
                self.puzzles_solved += 1;
                self.score = self.score.saturating_add(NODE_POINTS);
            }
            Event::DoorOpened { zone, .. } => self.announce_open_zone(*zone),
            // Walking in just after its door opened: the "open!" banner is still up and says it.
            Event::EnteredZone(z)
                if *z > 0 && !self.banner.as_ref().is_some_and(|b| b.zone == Some(*z) && b.steps_left > 0) =>
            {
                self.announce_entered_zone(*z);
            }
            Event::Hurt(h) => self.hurt(*h),
            Event::Cleared => self.serve_feast(),
            _ => {
                if let Some(text) = self.hint_about(event) {
                    self.hint = Some(Hint { text, steps_left: HINT_STEPS });
                }
            }
        }
    }

    /// The hint line `event` shows, for the events that only say something.
    fn hint_about(&self, event: &Event) -> Option<String> {
        let d = &self.play.dungeon;
        let text = match event {
            Event::Picked(i) => format!("Got the {}", d.items[*i].name),
            Event::Handed(items) => {
                let names: Vec<&str> = items.iter().map(|&i| d.items[i].name.as_str()).collect();
                format!("Handed over the {}", names.join(" and the "))
            }
            Event::Thrown(s) if d.nodes[d.switches[*s].giver].role != seedfeast_procgen::dungeon::NodeRole::Bridge => {
                format!("Click! The {} is done", d.switches[*s].name)
            }
            Event::PenOpened(n) => format!("The bars around the {} open", d.nodes[*n].title.to_lowercase()),
            Event::Fed(n) => {
                let guard = d.objects.iter().find(|o| o.node == *n).map_or("guard", |o| o.name.as_str());
                format!("The {guard} gobbles it up and steps aside")
            }
            Event::Cooked(n) => {
                let dish = match d.nodes[*n].gives {
                    Gives::Item(i) => d.items[i].name.as_str(),
                    _ => "dish",
                };
                format!("Ding! A fresh {dish}")
            }
            Event::Hint(text) => text.clone(),
            Event::Travelled(z) => {
                let name = self.zone_names.get(*z).cloned().unwrap_or_default();
                format!("Quick travel: the {name} entrance")
            }
            _ => return None,
        };
        Some(text)
    }

    /// The banner for zone `zone`'s door opening.
    fn announce_open_zone(&mut self, zone: usize) {
        let d = &self.play.dungeon;
        let name = self.zone_names.get(zone).cloned().unwrap_or_default();
        self.banner = Some(Banner {
            zone: Some(zone),
            title: format!("The {name} is open!"),
            subtitle: format!("Zone {} of {} unlocked", zone + 1, d.zones.len()),
            colour: d.zones[zone].colour,
            steps_left: BANNER_STEPS,
        });
    }

    /// The welcome banner on first walking into zone `z`.
    fn announce_entered_zone(&mut self, z: usize) {
        let d = &self.play.dungeon;
        let name = self.zone_names.get(z).cloned().unwrap_or_default();
        self.banner = Some(Banner {
            zone: Some(z),
            title: format!("Welcome to the {name}"),
            subtitle: format!("Zone {} of {}", z + 1, d.zones.len()),
            colour: d.zones[z].colour,
            steps_left: BANNER_STEPS,
        });
    }

    /// Hazard `h` costs a life: the run ends on the last, else a hint counts those left.
    fn hurt(&mut self, h: usize) {
        let name = self.play.dungeon.hazards[h].name.clone();
        self.lives = self.lives.saturating_sub(1);
        if self.lives == 0 {
            self.ended = Some(format!("A {name} got you!"));
        } else {
            let text = format!("Ouch, a {name}! {} left", crate::words::counted(self.lives, "life", "lives"));
            self.hint = Some(Hint { text, steps_left: HINT_STEPS });
        }
    }

    /// The feast served: the clear bonus (more per dungeon, more under par) and its banner.
    fn serve_feast(&mut self) {
        let d = &self.play.dungeon;
        let k = self.dungeon_number();
        let under = (d.par_seconds as f32 - self.seconds()).max(0.0) as u32;
        let bonus = CLEAR_POINTS.saturating_mul(k).saturating_add(PAR_POINTS.saturating_mul(under));
        self.score = self.score.saturating_add(bonus);
        self.banner = Some(Banner {
            zone: None,
            title: "Feast served!".into(),
            subtitle: format!(
                "Dungeon {k} in {} (par {})   +{bonus}",
                clock(self.seconds()),
                clock(d.par_seconds as f32)
            ),
            colour: d.zones[d.zones.len() - 1].colour,
            steps_left: BANNER_STEPS,
        });
    }
}

fn zone_names(play: &Play, data: &GameData) -> Vec<String> {
    play.dungeon
        .zones
        .iter()
        .map(|z| data.dungeon.themes.get(&z.theme).map_or_else(|| z.theme.clone(), |t| t.name.clone()))
        .collect()
}

/// `m:ss`.
pub fn clock(seconds: f32) -> String {
    let s = seconds.max(0.0) as u32;
    format!("{}:{:02}", s / 60, s % 60)
}

impl Rules for DungeonRun {
    fn status(&self) -> String {
        let zone = self.zone();
        let name = self.zone_names.get(zone).map_or("", String::as_str);
        // Three short lines, each within the HUD card's width (580 px at the normal text size):
        // two long ones wrapped a lone "2:00" onto a line of its own.
        format!(
            "Score {}   Lives {}   Bag {}\n{name}, zone {} of {}\nTime {}   par {}",
            self.score,
            self.lives,
            self.play.held.len(),
            zone + 1,
            self.play.dungeon.zones.len(),
            clock(self.seconds()),
            clock(self.play.dungeon.par_seconds as f32),
        )
    }

    /// The curve at the dungeon reached (what the dungeon was generated for).
    fn intensity(&self, data: &GameData) -> f32 {
        intensity_at(data, self.dungeon_number())
    }

    /// Dungeons served, and the share of this one's puzzles solved: 1.0 is the first feast.
    fn progress(&self) -> Progress {
        let nodes = self.play.dungeon.nodes.len().max(1) as f32;
        let done = if self.play.cleared { 1.0 } else { self.play.solved_count() as f32 / nodes };
        Progress { amount: self.dungeon_number().saturating_sub(1) as f32 + done, unit: "dungeons" }
    }

    fn score(&self) -> u32 {
        self.score
    }

    fn stage(&self) -> u32 {
        self.dungeon_number()
    }

    fn level_options(&self) -> Vec<(Opt, u32)> {
        vec![(Opt::Dungeon, self.dungeon_number())]
    }

    fn outcome(&self) -> Option<RunEnd> {
        self.ended.as_ref().map(|cause| RunEnd { score: self.score, cause: cause.clone(), summary: self.summary() })
    }

    /// Time's up: the run's one line, not the HUD's three.
    fn time_up(&self) -> RunEnd {
        RunEnd { score: self.score, cause: crate::run::TIME_UP.to_string(), summary: self.summary() }
    }
}

/// The intensity of dungeon `k`.
pub fn intensity_at(data: &GameData, k: u32) -> f32 {
    data.curve().at(k.saturating_sub(1) as f32 * PROGRESS_PER_DUNGEON)
}

/// The dungeon a run starts at: a link's `level=K` (or `play --level K`) is dungeon K, numbered
/// as `gen dungeon --dungeon K` numbers them (1 the first; 0 counts as 1, and numbers past the
/// last dungeon there is are that last one); without a level, dungeon 1. Clearing it goes on to
/// K + 1 as usual.
pub(crate) fn first_dungeon(session: &Session) -> u32 {
    session.level.map_or(1, |k| k.clamp(1, MAX_DUNGEON))
}

/// Dungeon `k` of `seed`, ready to play.
pub(crate) fn dungeon_play(data: &GameData, session: &Session, k: u32) -> Result<Play, String> {
    generate_dungeon(&data.dungeon, session.seed, &DungeonRequest::new(k))
        .map(Play::new)
        .map_err(|error| format!("Dungeon {k} can't be made: {error}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use seedfeast_procgen::Seed;

    fn run_of(seed: u64) -> (DungeonRun, GameData) {
        let data = GameData::built_in();
        let dungeon = generate_dungeon(&data.dungeon, Seed(seed), &DungeonRequest::new(1)).unwrap();
        (DungeonRun::new(Play::new(dungeon), &data, 3), data)
    }

    #[test]
    fn the_score_counts_food_puzzles_and_the_seconds_under_the_par() {
        let (mut run, data) = run_of(3);
        let par = run.play.dungeon.par_seconds;
        let food = data.food().points(run.play.dungeon.food[0].kind);
        run.react(&Event::Ate(0), &data);
        run.react(&Event::Solved(1), &data);
        assert_eq!(run.score, food + NODE_POINTS);
        run.steps = 60 * 10;
        run.react(&Event::Cleared, &data);
        assert_eq!(run.score, food + NODE_POINTS + CLEAR_POINTS + PAR_POINTS * (par - 10));
        assert!(run.banner.as_ref().is_some_and(|b| b.title.contains("Feast")));
        // Over the par, the feast scores without a time bonus.
        let (mut late, data) = run_of(3);
        late.steps = 60 * (par + 30);
        late.react(&Event::Cleared, &data);
        assert_eq!(late.score, CLEAR_POINTS);
    }

    #[test]
    fn time_up_ends_with_the_runs_one_line_not_the_huds_three() {
        let (run, _) = run_of(4);
        let end = run.time_up();
        assert_eq!(end.cause, crate::run::TIME_UP);
        assert!(!end.summary.contains('\n') && end.summary.starts_with("reached dungeon"), "{}", end.summary);
        assert!(run.status().lines().count() == 3, "the HUD keeps its three lines");
    }

    #[test]
    fn the_status_line_shows_zone_bag_lives_and_time_against_the_par() {
        let (mut run, _) = run_of(4);
        run.steps = 60 * 75;
        let status = run.status();
        let par = clock(run.play.dungeon.par_seconds as f32);
        assert!(status.contains("Lives 3") && status.contains(&format!("Time 1:15   par {par}")), "{status}");
        assert!(status.contains(&format!("{}, zone 1 of", run.zone_names[0])) && status.contains("Bag 0"), "{status}");
    }

    #[test]
    fn a_zone_opening_shows_a_banner_that_entering_it_keeps() {
        let (mut run, data) = run_of(4);
        let node = run.play.dungeon.zones[1].opened_by.unwrap();
        run.react(&Event::DoorOpened { node, zone: 1 }, &data);
        let opened = run.banner.clone().unwrap();
        assert!(opened.title.contains(&run.zone_names[1]) && opened.title.contains("open"), "{opened:?}");
        run.react(&Event::EnteredZone(1), &data);
        assert_eq!(run.banner.as_ref(), Some(&opened));
        // Entered later (by quick travel, say), it welcomes the player instead.
        run.banner.as_mut().unwrap().steps_left = 0;
        run.react(&Event::EnteredZone(1), &data);
        assert!(run.banner.as_ref().unwrap().title.contains("Welcome"));
    }

    #[test]
    fn losing_the_last_life_ends_the_run_with_the_hazard_named() {
        let (mut run, data) = run_of(2);
        for _ in 0..3 {
            run.react(&Event::Hurt(0), &data);
        }
        let end = run.outcome().expect("the run is over");
        assert!(end.cause.contains(&run.play.dungeon.hazards[0].name), "{}", end.cause);
        assert!(intensity_at(&data, 1) < intensity_at(&data, 3));
    }
}
