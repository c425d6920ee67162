//! What the Code puzzle's generator says while it builds a level backwards from a solution
//! program ([`PuzzleStep`]): the program and how rules are drawn; then, attempt by attempt, each
//! object's grammar expansions (the eligible rules with their complexity, the penalty each has
//! gathered in this attempt, their weights, the roll and the rule it lands on), the shape derived,
//! each mini-map try that failed and why, the mini-map kept (its whole ground, object, doors,
//! rewards and header), the merge (the chain order, where each map went, the corridors, the cost
//! and how many plans tied), the coding tile (the candidates near the entry and the one drawn),
//! the trim to one wall border, and the verdict (solved by the solution, the exit open before
//! solving, a shorter code solving it). [`crate::puzzle::rebuild`] makes the level again from
//! these events alone.

use serde::Serialize;

use crate::puzzle::ast::Command;
use crate::puzzle::grammar::{Distribution, Prize, ShapeKind};
use crate::puzzle::minimap::{Door, Edge, MiniMap};
use crate::puzzle::summary::Start;
use crate::puzzle::world::{Cell, Header, ObjectSpec, ObjectState, Reward};
use crate::trace::Step;

/// A rule the grammar could apply to a symbol, and what it weighed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Candidate {
    /// The rule's index in the grammar.
    pub rule: usize,
    pub complexity: u8,
    /// Penalty the rule has gathered in this attempt, in thousandths.
    pub gathered: u32,
    /// base (1, complexity or 6 − complexity) × (1000 − gathered); 0: no longer considered.
    pub weight: u32,
}

/// A mini-map door: its tile in the border, the tile inside it, the edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct DoorAt {
    pub cell: Cell,
    pub inside: Cell,
    pub edge: Edge,
}

/// One object's finished mini-map, everything the merge reads from it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MiniRecord {
    pub shape: ShapeKind,
    pub prize: Option<Prize>,
    /// Ground rows, one character a tile (see the level's legend).
    pub ground: Vec<String>,
    /// Rows of `r` (a tile the paths had to leave alone) and `.`.
    pub reserved: Vec<String>,
    /// The object, its `start` the initial state (the solved one with the actions undone).
    pub object: ObjectSpec,
    pub solved: ObjectState,
    /// The solution's commands on this object, in order.
    pub commands: Vec<Command>,
    /// The tiles a moving object stands on, from its start (0, 0).
    pub trajectory: Vec<Cell>,
    pub rewards: Vec<Reward>,
    pub headers: Vec<Header>,
    pub en: DoorAt,
    pub ex: DoorAt,
    /// A maze shape whose exit is still reachable before solving (kept after every try).
    pub maze_open: bool,
    /// A secret door found no wall: a key instead.
    pub prize_fallback: bool,
}

/// What became of an attempt whose world was built.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// The solution does not solve it: thrown away.
    Unsolved,
    /// Solved, blocked before solving, no shorter code (or none can be designed away): returned.
    Kept,
    /// Solved but a maze shape leaves the exit open, or a shorter code solves it: rejected.
    Rejected,
}

/// One decision of the Code puzzle's generator, in the order made. Serialized with its rule's
/// name in a `rule` field; cells are `[x, y]` from the top-left; `object` is the object's place
/// in the order the program first names it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "rule", rename_all = "kebab-case")]
pub enum PuzzleStep {
    /// First, once: the program, the seed, the curriculum step, how rules are drawn (the
    /// distribution and the penalty a rule gathers each time it is applied, in thousandths),
    /// `no_shorter` and whether shorter codes can't be designed away (`futile`), the attempts
    /// allowed and the objects in the order the program names them.
    Rules {
        code: String,
        seed: u64,
        level: u32,
        distribution: Distribution,
        penalty_per_mille: u32,
        no_shorter: bool,
        futile: bool,
        attempts: u32,
        objects: Vec<String>,
        /// A variant world's starts (issue #32), by object; empty for the level's own world.
        #[serde(skip_serializing_if = "Vec::is_empty")]
        starts: Vec<Start>,
    },
    /// A whole-level attempt begins: fresh streams at index `base` = step × 4096 + attempt × 64,
    /// and no penalty gathered yet.
    Attempt { attempt: u32, base: u32 },
    /// One grammar expansion of `symbol`: the eligible rules (those that can still reach a
    /// feasible shape), `roll` drawn below `total`, landing on rule `picked`. `overridden`: every weight
    /// was 0, so the rules were weighed as if none had been used.
    Expand {
        object: usize,
        symbol: String,
        candidates: Vec<Candidate>,
        overridden: bool,
        roll: u32,
        total: u32,
        picked: usize,
    },
    /// The derivation's result: a shape and, for reward shapes, a prize.
    Shape { object: usize, shape: ShapeKind, prize: Option<Prize> },
    /// The grammar has no feasible shape left for the object.
    NoShape { object: usize },
    /// A try at the shape's mini-map failed (`try_index` of 6), and why.
    MiniRetry { object: usize, shape: ShapeKind, try_index: u32, reason: String },
    /// Every try failed: the shape is excluded and the grammar asked again.
    ShapeGivenUp { object: usize, shape: ShapeKind },
    /// No shape worked (3 tried, or none left): the object stands idle in an open room.
    Idle { object: usize },
    /// The mini-map kept for the object.
    MiniMap { object: usize, map: Box<MiniRecord> },
    /// The mini-maps chained: `order` (object numbers), each map's top-left (by object), the
    /// corridor tiles, the cost (corridor tiles) and the bounding box; `tied` plans shared the
    /// least cost and area (orders of up to 5 maps are all tried) and the stream drew `pick`.
    Merge {
        order: Vec<usize>,
        offsets: Vec<Cell>,
        corridors: Vec<Cell>,
        cost: u32,
        bounds: (i32, i32, i32, i32),
        tied: usize,
        pick: usize,
    },
    /// The coding tile: the floor tiles reachable before coding, off every object's way and
    /// reward (`free_only`: also off every tile a mini-map reserved), within 2 steps of the
    /// nearest (`nearest` steps from the entry); `pick` drawn among them.
    Coding { free_only: bool, nearest: u32, near: Vec<Cell>, pick: usize, cell: Cell },
    /// No such tile: the coding tile is the entry.
    CodingFallback { entry: Cell },
    /// Outer bands of wall cut to one wall border: every position moved by `shift`.
    Trim { shift: Cell, width: i32, height: i32 },
    /// The attempt failed before a level was built.
    Failed { attempt: u32, reason: String },
    /// The built level checked: the solution run in the interpreter solves it, a maze shape
    /// leaves the exit `open` before solving, a shorter code solves it; the verdict, and whether
    /// a rejected level became the fallback (the first, or the first blocked one).
    Checked { attempt: u32, solved: bool, open: bool, shorter: bool, verdict: Verdict, fallback: bool },
    /// The level returned: attempt `attempt`'s (a fallback when no attempt was kept).
    Chosen { attempt: u32, fallback: bool },
    /// After the level's own world, for a program with conditions (issue #32): the variant
    /// worlds' starts (by world, then object) and whether some shorter code still does what the
    /// solution does in all of them (`futile`).
    Variants { starts: Vec<Vec<Start>>, futile: bool },
    /// Variant world `index` (1 the first) of round `round` begins; its seed, derived from the
    /// level's ([`crate::puzzle::worlds::world_seed`]). Its own events follow, `rules` to `chosen`.
    World { round: u32, index: usize, seed: u64 },
    /// A round of variant worlds built: whether a shorter code solves every world, and whether
    /// the round was kept.
    Round { round: u32, shorter: bool, kept: bool },
}

fn cell((x, y): &Cell) -> String {
    format!("({x}, {y})")
}

impl Step for PuzzleStep {
    fn rule(&self) -> &'static str {
        match self {
            PuzzleStep::Rules { .. } => "rules",
            PuzzleStep::Attempt { .. } => "attempt",
            PuzzleStep::Expand { .. } => "expand",
            PuzzleStep::Shape { .. } => "shape",
            PuzzleStep::NoShape { .. } => "no-shape",
            PuzzleStep::MiniRetry { .. } => "mini-retry",
            PuzzleStep::ShapeGivenUp { .. } => "shape-given-up",
            PuzzleStep::Idle { .. } => "idle",
            PuzzleStep::MiniMap { .. } => "mini-map",
            PuzzleStep::Merge { .. } => "merge",
            PuzzleStep::Coding { .. } => "coding",
            PuzzleStep::CodingFallback { .. } => "coding-fallback",
            PuzzleStep::Trim { .. } => "trim",
            PuzzleStep::Failed { .. } => "failed",
            PuzzleStep::Checked { .. } => "checked",
            PuzzleStep::Chosen { .. } => "chosen",
            PuzzleStep::Variants { .. } => "variants",
            PuzzleStep::World { .. } => "world",
            PuzzleStep::Round { .. } => "round",
        }
    }

    fn caption(&self) -> String {
        match self {
            PuzzleStep::Rules { .. } | PuzzleStep::Attempt { .. } | PuzzleStep::Chosen { .. } => self.level_caption(),
            PuzzleStep::Expand { .. }
            | PuzzleStep::Shape { .. }
            | PuzzleStep::NoShape { .. }
            | PuzzleStep::MiniRetry { .. }
            | PuzzleStep::ShapeGivenUp { .. }
            | PuzzleStep::Idle { .. }
            | PuzzleStep::MiniMap { .. } => self.object_caption(),
            PuzzleStep::Merge { .. }
            | PuzzleStep::Coding { .. }
            | PuzzleStep::CodingFallback { .. }
            | PuzzleStep::Trim { .. }
            | PuzzleStep::Failed { .. }
            | PuzzleStep::Checked { .. } => self.assembly_caption(),
            PuzzleStep::Variants { .. } | PuzzleStep::World { .. } | PuzzleStep::Round { .. } => {
                self.variants_caption()
            }
        }
    }

    /// Each eligible rule of an expansion with its weight.
    fn details(&self) -> Vec<String> {
        match self {
            PuzzleStep::Expand { candidates, .. } => candidates
                .iter()
                .map(|c| {
                    format!(
                        "rule {}: complexity {}, penalty {:.3} gathered → weight {}",
                        c.rule,
                        c.complexity,
                        c.gathered as f32 / 1000.0,
                        c.weight
                    )
                })
                .collect(),
            _ => Vec::new(),
        }
    }
}

impl PuzzleStep {
    /// The caption of an event about the whole level: its rules, an attempt's start, the level chosen.
    fn level_caption(&self) -> String {
        match self {
            PuzzleStep::Rules {
                seed, level, distribution, penalty_per_mille, no_shorter, attempts, objects, ..
            } => {
                let shorter = if *no_shorter { ", levels a shorter code solves rejected" } else { "" };
                format!(
                    "rules: step {level}, seed {seed}, objects {}; rules drawn {distribution:?}, each use gathers \
                     penalty {:.3}; up to {attempts} attempts{shorter}",
                    objects.join(", "),
                    *penalty_per_mille as f32 / 1000.0
                )
            }
            PuzzleStep::Attempt { attempt, base } => format!("attempt {}: fresh streams at {base}", attempt + 1),
            PuzzleStep::Chosen { attempt, fallback } => {
                let how = if *fallback { "the best fallback" } else { "kept" };
                format!("level: attempt {}'s ({how})", attempt + 1)
            }
            _ => unreachable!("`caption` sends only the level's events here"),
        }
    }

    /// The caption of an event about one object: its grammar expansions, shape, tries and mini-map.
    fn object_caption(&self) -> String {
        match self {
            PuzzleStep::Expand { object, symbol, candidates, overridden, roll, total, picked } => {
                let why = if *overridden { " (every rule at penalty 1: weighed as unused)" } else { "" };
                format!(
                    "object {}: {symbol} has {} eligible rules{why}; roll {roll} of {total} → rule {picked}",
                    object + 1,
                    candidates.len()
                )
            }
            PuzzleStep::Shape { object, shape, prize } => match prize {
                Some(p) => format!("object {}: shape {} revealing a {p:?}", object + 1, shape.name()),
                None => format!("object {}: shape {}", object + 1, shape.name()),
            },
            PuzzleStep::NoShape { object } => format!("object {}: no feasible shape left", object + 1),
            PuzzleStep::MiniRetry { object, shape, try_index, reason } => {
                format!("object {}: {} mini-map, try {}: {reason}", object + 1, shape.name(), try_index + 1)
            }
            PuzzleStep::ShapeGivenUp { object, shape } => {
                format!("object {}: every try at {} failed: excluded", object + 1, shape.name())
            }
            PuzzleStep::Idle { object } => format!("object {}: no shape works: it stands idle", object + 1),
            PuzzleStep::MiniMap { object, map } => format!(
                "object {} ({}): {} mini-map {} × {}, entry door {} on the {:?}, exit {} on the {:?}",
                object + 1,
                map.object.name,
                map.shape.name(),
                map.ground.first().map_or(0, |r| r.chars().count()),
                map.ground.len(),
                cell(&map.en.cell),
                map.en.edge,
                cell(&map.ex.cell),
                map.ex.edge
            ),
            _ => unreachable!("`caption` sends only an object's events here"),
        }
    }

    /// The caption of an event that assembles or judges an attempt's level: merge, coding tile, trim, verdict.
    fn assembly_caption(&self) -> String {
        match self {
            PuzzleStep::Merge { order, cost, bounds, tied, pick, .. } => {
                let chain: Vec<String> = order.iter().map(|o| (o + 1).to_string()).collect();
                format!(
                    "merge: chain {} at cost {cost} (corridor tiles), {} × {}; {tied} plans tied, drew {}",
                    chain.join(" → "),
                    bounds.2 - bounds.0 + 1,
                    bounds.3 - bounds.1 + 1,
                    pick + 1
                )
            }
            PuzzleStep::Coding { free_only, nearest, near, pick, cell: c } => {
                let free = if *free_only { "free " } else { "" };
                format!(
                    "coding tile: {} {free}tiles within {nearest} + 2 steps of the entry; drew {}: {}",
                    near.len(),
                    pick + 1,
                    cell(c)
                )
            }
            PuzzleStep::CodingFallback { entry } => {
                format!("coding tile: no free tile reachable: the entry {}", cell(entry))
            }
            PuzzleStep::Trim { shift, width, height } => {
                format!("trim: one wall border kept, moved by {}: {width} × {height}", cell(shift))
            }
            PuzzleStep::Failed { attempt, reason } => format!("attempt {}: {reason}", attempt + 1),
            PuzzleStep::Checked { attempt, solved, open, shorter, verdict, fallback } => {
                let mut why = Vec::new();
                if !solved {
                    why.push("the solution does not solve it");
                }
                if *open {
                    why.push("a maze shape leaves the exit open");
                }
                if *shorter {
                    why.push("a shorter code solves it");
                }
                let keep = if *fallback { " (kept as the fallback)" } else { "" };
                let why = if why.is_empty() { "solved, blocked before solving".to_string() } else { why.join(", ") };
                format!("attempt {}: {why}: {verdict:?}{keep}", attempt + 1)
            }
            _ => unreachable!("`caption` sends only the assembly's events here"),
        }
    }

    /// The caption of an event about the variant worlds.
    fn variants_caption(&self) -> String {
        match self {
            PuzzleStep::Variants { starts, futile } => {
                let still = if *futile { "; a shorter code still does the same in every world" } else { "" };
                let worlds: Vec<String> = starts
                    .iter()
                    .map(|w| {
                        let parts: Vec<String> = w
                            .iter()
                            .map(|s| format!("{}{}", cell(&s.offset), if s.moving { "" } else { " still" }))
                            .collect();
                        parts.join(" ")
                    })
                    .collect();
                format!("variants: {} more world(s): {}{still}", starts.len(), worlds.join("; "))
            }
            PuzzleStep::World { round, index, seed } => {
                format!("variant world {index} (round {}): seed {seed}", round + 1)
            }
            PuzzleStep::Round { round, shorter, kept } => {
                let how =
                    if *shorter { "a shorter code solves every world" } else { "no shorter code solves them all" };
                format!("round {}: {how}: {}", round + 1, if *kept { "kept" } else { "rejected" })
            }
            _ => unreachable!("`caption` sends only the variant worlds' events here"),
        }
    }
}

impl DoorAt {
    pub fn of(door: &Door) -> DoorAt {
        DoorAt { cell: door.cell, inside: door.inside, edge: door.edge }
    }
}

impl MiniRecord {
    /// What the trace keeps of a finished mini-map and its object's trajectory.
    pub fn of(map: &MiniMap, trajectory: &[Cell]) -> MiniRecord {
        let w = map.world.width.max(1) as usize;
        let rows = |tile: &dyn Fn(usize) -> char| -> Vec<String> {
            (0..map.world.height as usize).map(|y| (0..w).map(|x| tile(y * w + x)).collect()).collect()
        };
        MiniRecord {
            shape: map.shape,
            prize: map.prize,
            ground: rows(&|i| map.world.ground[i].symbol()),
            reserved: rows(&|i| if map.reserved[i] { 'r' } else { '.' }),
            object: map.world.objects[0].clone(),
            solved: map.solved,
            commands: map.commands.clone(),
            trajectory: trajectory.to_vec(),
            rewards: map.world.rewards.clone(),
            headers: map.world.headers.clone(),
            en: DoorAt::of(&map.en),
            ex: DoorAt::of(&map.ex),
            maze_open: map.maze_open,
            prize_fallback: map.prize_fallback,
        }
    }
}
