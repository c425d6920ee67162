//! Seedfeast's seed lab (issue #14): million-seed sweeps of every generator through its
//! validator, and expressive-range plots of what the generators make. No Bevy: it runs on
//! procgen alone, as `seedfeast-lab …` or as the game's `seedfeast lab …`.
//!
//! - [`sweep`]: seeds on a rayon pool, every level validated and measured, memory bounded;
//! - [`report`]: the summary as text or stable JSON; [`stats`]: the metric distributions;
//! - [`range`] and [`plot`]: 2D histograms of two metrics, as CSV or a PNG heatmap;
//! - [`modes`]: the mode keys, how deep a seed is played, the default metric pairs;
//! - [`cli`]: the `sweep` and `range` commands;
//! - [`output`]: how every command that takes `--out` writes the file it names.
//!
//! # Metrics
//!
//! Each generator's `Level::metrics` (in procgen) measures its levels; the lab keeps every
//! metric a level reports. The ones the issue asks for, per mode:
//!
//! | Mode | Metric | Meaning |
//! | --- | --- | --- |
//! | runner | `mean_demand` | mean designer demand (0–1) of the chunks |
//! | runner | `rest_share` | share of chunks that are rest chunks |
//! | runner | `widest_gap` | widest gap over the jump's reach at its speed (the rule caps it at `gap_ratio`, 0.62) |
//! | runner | `food_per_chunk` | food items per chunk |
//! | maze | `dead_end_share` | share of open cells with one open neighbour |
//! | maze | `loops` | walls knocked out after the carve, the braid's included (each makes a loop) |
//! | maze | `star_path` | steps from the start to the furthest star |
//! | maze | `tokens` | crumbs to eat |
//! | arena | `items` | items placed in the wave |
//! | arena | `mean_nearest` | mean distance from each item to its nearest neighbour |
//! | arena | `hazard_share` | share of the items that are hazards |
//! | tunnel, food-tunnel | `mean_gap` | mean gap height |
//! | tunnel, food-tunnel | `max_shift` | largest move between gap centres over its cap (at most 1) |
//! | tunnel, food-tunnel | `floor_hits` | gates squeezed down to the squeeze floor (0 in the plain tunnel) |
//! | dungeon | `backtracking` | witness steps back to an earlier zone |
//! | dungeon | `zones` | zones |
//! | dungeon | `tree_depth` | edges on the longest path of the puzzle tree |
//! | puzzle | `walkable` | share of the map walkable once solved |
//! | puzzle | `interactable` | objects, fixtures and rewards per tile |
//!
//! The dungeon also reports `rooms`, `doors`, `loops`, `caves`, `nodes`, `walk_tiles`,
//! `par_seconds`, `food`, `hazards`, `retries`; the puzzle `map_size`, `width`, `height`,
//! `objects`, `rewards`.
//!
//! # What a level is
//!
//! A sweep plays each seed as `seedfeast validate` does by default (see [`modes::LabMode::depth`]);
//! levels per second counts those levels: a runner track of 200 chunks, a maze floor (3 per seed,
//! on one of eight sizes from 1×1 to 51×51), an arena wave (5 per seed, one run, its floor made
//! and checked once), a tunnel of 200 gates, a dungeon (2 per seed), a puzzle level (3 per seed).

pub mod animation;
pub mod cli;
pub mod modes;
pub mod output;
pub mod plot;
pub mod progress;
pub mod range;
pub mod report;
pub mod stats;
pub mod sweep;
