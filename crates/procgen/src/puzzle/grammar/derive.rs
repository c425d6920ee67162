//! Step 2's draw: one object's shape derived from its start symbol, rule by rule, each rule
//! drawn by its weight among those that can still reach a feasible shape; the traced form
//! narrates each expansion (`expand` events) so a trace shows why each rule was chosen.

use std::collections::BTreeMap;

use super::{Derivation, Draw, Grammar, MAX_EXPANSIONS, Penalties, Prize, ShapeKind, Sym};
use crate::puzzle::ast::CommandKind;
use crate::puzzle::explain::{Candidate, PuzzleStep};
use crate::puzzle::world::Kind;
use crate::rng::GenRng;
use crate::trace::{NoTrace, Trace};

impl Grammar {
    /// Derives one object's shape from `kind.command`, drawing rules by `draw` and the
    /// penalties gathered so far (which it updates), choosing only rules that can still reach a
    /// shape `feasible` accepts. `None` when no feasible shape is reachable at all.
    pub fn derive(
        &self,
        kind: Kind,
        command: CommandKind,
        draw: Draw,
        penalties: &mut Penalties,
        feasible: &dyn Fn(ShapeKind) -> bool,
        rng: &mut impl GenRng,
    ) -> Option<Derivation> {
        self.derive_traced(kind, command, draw, penalties, feasible, rng, 0, &mut NoTrace)
    }

    /// [`Grammar::derive`], narrating each expansion as an `expand` event of object `object`:
    /// the eligible rules and their weights, the roll and the rule it lands on.
    pub(crate) fn derive_traced<T: Trace<PuzzleStep>>(
        &self,
        kind: Kind,
        command: CommandKind,
        draw: Draw,
        penalties: &mut Penalties,
        feasible: &dyn Fn(ShapeKind) -> bool,
        rng: &mut impl GenRng,
        object: usize,
        trace: &mut T,
    ) -> Option<Derivation> {
        penalties.0.resize(self.rules.len(), 0);
        let start = Sym::N(format!("{}.{}", kind.name(), command.name()));
        let mut memo = BTreeMap::new();
        if !self.can_reach(&start, feasible, &mut memo) {
            return None;
        }
        let mut pending = vec![start];
        let (mut shape, mut prize, mut applied, mut overrides) = (None, None, Vec::new(), 0);
        let mut expansions = 0;
        while let Some(sym) = pending.pop() {
            match sym {
                Sym::S(s) => shape = Some(s),
                Sym::P(p) => prize = prize.or(Some(p)),
                Sym::N(n) => {
                    expansions += 1;
                    if expansions > MAX_EXPANSIONS {
                        return None;
                    }
                    let eligible = self.eligible(&n, feasible, &mut memo);
                    if eligible.is_empty() {
                        return None;
                    }
                    let (pick, overridden) = self.draw_rule(&n, &eligible, draw, penalties, rng, object, trace);
                    overrides += u32::from(overridden);
                    penalties.0[pick] = penalties.0[pick].saturating_add(draw.penalty_per_mille);
                    applied.push(pick);
                    // Push in reverse so the leftmost symbol is expanded first.
                    for s in self.rules[pick].to.iter().rev() {
                        pending.push(s.clone());
                    }
                }
            }
        }
        let shape = shape?;
        let prize = if shape.wants_prize() { Some(prize.unwrap_or(Prize::Key)) } else { None };
        Some(Derivation { shape, prize, rules: applied, penalty_overrides: overrides })
    }

    /// The rules that expand `n` and can still reach a feasible shape, by index.
    fn eligible(&self, n: &str, feasible: &dyn Fn(ShapeKind) -> bool, memo: &mut BTreeMap<String, bool>) -> Vec<usize> {
        (0..self.rules.len())
            .filter(|&i| self.rules[i].from == n)
            .filter(|&i| self.rules[i].to.iter().all(|s| self.can_reach(s, feasible, memo)))
            .collect()
    }

    /// One expansion of `n`: the `eligible` rules weighed by `draw` and their penalties (as if
    /// none had been used when every weight is 0), one drawn by its weight and noted as an
    /// `expand` event. The rule drawn, and whether the weights were overridden.
    fn draw_rule<T: Trace<PuzzleStep>>(
        &self,
        n: &str,
        eligible: &[usize],
        draw: Draw,
        penalties: &Penalties,
        rng: &mut impl GenRng,
        object: usize,
        trace: &mut T,
    ) -> (usize, bool) {
        let mut weights: Vec<u32> =
            eligible.iter().map(|&i| self.weight(i, draw.distribution, penalties.0[i])).collect();
        let overridden = weights.iter().all(|&w| w == 0);
        if overridden {
            // Every rule has reached a penalty of 1: the paper drops them, but an
            // object must still get a shape, so choose as if none had been used.
            weights = eligible.iter().map(|&i| self.weight(i, draw.distribution, 0)).collect();
        }
        let total: u32 = weights.iter().sum();
        let mut roll = rng.below(total.max(1) as usize) as u32;
        let drawn = roll;
        let mut pick = eligible[eligible.len() - 1];
        for (&i, &w) in eligible.iter().zip(&weights) {
            if roll < w {
                pick = i;
                break;
            }
            roll -= w;
        }
        trace.note(|| PuzzleStep::Expand {
            object,
            symbol: n.to_string(),
            candidates: eligible
                .iter()
                .zip(&weights)
                .map(|(&rule, &weight)| Candidate {
                    rule,
                    complexity: self.rules[rule].complexity,
                    gathered: penalties.0[rule],
                    weight,
                })
                .collect(),
            overridden,
            roll: drawn,
            total,
            picked: pick,
        });
        (pick, overridden)
    }
}
