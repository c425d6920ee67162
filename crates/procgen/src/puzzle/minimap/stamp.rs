//! Step 3: an object's shape around it at (0, 0) — the tiles its commands need (a lane to move
//! along, a crossing, a chain of pushed blocks …) — before it is shifted into a mini-map.

use super::{add, add_n, dir_between, reverse};
use crate::puzzle::ast::{Command, CommandKind, Dir};
use crate::puzzle::grammar::ShapeKind;
use crate::puzzle::summary::ObjectSummary;
use crate::puzzle::world::{Cell, Element, Ground, HeaderKind, Kind, ObjectSpec, ObjectState, Reward, RewardKind};
use crate::rng::GenRng;

/// A shape around its object at (0, 0), before it is put in a mini-map.
pub(super) struct Stamp {
    /// Reserved tiles and their ground.
    pub(super) ground: Vec<(Cell, Ground)>,
    pub(super) spec: ObjectSpec,
    pub(super) solved: ObjectState,
    pub(super) chain: Vec<Cell>,
    pub(super) rewards: Vec<Reward>,
    pub(super) header: Option<(HeaderKind, Cell, Option<Dir>)>,
    /// A river three tiles wide across the whole map: (vertical, centre line).
    pub(super) river: Option<(bool, i32)>,
}

impl Stamp {
    fn new(summary: &ObjectSummary, element: Option<Element>, solved: ObjectState) -> Stamp {
        let spec = ObjectSpec {
            name: summary.name.clone(),
            kind: summary.kind,
            command: summary.command,
            element,
            start: solved,
            home: solved.pos,
        };
        Stamp { ground: Vec::new(), spec, solved, chain: Vec::new(), rewards: Vec::new(), header: None, river: None }
    }

    fn put(&mut self, c: Cell, g: Ground) {
        match self.ground.iter_mut().find(|(at, _)| *at == c) {
            Some(slot) => slot.1 = g,
            None => self.ground.push((c, g)),
        }
    }

    fn has(&self, c: Cell) -> bool {
        self.ground.iter().any(|(at, _)| *at == c)
    }
}

/// The object's state when the level is solved, before choosing a place or facing.
fn solved_state(summary: &ObjectSummary, pos: Cell, facing: Dir) -> ObjectState {
    let gate = summary.kind == Kind::Gate;
    ObjectState {
        pos,
        facing,
        moving: gate && summary.start_moving && !summary.commands.contains(&Command::Stop),
        open: summary.commands.contains(&Command::Open),
    }
}

/// The lane of a moving object: its tiles from start (0, 0) to end, without repeats.
fn lane(summary: &ObjectSummary) -> Vec<Cell> {
    let mut out: Vec<Cell> = Vec::new();
    for &c in &summary.trajectory {
        if !out.contains(&c) {
            out.push(c);
        }
    }
    out
}

/// The perpendicular of a direction that points right or down.
fn across(d: Dir) -> Dir {
    if d.is_vertical() { Dir::Right } else { Dir::Down }
}

/// Orders a chain so it starts at its upper-left end (nearer EN on the left or top edge).
fn oriented(mut chain: Vec<Cell>) -> Vec<Cell> {
    if let (Some(a), Some(b)) = (chain.first(), chain.last())
        && a.0 + a.1 > b.0 + b.1
    {
        chain.reverse();
    }
    chain
}

/// For a moved object: two tiles beside its start, off its lane, to cross it by.
fn crossing(summary: &ObjectSummary) -> Option<Vec<Cell>> {
    let lane = lane(summary);
    let p0 = (0, 0);
    let d1 = dir_between(summary.trajectory[0], *summary.trajectory.get(1)?)?;
    let u = across(d1);
    let pairs = [
        (add(p0, u.opposite()), add(p0, u)),
        (add(p0, d1.opposite()), add(p0, u)),
        (add(p0, d1.opposite()), add(p0, u.opposite())),
    ];
    pairs.into_iter().find(|(a, b)| !lane.contains(a) && !lane.contains(b)).map(|(a, b)| oriented(vec![a, p0, b]))
}

/// For a pushed object: in behind its start, along its whole lane, out beside its last tile
/// before the end.
fn push_chain(summary: &ObjectSummary) -> Option<Vec<Cell>> {
    let t = &summary.trajectory;
    let lane = lane(summary);
    if lane.len() != t.len() || t.len() < 2 {
        return None;
    }
    let n = t.len() - 1;
    let d1 = dir_between(t[0], t[1])?;
    let dn = dir_between(t[n - 1], t[n])?;
    let free = |c: &Cell| !lane.contains(c);
    let entry =
        [add(t[0], d1.opposite()), add(t[0], across(d1)), add(t[0], across(d1).opposite())].into_iter().find(free)?;
    let exit = [add(t[n - 1], across(dn)), add(t[n - 1], across(dn).opposite())]
        .into_iter()
        .find(|c| free(c) && *c != entry)?;
    let mut chain = vec![entry];
    chain.extend_from_slice(&t[..n]);
    chain.push(exit);
    Some(oriented(chain))
}

/// The facings a fire statue sliding along its lane can hold so that its end faces a pit two
/// tiles away and its start does not.
fn slide_facings(summary: &ObjectSummary) -> Vec<Dir> {
    let lane = lane(summary);
    let (p0, pn) = ((0, 0), summary.displacement());
    Dir::ALL
        .into_iter()
        .filter(|&f| {
            let pit = add_n(pn, f, 2);
            !lane.contains(&pit) && (1..=3).all(|k| add_n(p0, f, k) != pit) && pn != p0
        })
        .collect()
}

/// Whether `shape` can be built from what the solution does to the object.
pub fn feasible(shape: ShapeKind, summary: &ObjectSummary) -> bool {
    if !shape.fits(summary.kind, summary.command) {
        return false;
    }
    let moved = summary.displacement() != (0, 0);
    let turned = summary.net_turns() != 0;
    match shape {
        ShapeKind::Obstacle => moved && crossing(summary).is_some(),
        ShapeKind::PushThrough => moved && push_chain(summary).is_some(),
        ShapeKind::PlateReward => moved,
        ShapeKind::FireSlide => moved && !slide_facings(summary).is_empty(),
        ShapeKind::ClosedDoor => summary.commands.contains(&Command::Open),
        ShapeKind::MovingGate => summary.commands.contains(&Command::Stop),
        ShapeKind::Vault => summary.commands.iter().any(|c| matches!(c, Command::Open | Command::Stop)),
        ShapeKind::Bridge => summary.net_turns() % 2 == 1,
        ShapeKind::WindStatue | ShapeKind::FireRotate | ShapeKind::LeverReward => turned,
        ShapeKind::Idle => true,
    }
}

fn pick<T: Copy>(items: &[T], rng: &mut impl GenRng) -> T {
    items[rng.below(items.len())]
}

/// The shape around its object, or `None` when it can't be made.
pub(super) fn stamp(summary: &ObjectSummary, shape: ShapeKind, rng: &mut impl GenRng) -> Option<Stamp> {
    if !feasible(shape, summary) {
        return None;
    }
    let facing = pick(&Dir::ALL, rng);
    let mut s = match shape {
        ShapeKind::Obstacle | ShapeKind::PushThrough | ShapeKind::PlateReward => moved(summary, shape, facing)?,
        ShapeKind::FireSlide => fire_slide(summary, rng),
        ShapeKind::ClosedDoor | ShapeKind::MovingGate => doorway(summary, rng),
        ShapeKind::Vault => vault(summary, facing),
        ShapeKind::Bridge => bridge(summary, facing),
        ShapeKind::WindStatue => wind_statue(summary, facing),
        ShapeKind::FireRotate => fire_rotate(summary, facing),
        ShapeKind::LeverReward => lever(summary, facing),
        ShapeKind::Idle => idle(summary, facing),
    };
    s.reserve_rest(summary);
    Some(s)
}

impl Stamp {
    /// Floor along the object's lane.
    fn floor_lane(&mut self, summary: &ObjectSummary) {
        for c in lane(summary) {
            self.put(c, Ground::Floor);
        }
    }

    /// Reserves the tiles under the object in both states, and the chain's, that have no ground yet.
    fn reserve_rest(&mut self, summary: &ObjectSummary) {
        let initial = reverse(&summary.commands, self.solved);
        for state in [initial, self.solved] {
            for c in self.spec.cells(&state) {
                if !self.has(c) {
                    self.put(c, if self.spec.is_plank() { Ground::Water } else { Ground::Floor });
                }
            }
        }
        for &c in &self.chain.clone() {
            if !self.has(c) {
                self.put(c, Ground::Floor);
            }
        }
    }
}

/// An obstacle, push-through or plate-reward shape: the lane, then a crossing, a push chain or
/// a plate at the end.
fn moved(summary: &ObjectSummary, shape: ShapeKind, facing: Dir) -> Option<Stamp> {
    let pn = summary.displacement();
    let element = (summary.kind == Kind::Statue).then_some(Element::Fire);
    let mut s = Stamp::new(summary, element, solved_state(summary, pn, facing));
    s.floor_lane(summary);
    match shape {
        ShapeKind::Obstacle => s.chain = crossing(summary)?,
        ShapeKind::PushThrough => s.chain = push_chain(summary)?,
        _ => {
            s.put(pn, Ground::Plate);
            s.header = Some((HeaderKind::Plate, pn, None));
        }
    }
    Some(s)
}

/// A fire statue sliding along its lane to face a fire pit two tiles from its end.
fn fire_slide(summary: &ObjectSummary, rng: &mut impl GenRng) -> Stamp {
    let pn = summary.displacement();
    let f = pick(&slide_facings(summary), rng);
    let mut s = Stamp::new(summary, Some(Element::Fire), solved_state(summary, pn, f));
    s.floor_lane(summary);
    s.put(add(pn, f), Ground::Floor);
    let pit = add_n(pn, f, 2);
    s.put(pit, Ground::FirePit);
    s.header = Some((HeaderKind::Fire, pit, None));
    s
}

/// A closed door or moving gate in a doorway across the way.
fn doorway(summary: &ObjectSummary, rng: &mut impl GenRng) -> Stamp {
    let origin = (0, 0);
    let mut s = Stamp::new(summary, None, solved_state(summary, origin, Dir::Up));
    let u = pick(&[Dir::Right, Dir::Down], rng);
    s.put(origin, Ground::Floor);
    s.chain = vec![add(origin, u.opposite()), origin, add(origin, u)];
    // Walls either side make the door a doorway, not a post in a room.
    let side = across(u);
    s.put(add(origin, side), Ground::Wall);
    s.put(add(origin, side.opposite()), Ground::Wall);
    s
}

/// A vault: the door, and behind it a key in a walled nook (`facing` is where the nook lies).
fn vault(summary: &ObjectSummary, facing: Dir) -> Stamp {
    let origin = (0, 0);
    let mut s = Stamp::new(summary, None, solved_state(summary, origin, Dir::Up));
    let dv = facing;
    let key = add(origin, dv);
    s.put(origin, Ground::Floor);
    s.put(key, Ground::Floor);
    s.put(add(origin, dv.opposite()), Ground::Floor);
    for c in [add(key, dv), add(key, across(dv)), add(key, across(dv).opposite())] {
        s.put(c, Ground::Wall);
    }
    for c in [add(origin, across(dv)), add(origin, across(dv).opposite())] {
        s.put(c, Ground::Wall);
    }
    s.rewards.push(Reward { kind: RewardKind::Key, x: key.0, y: key.1, hidden: false });
    s
}

/// A plank bridge over a river three tiles wide.
fn bridge(summary: &ObjectSummary, facing: Dir) -> Stamp {
    // Solved, the plank lies along the way across the river; initially (an odd number
    // of quarter turns earlier) it lies along the river and joins nothing.
    let origin = (0, 0);
    let mut s = Stamp::new(summary, None, solved_state(summary, origin, facing));
    let before = if facing.is_vertical() { Dir::Up } else { Dir::Left };
    let after = before.opposite();
    s.chain = vec![add_n(origin, before, 2), add(origin, before), origin, add(origin, after), add_n(origin, after, 2)];
    s.put(add_n(origin, before, 2), Ground::Floor);
    s.put(add_n(origin, after, 2), Ground::Floor);
    // A vertical plank spans a horizontal river (vertical = false) centred on row 0.
    s.river = Some((!facing.is_vertical(), 0));
    s
}

/// A wind statue whose wind first blows across the way and, turned, at a wall.
fn wind_statue(summary: &ObjectSummary, facing: Dir) -> Stamp {
    // Initially the wind blows across the way; solved, the statue faces a wall.
    let origin = (0, 0);
    let f0 = facing;
    let fn_ = f0.turned(summary.net_turns());
    let mut s = Stamp::new(summary, Some(Element::Wind), solved_state(summary, origin, fn_));
    let k = add(origin, f0);
    let u = across(f0);
    s.put(origin, Ground::Floor);
    s.put(k, Ground::Floor);
    s.put(add(origin, fn_), Ground::Wall);
    s.chain = vec![add(k, u.opposite()), k, add(k, u)];
    s
}

/// A fire statue turned to face a fire pit two tiles away.
fn fire_rotate(summary: &ObjectSummary, facing: Dir) -> Stamp {
    let origin = (0, 0);
    let mut s = Stamp::new(summary, Some(Element::Fire), solved_state(summary, origin, facing));
    s.put(origin, Ground::Floor);
    s.put(add(origin, facing), Ground::Floor);
    let pit = add_n(origin, facing, 2);
    s.put(pit, Ground::FirePit);
    s.header = Some((HeaderKind::Fire, pit, None));
    s
}

/// A lever turned to face its solved way.
fn lever(summary: &ObjectSummary, facing: Dir) -> Stamp {
    let origin = (0, 0);
    let mut s = Stamp::new(summary, None, solved_state(summary, origin, facing));
    s.put(origin, Ground::Floor);
    s.header = Some((HeaderKind::Lever, origin, Some(facing)));
    s
}

/// An idle object: its lane if it moves, a pond if it is a plank, else its tile.
fn idle(summary: &ObjectSummary, facing: Dir) -> Stamp {
    let origin = (0, 0);
    let element = (summary.kind == Kind::Statue).then_some(Element::Fire);
    let mut s = Stamp::new(summary, element, solved_state(summary, summary.displacement(), facing));
    if summary.command == CommandKind::Move {
        s.floor_lane(summary);
    } else if s.spec.is_plank() {
        // A plank idles in a pond it can turn in.
        s.put(origin, Ground::Water);
        for d in Dir::ALL {
            s.put(add(origin, d), Ground::Water);
        }
    } else {
        s.put(origin, Ground::Floor);
    }
    s
}
