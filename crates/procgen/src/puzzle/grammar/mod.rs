//! Step 2: the grammar over shapes (`assets/puzzle/grammar.ron`). Each object starts from the
//! symbol `kind.command` (`block.move`, `statue.rotate` …) and rules are applied until only
//! terminals remain: one [`ShapeKind`] and, for reward shapes, one [`Prize`].
//!
//! Rule probabilities follow the paper: uniform, favouring complex rules (weight = complexity)
//! or favouring simple ones (weight = 6 − complexity). Each time a rule is applied in a level it
//! gathers `penalty` (0: none, 1: each rule once); its weight shrinks by the penalty gathered
//! and at 1 it is no longer considered. Everything is integer arithmetic (penalties in
//! thousandths), so every platform draws the same shapes.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::puzzle::ast::CommandKind;
use crate::puzzle::world::Kind;
use crate::tuning::{FieldError, Tuning};

/// The shipped grammar, compiled in.
pub(crate) const GRAMMAR_RON: &str = include_str!("../../../../../assets/puzzle/grammar.ron");
/// Where it lives under `assets/`.
pub(crate) const GRAMMAR_PATH: &str = "puzzle/grammar.ron";

/// The most rule applications in one derivation (the grammar is acyclic, so this is a guard).
const MAX_EXPANSIONS: usize = 32;
/// The most rules a grammar may have.
pub(crate) const MAX_RULES: usize = 256;

/// How rule probabilities are chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Distribution {
    /// Every rule the same.
    Uniform,
    /// Weight = complexity.
    Complex,
    /// Weight = 6 − complexity.
    Simple,
}

/// A gameplay shape an object can take (the grammar's terminals), with the path algorithm it
/// uses: `maze` shapes block the way until solved, `reward` shapes reveal or open a reward.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum ShapeKind {
    /// A block or statue stands in the corridor; moving it clears the way.
    Obstacle,
    /// A block or statue must be pushed all the way along the corridor into a niche at its end.
    PushThrough,
    /// A closed door across the corridor.
    ClosedDoor,
    /// A moving gate across the corridor.
    MovingGate,
    /// A plank over a river, lying the wrong way until rotated.
    Bridge,
    /// A wind statue blows across the corridor until it is turned away.
    WindStatue,
    /// A block or statue moved onto a pressure plate reveals the prize.
    PlateReward,
    /// A fire statue turned to face a fire pit lights it: the prize appears.
    FireRotate,
    /// A fire statue moved into line with a fire pit lights it.
    FireSlide,
    /// A door or gate closes a vault with a key in it.
    Vault,
    /// A lever turned the right way reveals the prize.
    LeverReward,
    /// Fallback: the object stands in an open room and nothing depends on it.
    Idle,
}

impl ShapeKind {
    pub const ALL: [ShapeKind; 12] = [
        ShapeKind::Obstacle,
        ShapeKind::PushThrough,
        ShapeKind::ClosedDoor,
        ShapeKind::MovingGate,
        ShapeKind::Bridge,
        ShapeKind::WindStatue,
        ShapeKind::PlateReward,
        ShapeKind::FireRotate,
        ShapeKind::FireSlide,
        ShapeKind::Vault,
        ShapeKind::LeverReward,
        ShapeKind::Idle,
    ];

    /// Maze shapes block the way in the initial map (the maze-path algorithm); the others use
    /// the reward-path algorithm.
    pub(crate) const fn is_maze(self) -> bool {
        matches!(
            self,
            ShapeKind::Obstacle
                | ShapeKind::PushThrough
                | ShapeKind::ClosedDoor
                | ShapeKind::MovingGate
                | ShapeKind::Bridge
                | ShapeKind::WindStatue
        )
    }

    /// Shapes whose prize comes from the grammar (a vault holds its own key).
    pub(crate) const fn wants_prize(self) -> bool {
        matches!(self, ShapeKind::PlateReward | ShapeKind::FireRotate | ShapeKind::FireSlide | ShapeKind::LeverReward)
    }

    /// The name in level files: `obstacle`, `push_through` …
    pub const fn name(self) -> &'static str {
        match self {
            ShapeKind::Obstacle => "obstacle",
            ShapeKind::PushThrough => "push_through",
            ShapeKind::ClosedDoor => "closed_door",
            ShapeKind::MovingGate => "moving_gate",
            ShapeKind::Bridge => "bridge",
            ShapeKind::WindStatue => "wind_statue",
            ShapeKind::PlateReward => "plate_reward",
            ShapeKind::FireRotate => "fire_rotate",
            ShapeKind::FireSlide => "fire_slide",
            ShapeKind::Vault => "vault",
            ShapeKind::LeverReward => "lever_reward",
            ShapeKind::Idle => "idle",
        }
    }

    /// Whether an object of `kind` taking `command` can have this shape.
    pub fn fits(self, kind: Kind, command: CommandKind) -> bool {
        use CommandKind as C;
        use Kind as K;
        match self {
            ShapeKind::Obstacle | ShapeKind::PushThrough | ShapeKind::PlateReward => {
                matches!((kind, command), (K::Block | K::Statue, C::Move))
            }
            ShapeKind::ClosedDoor => (kind, command) == (K::Door, C::Open),
            ShapeKind::MovingGate => (kind, command) == (K::Gate, C::Stop),
            ShapeKind::Bridge => (kind, command) == (K::Block, C::Rotate),
            ShapeKind::WindStatue | ShapeKind::FireRotate => (kind, command) == (K::Statue, C::Rotate),
            ShapeKind::FireSlide => (kind, command) == (K::Statue, C::Move),
            ShapeKind::Vault => matches!((kind, command), (K::Door, C::Open) | (K::Gate, C::Stop)),
            ShapeKind::LeverReward => (kind, command) == (K::Lever, C::Rotate),
            ShapeKind::Idle => kind.commands().contains(&command),
        }
    }
}

/// What a reward shape reveals.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Prize {
    /// A hidden key on the walkable path.
    Key,
    /// A secret door in an accessible wall, with a scroll behind it.
    Door,
}

/// A grammar symbol.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Sym {
    /// A non-terminal, expanded by the rules whose `from` it is.
    N(String),
    /// A shape terminal.
    S(ShapeKind),
    /// A prize terminal.
    P(Prize),
}

/// `from → to…`, with the rule's complexity (1 simple … 5 complex).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rule {
    pub from: String,
    pub to: Vec<Sym>,
    pub complexity: u8,
}

/// The grammar and the generator's designer numbers.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Grammar {
    pub distribution: Distribution,
    /// Penalty a rule gathers each time it is applied in a level, 0..=1.
    pub penalty: f32,
    /// Share of a reward mini-map's inside kept walkable by the reward-path algorithm, in
    /// percent, drawn between the two bounds.
    pub reward_keep_percent: (u32, u32),
    /// Tiles added back by the maze-path algorithm, in percent of the path's length, drawn
    /// between the two bounds.
    pub variety_percent: (u32, u32),
    /// Free tiles around a shape in its mini-map, each side, drawn between the two bounds.
    pub margin: (u32, u32),
    pub rules: Vec<Rule>,
}

/// The symbols objects start from: one per (kind, command type) pair.
pub(crate) fn start_symbols() -> Vec<(Kind, CommandKind, String)> {
    Kind::ALL
        .into_iter()
        .flat_map(|k| k.commands().iter().map(move |&c| (k, c, format!("{}.{}", k.name(), c.name()))))
        .collect()
}

/// The result of one derivation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Derivation {
    pub shape: ShapeKind,
    pub prize: Option<Prize>,
    /// The rules applied, by index, in order.
    pub rules: Vec<usize>,
    /// Choices made ignoring penalties because every eligible rule had reached 1.
    pub penalty_overrides: u32,
}

/// How rules are drawn in one level: the distribution and the penalty a rule gathers each
/// time it is applied, in thousandths.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Draw {
    pub distribution: Distribution,
    pub penalty_per_mille: u32,
}

/// The penalty each rule has gathered in the level so far, in thousandths.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Penalties(pub Vec<u32>);

impl Grammar {
    /// Checks every field; the message starts with the field's name.
    pub fn validate(&self) -> Result<(), String> {
        self.validate_numbers()?;
        if self.rules.is_empty() || self.rules.len() > MAX_RULES {
            return Err(format!("rules: {} rules, must be 1..={MAX_RULES}", self.rules.len()));
        }
        let rules: ByFrom = self.rules.iter().fold(BTreeMap::new(), |mut m, r| {
            m.entry(r.from.as_str()).or_default().push(r);
            m
        });
        self.validate_each_rule(&rules)?;
        // No cycles: a depth-first search with colours, linear in the rules.
        let mut colour = BTreeMap::new();
        for from in rules.keys() {
            visit(from, &rules, &mut colour)?;
        }
        for r in &self.rules {
            let shapes = r.to.iter().filter(|s| matches!(s, Sym::S(_))).count();
            if shapes > 1 {
                return Err(format!("rules: a rule from '{}' gives {shapes} shapes; one at most", r.from));
            }
        }
        validate_start_shapes(&rules)
    }

    /// The penalty and the drawn ranges are in bounds.
    fn validate_numbers(&self) -> Result<(), String> {
        if !(0.0..=1.0).contains(&self.penalty) {
            return Err(format!("penalty: {} must be in 0..=1", self.penalty));
        }
        for (field, (lo, hi), max) in [
            ("reward_keep_percent", self.reward_keep_percent, 100),
            ("variety_percent", self.variety_percent, 200),
            ("margin", self.margin, 4),
        ] {
            if lo > hi || hi > max {
                return Err(format!(
                    "{field}: ({lo}, {hi}) must be two numbers, the first at most the second, at most {max}"
                ));
            }
        }
        if self.reward_keep_percent.0 < 20 {
            return Err(format!(
                "reward_keep_percent: {} is below 20: too little of a room would stay",
                self.reward_keep_percent.0
            ));
        }
        Ok(())
    }

    /// Every rule has a complexity in 1..=5, something after the arrow, and only non-terminals
    /// some rule expands.
    fn validate_each_rule(&self, rules: &ByFrom) -> Result<(), String> {
        for (i, r) in self.rules.iter().enumerate() {
            if !(1..=5).contains(&r.complexity) {
                return Err(format!("rules: rule {i} ({}): complexity {} must be in 1..=5", r.from, r.complexity));
            }
            if r.to.is_empty() {
                return Err(format!("rules: rule {i} ({}) has nothing after the arrow", r.from));
            }
            for s in &r.to {
                if let Sym::N(n) = s
                    && !rules.contains_key(n.as_str())
                {
                    return Err(format!("rules: rule {i} ({}) uses '{n}', which no rule expands", r.from));
                }
            }
        }
        Ok(())
    }

    /// Weight of rule `i` under `distribution`, after the penalty it has gathered (0: not
    /// considered).
    fn weight(&self, i: usize, distribution: Distribution, gathered: u32) -> u32 {
        rule_weight(distribution, self.rules[i].complexity, gathered)
    }

    /// Whether `sym` can be derived to the end with every shape on the way one that `feasible`
    /// accepts (prizes always can). Memoised per non-terminal, so it is linear in the rules.
    fn can_reach(&self, sym: &Sym, feasible: &dyn Fn(ShapeKind) -> bool, memo: &mut BTreeMap<String, bool>) -> bool {
        match sym {
            Sym::S(s) => feasible(*s),
            Sym::P(_) => true,
            Sym::N(n) => {
                if let Some(&known) = memo.get(n) {
                    return known;
                }
                // Provisionally false: a cycle (refused by validation) can't recurse forever.
                memo.insert(n.clone(), false);
                let ok = self
                    .rules
                    .iter()
                    .filter(|r| &r.from == n)
                    .any(|r| r.to.iter().all(|s| self.can_reach(s, feasible, memo)));
                memo.insert(n.clone(), ok);
                ok
            }
        }
    }
}

/// The rules by the symbol they expand.
type ByFrom<'a> = BTreeMap<&'a str, Vec<&'a Rule>>;

/// One step of the depth-first search for cycles: `sym` and everything it derives, coloured
/// 1 while on the way and 2 when done; an error when `sym` can derive itself.
fn visit<'a>(sym: &'a str, rules: &ByFrom<'a>, colour: &mut BTreeMap<&'a str, u8>) -> Result<(), String> {
    match colour.get(sym) {
        Some(2) => return Ok(()),
        Some(1) => return Err(format!("rules: '{sym}' can derive itself: the grammar must not be cyclic")),
        _ => {}
    }
    colour.insert(sym, 1);
    for r in rules.get(sym).into_iter().flatten() {
        for s in &r.to {
            if let Sym::N(n) = s {
                visit(n, rules, colour)?;
            }
        }
    }
    colour.insert(sym, 2);
    Ok(())
}

/// Every start symbol has a rule, and every shape it can reach fits its object (memoised per
/// symbol).
fn validate_start_shapes(rules: &ByFrom) -> Result<(), String> {
    let mut shapes_of: BTreeMap<String, Vec<ShapeKind>> = BTreeMap::new();
    for (kind, command, start) in start_symbols() {
        if !rules.contains_key(start.as_str()) {
            return Err(format!("rules: no rule expands '{start}'"));
        }
        for shape in shapes(&start, rules, &mut shapes_of) {
            if !shape.fits(kind, command) {
                return Err(format!(
                    "rules: '{start}' can derive {}, which a {} that takes {} can't be",
                    shape.name(),
                    kind.name(),
                    command.shown()
                ));
            }
        }
    }
    Ok(())
}

/// The shapes `sym` can derive, in the order first found (memoised in `memo`).
fn shapes(sym: &str, rules: &ByFrom, memo: &mut BTreeMap<String, Vec<ShapeKind>>) -> Vec<ShapeKind> {
    if let Some(v) = memo.get(sym) {
        return v.clone();
    }
    let mut out = Vec::new();
    for r in rules.get(sym).into_iter().flatten() {
        for s in &r.to {
            let found = match s {
                Sym::S(k) => vec![*k],
                Sym::N(n) => shapes(n, rules, memo),
                Sym::P(_) => Vec::new(),
            };
            for k in found {
                if !out.contains(&k) {
                    out.push(k);
                }
            }
        }
    }
    memo.insert(sym.to_string(), out.clone());
    out
}

impl Tuning for Grammar {
    const PATH: &'static str = GRAMMAR_PATH;
    const BUILT_IN: &'static str = GRAMMAR_RON;

    fn check(&self) -> Result<(), FieldError> {
        self.validate().map_err(|m| field_error(&m))
    }
}

/// A `field: why` message as a [`FieldError`].
pub(crate) fn field_error(message: &str) -> FieldError {
    match message.split_once(": ") {
        Some((field, why)) => FieldError::new(field, why),
        None => FieldError::new("", message),
    }
}

impl Default for Grammar {
    /// The shipped grammar (`assets/puzzle/grammar.ron`), compiled in.
    fn default() -> Self {
        Self::built_in()
    }
}

/// The weight of a rule of `complexity` under `distribution` after it has gathered `gathered`
/// thousandths of penalty (0: no longer considered). A trace's rebuild checks each recorded
/// weight with it.
pub(crate) fn rule_weight(distribution: Distribution, complexity: u8, gathered: u32) -> u32 {
    let c = u32::from(complexity);
    let base = match distribution {
        Distribution::Uniform => 1,
        Distribution::Complex => c,
        Distribution::Simple => 6 - c.min(5),
    };
    base * 1000u32.saturating_sub(gathered)
}

/// A penalty in 0..=1 as thousandths, rounded (exact for the values designers write).
pub(crate) fn per_mille(penalty: f32) -> u32 {
    (penalty.clamp(0.0, 1.0) * 1000.0).round() as u32
}

mod derive;
#[cfg(test)]
mod tests;
