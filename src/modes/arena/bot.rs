//! The Arena's reference bot: it walks the cheapest way to the nearest food over a fine grid of
//! the floor on which a hot pan's reach costs far more than open floor (so it walks round pans,
//! and crosses one only when food is walled in by them) and a moving pan's track costs more too
//! (so it goes round a track, as the generator leaves room to), pushing the stick in one of eight
//! directions as a player does. Each step it looks half a second ahead at the moving threats
//! (`dodge`): when the way downhill would meet one it takes the best way that doesn't, or waits.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use bevy::prelude::*;
use seedfeast_procgen::arena::{ArenaWave, ItemKind};

use super::threats::ArenaThreat;
use super::{ArenaPiece, ArenaPlayer, ArenaRun};
use crate::data::GameData;
use crate::mode::Bot;
use crate::replay::StepInput;
use crate::run::Gameplay;

/// The Arena's bot row: a pan-free way to every food is not promised, so this is a figure.
pub(crate) const BOT: Bot = Bot { add, goal: 3.0, promised: false, start_level: None };

/// The planning grid's cell, world units (under the 5.3 units a step the player moves).
const CELL: f32 = 8.0;
/// What a step inside a pan's reach costs, against 1 for open floor.
const PAN_COST: u32 = 400;
/// Cells whose centre is this much beyond a pan's reach are still treated as inside it.
const MARGIN: f32 = 6.0;
/// What a step across a moving pan's track costs: a way round is cheaper unless far longer.
const TRACK_COST: u32 = 40;

/// The cost of reaching food from each cell, rebuilt whenever food is eaten.
#[derive(Resource, Default)]
pub struct ArenaBot {
    field: Vec<u32>,
    columns: usize,
    rows: usize,
    food_left: Option<(u32, usize)>,
}

fn add(app: &mut App) {
    app.init_resource::<ArenaBot>().add_systems(
        FixedUpdate,
        steer.after(Gameplay::Input).before(Gameplay::React).run_if(resource_exists::<ArenaRun>),
    );
}

/// A moving threat's track, as the field costs it: its points and whether the last joins the first.
pub type Track = (Vec<Vec2>, bool);

fn steer(
    run: Res<ArenaRun>,
    data: Res<GameData>,
    mut bot: ResMut<ArenaBot>,
    mut input: ResMut<StepInput>,
    player: Single<&ArenaPlayer>,
    items: Query<&ArenaPiece>,
    threats: Query<&ArenaThreat>,
) {
    let now = (run.wave.wave, run.food_left);
    let radius = data.arena.player_radius;
    if bot.food_left != Some(now) {
        let pieces: Vec<ArenaPiece> = items.iter().copied().collect();
        let tracks: Vec<Track> = run
            .wave
            .threats
            .iter()
            .filter_map(|t| {
                t.motion.track().map(|points| (points.iter().map(|p| Vec2::new(p.x, p.y)).collect(), points.len() > 2))
            })
            .collect();
        *bot = plan(&run.wave, &pieces, &tracks, radius + data.arena.item_radius, radius);
        bot.food_left = Some(now);
    }
    let mut threats: Vec<&ArenaThreat> = threats.iter().collect();
    threats.sort_by_key(|t| t.index);
    let mover = Mover { speed: data.arena.player_speed, radius, size: Vec2::new(run.wave.width, run.wave.height) };
    // Snapped to eight directions, as a stick or keys would be.
    input.axis = StepInput::held(super::bot_dodge::dodge(&bot, player.at, &threats, run.wave_steps, &mover));
}

/// The player the bot moves: its speed, radius and the floor it stays on.
pub struct Mover {
    pub speed: f32,
    pub radius: f32,
    pub size: Vec2,
}

/// The cost field towards the nearest food on `wave` with these items left and these moving
/// pans' tracks, for a player of `radius` whose centre touches an item within `reach`.
pub fn plan(wave: &ArenaWave, items: &[ArenaPiece], tracks: &[Track], reach: f32, radius: f32) -> ArenaBot {
    let columns = (wave.width / CELL).ceil() as usize;
    let rows = (wave.height / CELL).ceil() as usize;
    let centre = |c: usize, r: usize| Vec2::new((c as f32 + 0.5) * CELL, (r as f32 + 0.5) * CELL);
    let pans: Vec<Vec2> = items.iter().filter(|i| i.kind == ItemKind::Hazard).map(|i| i.at).collect();
    let cost = |c: usize, r: usize| {
        let at = centre(c, r);
        if pans.iter().any(|p| p.distance_squared(at) < (reach + MARGIN) * (reach + MARGIN)) {
            PAN_COST
        } else if tracks.iter().any(|(points, closed)| near_track(at, points, *closed, reach + MARGIN)) {
            TRACK_COST
        } else {
            1
        }
    };
    let costs: Vec<u32> = (0..rows).flat_map(|r| (0..columns).map(move |c| (c, r))).map(|(c, r)| cost(c, r)).collect();
    // The player's centre stays `radius` inside the walls, so the cells along them are
    // out of its reach: a way planned through them (under a pan by the wall) would push the
    // stick into the wall for ever.
    let (first, last) = (
        cell_of(Vec2::splat(radius), columns, rows),
        cell_of(Vec2::new(wave.width, wave.height) - radius, columns, rows),
    );
    let walkable = |c: usize, r: usize| (first.0..=last.0).contains(&c) && (first.1..=last.1).contains(&r);
    let mut field = vec![u32::MAX; columns * rows];
    let mut queue = BinaryHeap::new();
    for food in items.iter().filter(|i| matches!(i.kind, ItemKind::Food(_))) {
        let (c, r) = cell_of(food.at, columns, rows);
        field[r * columns + c] = 0;
        queue.push(Reverse((0, c, r)));
    }
    // Dijkstra: each cell is settled once, so this ends after at most columns × rows pops.
    while let Some(Reverse((distance, c, r))) = queue.pop() {
        if distance > field[r * columns + c] {
            continue;
        }
        for (dc, dr) in NEIGHBOURS {
            let (Some(nc), Some(nr)) = (c.checked_add_signed(dc), r.checked_add_signed(dr)) else { continue };
            if nc >= columns || nr >= rows || !walkable(nc, nr) {
                continue;
            }
            // Diagonals cost about √2 (in tenths, to keep the field integral and exact).
            let step = if dc != 0 && dr != 0 { 14 } else { 10 } * costs[nr * columns + nc];
            let next = distance.saturating_add(step);
            if next < field[nr * columns + nc] {
                field[nr * columns + nc] = next;
                queue.push(Reverse((next, nc, nr)));
            }
        }
    }
    ArenaBot { field, columns, rows, food_left: None }
}

/// Whether `at` is within `within` of the track (each segment; a closed one's last joins its first).
fn near_track(at: Vec2, points: &[Vec2], closed: bool, within: f32) -> bool {
    let closing = (closed && points.len() > 2).then(|| (points[points.len() - 1], points[0]));
    points.windows(2).map(|w| (w[0], w[1])).chain(closing).any(|(a, b)| {
        let ab = b - a;
        let t = if ab.length_squared() > 0.0 { ((at - a).dot(ab) / ab.length_squared()).clamp(0.0, 1.0) } else { 0.0 };
        at.distance_squared(a + ab * t) < within * within
    })
}

const NEIGHBOURS: [(isize, isize); 8] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)];

fn cell_of(at: Vec2, columns: usize, rows: usize) -> (usize, usize) {
    let c = (at.x / CELL).floor().clamp(0.0, (columns - 1) as f32) as usize;
    let r = (at.y / CELL).floor().clamp(0.0, (rows - 1) as f32) as usize;
    (c, r)
}

impl ArenaBot {
    /// The field's value at `at` (u32::MAX off the floor or walled off).
    pub fn value_at(&self, at: Vec2) -> u32 {
        if self.field.is_empty() {
            return u32::MAX;
        }
        let (c, r) = cell_of(at, self.columns, self.rows);
        self.field[r * self.columns + c]
    }

    /// The stick direction (one of eight, or none) that goes downhill on the field from `at`.
    pub fn direction(&self, at: Vec2) -> Vec2 {
        if self.field.is_empty() {
            return Vec2::ZERO;
        }
        let (c, r) = cell_of(at, self.columns, self.rows);
        let here = self.field[r * self.columns + c];
        let best = NEIGHBOURS
            .into_iter()
            .filter_map(|(dc, dr)| {
                let (nc, nr) = (c.checked_add_signed(dc)?, r.checked_add_signed(dr)?);
                (nc < self.columns && nr < self.rows).then(|| (self.field[nr * self.columns + nc], dc, dr))
            })
            .min_by_key(|&(value, _, _)| value);
        match best {
            Some((value, dc, dr)) if value < here => Vec2::new(dc as f32, dr as f32).normalize(),
            // At the food's own cell: head for its centre.
            _ => Vec2::ZERO,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use seedfeast_procgen::food::FoodKind;

    fn wave() -> ArenaWave {
        let data = GameData::built_in();
        let mut generator = seedfeast_procgen::arena::ArenaGenerator::new(
            data.arena.clone(),
            data.curve().clone(),
            data.food().clone(),
            seedfeast_procgen::Seed(1),
        );
        let mut wave = generator.next_wave();
        wave.width = 400.0;
        wave.height = 200.0;
        wave
    }

    fn food(x: f32, y: f32) -> ArenaPiece {
        ArenaPiece { at: Vec2::new(x, y), kind: ItemKind::Food(FoodKind::Apple) }
    }

    #[test]
    fn it_heads_for_the_nearest_food() {
        let bot = plan(&wave(), &[food(350.0, 100.0), food(20.0, 100.0)], &[], 34.0, 16.0);
        assert_eq!(bot.direction(Vec2::new(100.0, 100.0)), Vec2::new(-1.0, 0.0));
    }

    #[test]
    fn it_walks_round_a_pan_in_the_way() {
        let pan = ArenaPiece { at: Vec2::new(200.0, 100.0), kind: ItemKind::Hazard };
        let bot = plan(&wave(), &[food(300.0, 100.0), pan], &[], 34.0, 16.0);
        // Straight right would walk into the pan's reach: the first steps bend away from it.
        let mut at = Vec2::new(100.0, 100.0);
        let mut closest = f32::MAX;
        for _ in 0..200 {
            at += bot.direction(at) * 5.0;
            closest = closest.min(at.distance(pan.at));
        }
        assert!(closest >= 34.0, "it kept out of the pan's reach (closest {closest})");
        assert!(at.distance(Vec2::new(300.0, 100.0)) < 12.0, "and reached the food: {at}");
    }

    #[test]
    fn it_goes_round_a_pan_by_the_wall_not_along_the_wall_it_cannot_reach() {
        // Seed 20000-00TFN's wave 2: a pan 47 units off the bottom wall leaves a strip under it
        // that only a centre closer to the wall than the player's radius could use; the bot
        // pushed into the wall there for the rest of the run.
        let pan = ArenaPiece { at: Vec2::new(200.0, 47.0), kind: ItemKind::Hazard };
        let apple = food(320.0, 26.0);
        let bot = plan(&wave(), &[apple, pan], &[], 34.0, 16.0);
        let mut at = Vec2::new(120.0, 16.0);
        let mut closest = f32::MAX;
        for _ in 0..400 {
            // As the game moves the player: a step, kept inside the walls.
            at = (at + bot.direction(at) * 5.0).clamp(Vec2::splat(16.0), Vec2::new(400.0, 200.0) - 16.0);
            closest = closest.min(at.distance(pan.at));
            if at.distance(apple.at) < 34.0 {
                break;
            }
        }
        assert!(at.distance(apple.at) < 34.0, "it reached the apple: {at}");
        assert!(closest >= 34.0, "round the pan (closest {closest})");
    }
}
