//! The puzzle tree, grown from the goal down exactly as the article's zone chart does it.
//!
//! The chart lists zones in reverse visiting order. The root is the finish in the last zone.
//! Each new node fills one open link and comes from any zone at or below the lowest unlocked one
//! (the zone being filled, `current`, or an earlier one); zones fill from the top of the chart
//! down. When `current` is full it is locked: the bridge node leading *to* it fills a link, and
//! the very next node goes under that bridge from the zone just before, so zones are entered in
//! order. Leaves are used only while at least 3 links are open, and the tree is never closed
//! early. When only the first zone is left and the open links equal its free slots, the tree is
//! closed with leaves, one of them the start.
//!
//! Why it never gets stuck (no retries): let `O` be the open links and `F₀` the first zone's free
//! slots. Every move keeps `1 ≤ O ≤ F₀` — nodes other than leaves never lower `O`, and a node of
//! one child never changes it — so when the first zone is reached the links can be brought down
//! to exactly `F₀` and closed. Earlier zones keep one free slot each for the node that must go
//! under their lock. A bridge needs a link that takes a switch; the node that fills a zone makes
//! sure one is open (a fetch or lever with a switch child) when none else is.
//!
//! What fits where: a node *needs* what its children give. Fetch, lever and crate puzzles with
//! needs stand in a pen that opens when its switches are thrown and its items handed over, so
//! they take anything; combine takes two items, a guard one item; bridges and the finish take
//! anything. Bridges give a switch (thrown as their door opens), so they fill links that take
//! anything.

use crate::rng::GenRng;

use super::level::NodeRole;
use super::themes::{Mechanic, Theme};
use super::tuning::DungeonTuning;

/// What a node gives its parent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Out {
    Item,
    Switch,
    /// The finish clears the dungeon.
    Clear,
}

/// What an open link accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Slot {
    /// An item only (a guard's or a station's).
    Item,
    /// An item or a switch (a pen's, a bridge door's, the finish's).
    Any,
}

impl Slot {
    fn accepts(self, out: Out) -> bool {
        match self {
            Slot::Any => out != Out::Clear,
            Slot::Item => out == Out::Item,
        }
    }
}

/// A node of the grown tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct TreeNode {
    /// The zone it belongs to (a bridge: the zone it opens).
    pub zone: usize,
    pub role: NodeRole,
    pub mechanic: Mechanic,
    /// The index of its kind in its theme's `puzzles` (puzzle nodes only).
    pub kind: Option<usize>,
    pub parent: Option<usize>,
    pub children: Vec<usize>,
    pub gives: Out,
    /// What each child slot takes, in order.
    pub slots: Vec<Slot>,
}

/// The children a mechanic takes when it has `k` of them, or `None` if it can't have `k`. A
/// fetch, lever or crate puzzle with needs stands in a pen, which takes switches (thrown) and
/// items (handed over at its gate) alike.
fn slots_for(mechanic: Mechanic, k: usize) -> Option<Vec<Slot>> {
    match (mechanic, k) {
        (Mechanic::Fetch | Mechanic::Lever, 0..=2) | (Mechanic::CratePlate, 0..=1) => Some(vec![Slot::Any; k]),
        (Mechanic::Combine, 2) | (Mechanic::Guard, 1) => Some(vec![Slot::Item; k]),
        _ => None,
    }
}

fn output(mechanic: Mechanic) -> Out {
    match mechanic {
        Mechanic::Fetch | Mechanic::Combine | Mechanic::Guard => Out::Item,
        Mechanic::Lever | Mechanic::CratePlate | Mechanic::Door => Out::Switch,
        Mechanic::Feast => Out::Clear,
    }
}

/// An open link: (parent node, child slot index).
type Link = (usize, usize);

/// The tree as it grows, and where the chart stands.
struct Grower<'a, R: GenRng> {
    nodes: Vec<TreeNode>,
    open: Vec<Link>,
    free: Vec<usize>,
    themes: &'a [&'a Theme],
    tuning: &'a DungeonTuning,
    rng: &'a mut R,
    /// The zone being filled (zones fill from the last down).
    current: usize,
    /// The bridge just added, under which the next node goes.
    pending: Option<usize>,
    /// The link the start fills, once closing has begun.
    start_link: Option<Link>,
}

impl<R: GenRng> Grower<'_, R> {
    fn slot(&self, (parent, i): Link) -> Slot {
        self.nodes[parent].slots[i]
    }

    /// Adds a node under `link` (`None` for the root) and opens its slots.
    fn add(&mut self, link: Option<Link>, node: TreeNode) -> usize {
        let id = self.nodes.len();
        if let Some(link) = link {
            self.open.retain(|&l| l != link);
            self.nodes[link.0].children.push(id);
        }
        self.open.extend((0..node.slots.len()).map(|i| (id, i)));
        self.nodes.push(TreeNode { parent: link.map(|l| l.0), ..node });
        id
    }

    /// Puzzle kinds of zone `z`'s theme that fit `slot` with `k` children (`switchy`: only those
    /// whose children may be switches).
    fn kinds(&self, z: usize, slot: Slot, k: usize, switchy: bool) -> Vec<usize> {
        let theme = self.themes[z];
        (0..theme.puzzles.len())
            .filter(|&i| {
                let m = theme.puzzles[i].mechanic;
                slot.accepts(output(m)) && slots_for(m, k).is_some_and(|s| !switchy || s.first() == Some(&Slot::Any))
            })
            .collect()
    }

    /// Child counts a new node in zone `z` under `slot` may have while keeping `1 ≤ O ≤ F₀`.
    fn feasible(&self, z: usize, slot: Slot, switchy: bool) -> Vec<usize> {
        let o = self.open.len();
        let f0 = self.free[0] - usize::from(z == 0);
        (0..=2)
            .filter(|&k| {
                let after = o - 1 + k;
                (k > 0 || o >= 3) && after >= 1 && after <= f0 && !(switchy && k == 0)
            })
            .filter(|&k| !self.kinds(z, slot, k, switchy).is_empty())
            .collect()
    }

    fn pick_k(&mut self, options: &[usize]) -> usize {
        let (leaf, one, two) = self.tuning.branch_weights;
        let weights: Vec<f32> = options.iter().map(|&k| [leaf, one, two][k]).collect();
        if weights.iter().all(|&w| w <= 0.0) {
            return options[0];
        }
        options[self.rng.weighted(&weights)]
    }

    fn puzzle(&mut self, z: usize, link: Link, k: usize, switchy: bool) -> usize {
        let slot = self.slot(link);
        let kinds = self.kinds(z, slot, k, switchy);
        let kind = kinds[self.rng.below(kinds.len())];
        let mechanic = self.themes[z].puzzles[kind].mechanic;
        let slots = slots_for(mechanic, k).unwrap_or_default();
        self.free[z] -= 1;
        let node = TreeNode {
            zone: z,
            role: NodeRole::Puzzle,
            mechanic,
            kind: Some(kind),
            parent: None,
            children: Vec::new(),
            gives: output(mechanic),
            slots,
        };
        self.add(Some(link), node)
    }
}

/// Grows the tree for zones with `slots` puzzle slots each (visiting order) and their themes.
/// Node 0 is the root; ids follow the order nodes were added.
pub(crate) fn grow_tree(
    slots: &[usize],
    themes: &[&Theme],
    tuning: &DungeonTuning,
    rng: &mut impl GenRng,
) -> Vec<TreeNode> {
    let n = slots.len();
    let mut g = Grower {
        nodes: Vec::new(),
        open: Vec::new(),
        free: slots.to_vec(),
        themes,
        tuning,
        rng,
        current: n - 1,
        pending: None,
        start_link: None,
    };
    g.root();
    let total: usize = slots.iter().sum::<usize>() + n - 1;
    // Each pass adds one node (and perhaps a bridge): `total` passes at most.
    for _ in 0..=total {
        g.lock_full_zones();
        if g.free.iter().all(|&f| f == 0) {
            break;
        }
        let o = g.open.len();
        let forced = g.pending.is_some();
        let link = g.next_link();
        if g.current == 0 && o == g.free[0] {
            g.close(link);
        } else {
            g.grow(link, forced);
        }
    }
    g.nodes
}

impl<R: GenRng> Grower<'_, R> {
    /// The root: the finish in the last zone, with 1 to 3 links (never more than the first zone
    /// can close).
    fn root(&mut self) {
        let last = self.current;
        self.free[last] -= 1;
        let (_, one, two) = self.tuning.branch_weights;
        let options: Vec<usize> = (1..=3).filter(|&k| k <= self.free[0]).collect();
        let weights: Vec<f32> = options.iter().map(|&k| [one, two, two / 3.0][k - 1]).collect();
        let k = options[self.rng.weighted(&weights)];
        self.add(
            None,
            TreeNode {
                zone: last,
                role: NodeRole::Finish,
                mechanic: Mechanic::Feast,
                kind: None,
                parent: None,
                children: Vec::new(),
                gives: Out::Clear,
                slots: vec![Slot::Any; k],
            },
        );
    }

    /// Locks every full zone above the first with the bridge leading to it.
    fn lock_full_zones(&mut self) {
        while self.current > 0 && self.free[self.current] == 0 {
            let links: Vec<Link> = self.open.iter().copied().filter(|&l| self.slot(l) == Slot::Any).collect();
            let link = links[self.rng.below(links.len())];
            let o = self.open.len();
            let options: Vec<usize> = [1, 2].into_iter().filter(|&k| o - 1 + k <= self.free[0]).collect();
            let k = self.pick_k(&options);
            let bridge = self.add(
                Some(link),
                TreeNode {
                    zone: self.current,
                    role: NodeRole::Bridge,
                    mechanic: Mechanic::Door,
                    kind: None,
                    parent: None,
                    children: Vec::new(),
                    gives: Out::Switch,
                    slots: vec![Slot::Any; k],
                },
            );
            self.current -= 1;
            self.pending = Some(bridge);
        }
    }

    /// The link the next node fills: under the bridge just added (the node right after a lock goes
    /// under it, from the zone just before), else any open one.
    fn next_link(&mut self) -> Link {
        let under: Vec<Link> = match self.pending.take() {
            Some(bridge) => self.open.iter().copied().filter(|l| l.0 == bridge).collect(),
            None => self.open.clone(),
        };
        under[self.rng.below(under.len())]
    }

    /// Closing: every remaining slot of the first zone is a leaf; one of them the start, with an
    /// item beside the player (or, where a switch fits, a lever half the time).
    fn close(&mut self, link: Link) {
        let start_placed = self.nodes.iter().any(|n| n.role == NodeRole::Start);
        if self.start_link.is_none() && !start_placed {
            self.start_link = Some(self.open[self.rng.below(self.open.len())]);
        }
        if Some(link) == self.start_link {
            self.free[0] -= 1;
            let lever = self.slot(link) == Slot::Any && self.rng.below(2) == 0;
            let mechanic = if lever { Mechanic::Lever } else { Mechanic::Fetch };
            let node = TreeNode {
                zone: 0,
                role: NodeRole::Start,
                mechanic,
                kind: None,
                parent: None,
                children: Vec::new(),
                gives: output(mechanic),
                slots: Vec::new(),
            };
            self.add(Some(link), node);
        } else {
            self.puzzle(0, link, 0, false);
        }
    }

    /// A puzzle under `link`: its zone (forced right after a lock), then its child count and kind.
    fn grow(&mut self, link: Link, forced: bool) {
        let z = self.zone_for(link, forced);
        let switchy = self.switchy_at(z, link);
        let slot = self.slot(link);
        let options = self.feasible(z, slot, switchy);
        let k = self.pick_k(&options);
        self.puzzle(z, link, k, switchy);
    }

    /// Which zone a node under `link` comes from: forced right after a lock, else any at or below
    /// the current one that keeps its reserve, weighted towards the parent's zone (less travel)
    /// and the zone being filled.
    fn zone_for(&mut self, link: Link, forced: bool) -> usize {
        let current = self.current;
        let parent_zone = self.nodes[link.0].zone;
        let slot = self.slot(link);
        let zones: Vec<usize> = if forced {
            vec![current]
        } else {
            (0..=current)
                .filter(|&z| {
                    let reserve = if z == current || z == 0 { 1 } else { 2 };
                    self.free[z] >= reserve && !self.feasible(z, slot, self.switchy_at(z, link)).is_empty()
                })
                .collect()
        };
        let tuning = self.tuning;
        let weights: Vec<f32> = zones
            .iter()
            .map(|&z| {
                let near = tuning.zone_weights[z.abs_diff(parent_zone).min(tuning.zone_weights.len() - 1)];
                if z == current { near * tuning.fill_bias.max(f32::MIN_POSITIVE) } else { near }
            })
            .collect();
        zones[self.rng.weighted(&weights)]
    }

    /// Whether a node of zone `z` under `link` fills the current zone's last slot: a bridge
    /// follows and needs a link that takes a switch, so the node must open one if none else is.
    fn switchy_at(&self, z: usize, link: Link) -> bool {
        z == self.current
            && self.current > 0
            && self.free[z] == 1
            && !self.open.iter().any(|&l| l != link && self.slot(l) == Slot::Any)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Seed;
    use crate::dungeon::DungeonData;
    use crate::rng::{Subsystem, stream};

    #[test]
    fn the_articles_chart_gives_26_nodes() {
        let data = DungeonData::default();
        let themes: Vec<&Theme> = data.themes.themes.iter().take(4).collect();
        for seed in 0..200 {
            let mut rng = stream(Seed(seed), Subsystem::DungeonTree, 1);
            let nodes = grow_tree(&[6, 5, 5, 7], &themes, &data.tuning, &mut rng);
            assert_eq!(nodes.len(), 26);
            let per_zone: Vec<usize> =
                (0..4).map(|z| nodes.iter().filter(|n| n.zone == z && n.role != NodeRole::Bridge).count()).collect();
            assert_eq!(per_zone, [6, 5, 5, 7]);
            assert_eq!(nodes.iter().filter(|n| n.role == NodeRole::Bridge).count(), 3);
            assert!(nodes.iter().all(|n| n.children.len() == n.slots.len()), "every link filled");
        }
    }

    #[test]
    fn any_chart_grows_without_retries() {
        // Random charts of 1 to 6 zones with 1 to 32 slots each (2 in a lone zone): the tree always
        // closes with every slot used, bridges where they belong and the start a leaf of zone 0.
        let data = DungeonData::default();
        let themes: Vec<&Theme> = data.themes.themes.iter().collect();
        for seed in 0..3_000u64 {
            let mut rng = stream(Seed(seed), Subsystem::DungeonExtra, 7);
            let n = 1 + rng.below(6);
            let slots: Vec<usize> =
                (0..n).map(|_| 1 + rng.below(32)).map(|s| if n == 1 { s.max(2) } else { s }).collect();
            let nodes = grow_tree(&slots, &themes[..n], &data.tuning, &mut rng);
            assert_eq!(nodes.len(), slots.iter().sum::<usize>() + n - 1, "{slots:?}");
            assert!(nodes.iter().all(|x| x.children.len() == x.slots.len()), "{slots:?}: a link left open");
            let start: Vec<&TreeNode> = nodes.iter().filter(|x| x.role == NodeRole::Start).collect();
            assert!(start.len() == 1 && start[0].zone == 0 && start[0].children.is_empty());
            for (id, b) in nodes.iter().enumerate().filter(|(_, x)| x.role == NodeRole::Bridge) {
                let mut under = vec![id];
                let mut i = 0;
                while i < under.len() {
                    under.extend(nodes[under[i]].children.iter().copied());
                    i += 1;
                }
                assert!(under[1..].iter().all(|&u| nodes[u].zone < b.zone), "{slots:?}");
                assert!(under.iter().any(|&u| nodes[u].zone + 1 == b.zone && nodes[u].role != NodeRole::Bridge));
            }
        }
    }
}
