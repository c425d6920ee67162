//! Furnishing's fourth step ([`place`](super::place)): the items and switches each node hands
//! its parent, then the objects that give and take them (levers, plates and their crates,
//! stations, guards, the finish's table).

use super::layout::Failed;
use super::level::{Cell, Gives, Item, ItemSource, NodeRole, Object, ObjectKind, Switch};
use super::place::Plan;
use super::stage::Spot;
use super::themes::Mechanic;
use super::tree::{Out, TreeNode};

/// The items and switches handed on, and what each node gives.
pub(super) struct Gifts {
    pub(super) items: Vec<Item>,
    pub(super) switches: Vec<Switch>,
    /// Every node's gift (an index into `items` or `switches`).
    pub(super) gives: Vec<Gives>,
}

/// Items and switches, each for the giver's parent.
pub(super) fn hand_out(plan: &Plan, spots: &[Spot]) -> Result<Gifts, Failed> {
    let mut gifts = Gifts { items: Vec::new(), switches: Vec::new(), gives: vec![Gives::Clear; plan.tree.len()] };
    for (id, node) in plan.tree.iter().enumerate() {
        let parent = node.parent.unwrap_or(0);
        match node.gives {
            Out::Item => {
                let (name, cell, source) = item_of(plan, node, &spots[id])?;
                let item = gifts.items.len();
                gifts.gives[id] = Gives::Item(item);
                gifts.items.push(Item { id: item, name, giver: id, consumer: parent, cell, source });
            }
            Out::Switch => {
                let name = switch_of(plan, node)?;
                let switch = gifts.switches.len();
                gifts.gives[id] = Gives::Switch(switch);
                gifts.switches.push(Switch { id: switch, name, giver: id, opens: parent });
            }
            Out::Clear => {}
        }
    }
    Ok(gifts)
}

/// The item a node hands on: its name, where it lies and where it comes from (the start's lies
/// beside the player).
fn item_of(plan: &Plan, node: &TreeNode, spot: &Spot) -> Result<(String, Cell, ItemSource), Failed> {
    Ok(match (node.role, plan.kind_of(node)) {
        (NodeRole::Start, _) => {
            (plan.theme_of(node).start.item.clone(), spot.beside.ok_or(Failed("placement"))?, ItemSource::Floor)
        }
        (_, Some(kind)) => {
            let source = match kind.mechanic {
                Mechanic::Combine => ItemSource::Station,
                Mechanic::Guard => ItemSource::Guard,
                _ => ItemSource::Floor,
            };
            (kind.gives.clone(), spot.objective, source)
        }
        _ => return Err(Failed("placement")),
    })
}

/// The name of the switch a node throws: the start's lever, a bridge's door or a puzzle's gift.
fn switch_of(plan: &Plan, node: &TreeNode) -> Result<String, Failed> {
    Ok(match (node.role, plan.kind_of(node)) {
        (NodeRole::Start, _) => plan.theme_of(node).start.lever.clone(),
        (NodeRole::Bridge, _) => plan.theme_of(node).bridge.door.clone(),
        (_, Some(kind)) => kind.gives.clone(),
        _ => return Err(Failed("placement")),
    })
}

/// The items (`want_items`) or switches a node's children hand it.
pub(super) fn needs(tree: &[TreeNode], gives: &[Gives], id: usize, want_items: bool) -> Vec<usize> {
    tree[id]
        .children
        .iter()
        .filter_map(|&c| match gives[c] {
            Gives::Item(i) if want_items => Some(i),
            Gives::Switch(s) if !want_items => Some(s),
            _ => None,
        })
        .collect()
}

/// The objects that use the items and switches: the start's lever, the finish's table, levers,
/// plates with their crates, stations and guards.
pub(super) fn set_objects(plan: &Plan, spots: &[Spot], gives: &[Gives]) -> Result<Vec<Object>, Failed> {
    let mut objects = Vec::new();
    for (id, node) in plan.tree.iter().enumerate() {
        let spot = &spots[id];
        let o = spot.objective;
        let own_item = || match gives[id] {
            Gives::Item(i) => i,
            _ => usize::MAX,
        };
        let own_switch = || match gives[id] {
            Gives::Switch(s) => s,
            _ => usize::MAX,
        };
        let mut put = |cell: Cell, name: &str, kind: ObjectKind| {
            objects.push(Object { node: id, cell, name: name.to_string(), kind });
        };
        match (node.role, node.mechanic, plan.kind_of(node)) {
            (NodeRole::Start, Mechanic::Lever, _) => {
                put(
                    spot.beside.ok_or(Failed("placement"))?,
                    &plan.theme_of(node).start.lever,
                    ObjectKind::Lever { switch: own_switch() },
                );
            }
            (NodeRole::Finish, _, _) => put(o, &plan.theme_of(node).finish.table, ObjectKind::Table),
            (_, Mechanic::Lever, Some(kind)) => put(o, &kind.object, ObjectKind::Lever { switch: own_switch() }),
            (_, Mechanic::CratePlate, Some(kind)) => {
                let (crate_cell, push_from) = spot.crate_at.ok_or(Failed("placement"))?;
                put(o, &kind.object, ObjectKind::Plate { switch: own_switch() });
                let name = kind.pushes.clone().unwrap_or_default();
                put(crate_cell, &name, ObjectKind::Crate { plate: o, push_from });
            }
            (_, Mechanic::Combine, Some(kind)) => put(o, &kind.object, ObjectKind::Station { makes: own_item() }),
            (_, Mechanic::Guard, Some(kind)) => {
                let wants = needs(plan.tree, gives, id, true).first().copied().ok_or(Failed("placement"))?;
                put(o, &kind.object, ObjectKind::Guard { wants, guards: own_item() });
            }
            _ => {}
        }
    }
    Ok(objects)
}
