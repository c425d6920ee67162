//! The Arena bot's look-ahead at the moving threats: each step it plays each of the nine stick
//! choices (eight directions and none) half a second forward, the threats moved by the same rule
//! the game moves them by ([`step_motion`]: a pan along its path, a wasp towards where
//! the bot would be), and keeps to the cost field's way downhill unless that way would come
//! within a touch (and a margin) of one. Then it takes the choice that meets none and leads best
//! along the field a few steps on, or, when every choice meets one, the one that meets it latest
//! and by the widest margin.

use bevy::prelude::*;

use super::bot::{ArenaBot, Mover};
use super::threats::{ArenaThreat, step_motion};

/// Steps looked ahead: half a second.
const LOOK_AHEAD: u32 = 30;
/// Clear floor kept between the bot's circle and a threat's, world units.
const SAFETY: f32 = 8.0;
/// Steps on at which a choice's progress along the field is read.
const PROGRESS_STEPS: f32 = 4.0;

/// The stick direction for this step: the field's way downhill unless a threat is in it.
pub fn dodge(bot: &ArenaBot, at: Vec2, threats: &[&ArenaThreat], step: u32, mover: &Mover) -> Vec2 {
    let downhill = bot.direction(at);
    if threats.is_empty() || first_touch(at, downhill, threats, step, mover).0.is_none() {
        return downhill;
    }
    let choices = [
        Vec2::new(1.0, 0.0),
        Vec2::new(-1.0, 0.0),
        Vec2::new(0.0, 1.0),
        Vec2::new(0.0, -1.0),
        Vec2::new(1.0, 1.0).normalize(),
        Vec2::new(1.0, -1.0).normalize(),
        Vec2::new(-1.0, 1.0).normalize(),
        Vec2::new(-1.0, -1.0).normalize(),
        Vec2::ZERO,
    ];
    // Safe choices first, by the field a few steps on; then the latest touch, the widest margin.
    let key = |d: Vec2| {
        let (touch, clearance) = first_touch(at, d, threats, step, mover);
        let ahead = clamp(at + d * mover.speed / 60.0 * PROGRESS_STEPS, mover);
        match touch {
            None => (0u8, bot.value_at(ahead), 0.0),
            Some(k) => (1u8, u32::MAX - k, -clearance),
        }
    };
    let keyed = choices.map(|d| (key(d), d));
    keyed
        .into_iter()
        .min_by(|(a, _), (b, _)| a.0.cmp(&b.0).then(a.1.cmp(&b.1)).then(a.2.total_cmp(&b.2)))
        .map_or(Vec2::ZERO, |(_, d)| d)
}

fn clamp(at: Vec2, mover: &Mover) -> Vec2 {
    at.clamp(Vec2::splat(mover.radius), mover.size - mover.radius)
}

/// Holding `direction` from `at`: the first step ahead (1..=[`LOOK_AHEAD`]) at which a threat
/// comes within a touch and [`SAFETY`], and the least clearance met over the look-ahead.
fn first_touch(at: Vec2, direction: Vec2, threats: &[&ArenaThreat], step: u32, mover: &Mover) -> (Option<u32>, f32) {
    let mut places: Vec<Vec2> = threats.iter().map(|t| t.at).collect();
    let (mut player, mut first, mut least) = (at, None, f32::INFINITY);
    for k in 1..=LOOK_AHEAD {
        player = clamp(player + direction * mover.speed / 60.0, mover);
        for (threat, place) in threats.iter().zip(&mut places) {
            *place = step_motion(&threat.motion, *place, step.saturating_add(k), player);
            let clearance = player.distance(*place) - mover.radius - threat.radius;
            least = least.min(clearance);
            if clearance < SAFETY && first.is_none() {
                first = Some(k);
            }
        }
    }
    (first, least)
}

#[cfg(test)]
mod tests {
    use seedfeast_procgen::arena::{ArenaGenerator, ItemKind, Motion, Point};
    use seedfeast_procgen::food::FoodKind;

    use super::*;
    use crate::data::GameData;
    use crate::modes::arena::ArenaPiece;
    use crate::modes::arena::bot::plan;
    use crate::modes::arena::threats::step_motion;

    #[test]
    fn it_lets_a_sliding_pan_pass_instead_of_walking_into_it() {
        let data = GameData::built_in();
        let mut wave = ArenaGenerator::new(
            data.arena.clone(),
            data.curve().clone(),
            data.food().clone(),
            seedfeast_procgen::Seed(1),
        )
        .next_wave();
        (wave.width, wave.height) = (400.0, 240.0);
        let apple = ArenaPiece { at: Vec2::new(330.0, 120.0), kind: ItemKind::Food(FoodKind::Apple) };
        // A pan sliding up and down across the bot's straight way to the apple, timed to meet it.
        let motion = Motion::Slide {
            path: [Point { x: 200.0, y: 20.0 }, Point { x: 200.0, y: 220.0 }],
            speed: 150.0,
            period: 160,
            phase: 10,
        };
        let mut pan = ArenaThreat { index: 0, motion, radius: 18.0, at: Vec2::ZERO };
        pan.at = step_motion(&pan.motion, pan.at, 0, Vec2::ZERO);
        let bot = plan(&wave, &[apple], &[], 34.0, 16.0);
        let mover = Mover { speed: 320.0, radius: 16.0, size: Vec2::new(400.0, 240.0) };
        let (mut at, mut closest, mut waited) = (Vec2::new(60.0, 120.0), f32::MAX, 0);
        for step in 0..600u32 {
            let direction = dodge(&bot, at, &[&pan], step, &mover);
            waited += usize::from(direction != bot.direction(at));
            // As the game plays a step: the player moves, then the pan, then the touch.
            at = (at + direction * 320.0 / 60.0).clamp(Vec2::splat(16.0), Vec2::new(384.0, 224.0));
            pan.at = step_motion(&pan.motion, pan.at, step + 1, at);
            closest = closest.min(at.distance(pan.at) - 34.0);
            if at.distance(apple.at) < 34.0 {
                break;
            }
        }
        assert!(at.distance(apple.at) < 34.0, "it reached the apple: {at}");
        assert!(closest > 0.0, "never touched (closest {closest})");
        assert!(waited > 0, "it left the way downhill at least once to let the pan by");
    }
}
