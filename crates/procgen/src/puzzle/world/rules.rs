//! The world's rules (see the table in [`super`]): what a command does to an object, where a
//! statue's fire or wind goes, and everything derived from the state (the [`View`]: where the
//! player can walk, which pits burn, which headers are active), reach and the map rows.

use std::collections::VecDeque;

use super::*;

impl World {
    fn solid_at(&self, c: Cell) -> bool {
        (0..self.objects.len()).any(|i| self.states[i].pos == c && self.objects[i].solid(&self.states[i]))
    }

    /// Applies one command to object `i`; returns whether anything changed. A command of a type
    /// the object doesn't take changes nothing (the checker refuses such programs first).
    pub fn apply(&mut self, i: usize, command: Command) -> bool {
        let Some(spec) = self.objects.get(i) else { return false };
        if command.kind() != spec.command {
            return false;
        }
        let before = self.states[i];
        match command {
            Command::Move(d) => {
                let (dx, dy) = d.delta();
                let target = (before.pos.0 + dx, before.pos.1 + dy);
                let free = self.ground_at(target).takes_objects() && self.object_at(target).is_none();
                if free {
                    self.states[i].pos = target;
                }
            }
            Command::Rotate(t) => self.states[i].facing = before.facing.turned(t.sign()),
            Command::Open => self.states[i].open = true,
            Command::Stop => self.states[i].moving = false,
        }
        self.states[i] != before
    }

    /// The tiles a statue's fire or wind crosses, in order, and the fire pit it reaches (fire
    /// only: wind stops at a pit like at a wall).
    pub fn blow(&self, i: usize) -> (Vec<Cell>, Option<Cell>) {
        let (spec, state) = (&self.objects[i], &self.states[i]);
        let mut crossed = Vec::new();
        if spec.kind != Kind::Statue {
            return (crossed, None);
        }
        let (dx, dy) = state.facing.delta();
        for k in 1..=REACH {
            let c = (state.pos.0 + dx * k, state.pos.1 + dy * k);
            let g = self.ground_at(c);
            if g == Ground::FirePit {
                return (crossed, (spec.element == Some(Element::Fire)).then_some(c));
            }
            if !g.lets_air_through() || self.solid_at(c) {
                break;
            }
            crossed.push(c);
        }
        (crossed, None)
    }

    /// Everything derived from the current state.
    pub fn view(&self) -> View {
        let n = self.ground.len();
        let (solid, plank, pressed) = self.occupied();
        let (gust, lit) = self.blown();
        let active = self.active_headers(&pressed, &lit);
        let revealed = self.revealed(&active);
        let mut door_open = vec![false; n];
        for (r, &shown) in self.rewards.iter().zip(&revealed) {
            if shown && r.kind == RewardKind::Door && self.contains((r.x, r.y)) {
                door_open[self.index((r.x, r.y))] = true;
            }
        }
        let walkable = (0..n)
            .map(|i| {
                let ground_ok = match self.ground[i] {
                    Ground::Water => plank[i],
                    Ground::SecretDoor => door_open[i],
                    g => g.open(),
                };
                ground_ok && !solid[i] && !gust[i]
            })
            .collect();
        View { walkable, gust, lit, active, revealed }
    }

    /// By tile: where a solid object stands, where a plank lies, where a movable object presses.
    fn occupied(&self) -> (Vec<bool>, Vec<bool>, Vec<bool>) {
        let n = self.ground.len();
        let mut solid = vec![false; n];
        let mut plank = vec![false; n];
        let mut pressed = vec![false; n];
        for (i, spec) in self.objects.iter().enumerate() {
            let state = &self.states[i];
            for c in spec.cells(state) {
                if self.contains(c) {
                    let at = self.index(c);
                    if spec.is_plank() {
                        plank[at] = true;
                    } else if spec.solid(state) {
                        solid[at] = true;
                    }
                    if spec.command == CommandKind::Move {
                        pressed[at] = true;
                    }
                }
            }
        }
        (solid, plank, pressed)
    }

    /// By tile: where a wind statue's wind blows, and which fire pits a fire statue lights.
    fn blown(&self) -> (Vec<bool>, Vec<bool>) {
        let n = self.ground.len();
        let mut gust = vec![false; n];
        let mut lit = vec![false; n];
        for (i, spec) in self.objects.iter().enumerate() {
            if spec.kind != Kind::Statue {
                continue;
            }
            let (crossed, pit) = self.blow(i);
            if spec.element == Some(Element::Wind) {
                for c in crossed {
                    gust[self.index(c)] = true;
                }
            }
            if let Some(p) = pit {
                lit[self.index(p)] = true;
            }
        }
        (gust, lit)
    }

    /// By header: whether it is active (its plate pressed, its pit lit, its lever turned its way).
    fn active_headers(&self, pressed: &[bool], lit: &[bool]) -> Vec<bool> {
        self.headers
            .iter()
            .map(|h| {
                let c = (h.x, h.y);
                if !self.contains(c) {
                    return false;
                }
                match h.kind {
                    HeaderKind::Plate => self.ground_at(c) == Ground::Plate && pressed[self.index(c)],
                    HeaderKind::Fire => lit[self.index(c)],
                    HeaderKind::Lever => self.find(&h.object).is_some_and(|i| {
                        self.objects[i].kind == Kind::Lever && Some(self.states[i].facing) == h.facing
                    }),
                }
            })
            .collect()
    }

    /// By reward: whether it shows (not hidden, or revealed by an active header).
    fn revealed(&self, active: &[bool]) -> Vec<bool> {
        let mut revealed: Vec<bool> = self.rewards.iter().map(|r| !r.hidden).collect();
        for (h, &on) in self.headers.iter().zip(active) {
            if on {
                for &r in &h.reveals {
                    if let Some(slot) = revealed.get_mut(r) {
                        *slot = true;
                    }
                }
            }
        }
        revealed
    }

    /// Steps from `from` to every tile over walkable tiles (`None`: not reached).
    pub fn distances(&self, walkable: &[bool], from: Cell) -> Vec<Option<u32>> {
        let mut dist = vec![None; self.ground.len()];
        if !self.contains(from) || !walkable[self.index(from)] {
            return dist;
        }
        let mut queue = VecDeque::from([from]);
        dist[self.index(from)] = Some(0);
        while let Some(c) = queue.pop_front() {
            let d = dist[self.index(c)].unwrap_or(0);
            for dir in Dir::ALL {
                let (dx, dy) = dir.delta();
                let n = (c.0 + dx, c.1 + dy);
                if self.contains(n) {
                    let k = self.index(n);
                    if walkable[k] && dist[k].is_none() {
                        dist[k] = Some(d + 1);
                        queue.push_back(n);
                    }
                }
            }
        }
        dist
    }

    /// Whether the player can walk from the entry to the exit, and to each reward (a reward
    /// counts only when revealed and reachable), in the current state.
    pub fn reach(&self) -> Reach {
        let view = self.view();
        let dist = self.distances(&view.walkable, self.entry);
        let reached = |c: Cell| self.contains(c) && dist[self.index(c)].is_some();
        Reach {
            exit: reached(self.exit),
            rewards: self.rewards.iter().zip(&view.revealed).map(|(r, &shown)| shown && reached((r.x, r.y))).collect(),
        }
    }

    /// Whether the player can walk from `from` to the exit in the current state.
    pub(crate) fn exit_reachable_from(&self, from: Cell) -> bool {
        let dist = self.distances(&self.view().walkable, from);
        self.contains(self.exit) && dist[self.index(self.exit)].is_some()
    }

    /// One character a tile for the current state (see [`legend`](crate::puzzle::level::legend)).
    pub fn rows(&self) -> Vec<String> {
        let view = self.view();
        let mut chars: Vec<char> = self
            .ground
            .iter()
            .enumerate()
            .map(|(i, g)| match g {
                Ground::FirePit if view.lit[i] => '*',
                Ground::SecretDoor => '#',
                Ground::Plate => '_',
                g => g.symbol(),
            })
            .collect();
        for (r, &shown) in self.rewards.iter().zip(&view.revealed) {
            let c = (r.x, r.y);
            if shown && self.contains(c) {
                chars[self.index(c)] = match r.kind {
                    RewardKind::Key => 'k',
                    RewardKind::Door => 'h',
                    RewardKind::Scroll => '$',
                };
            }
        }
        for (i, spec) in self.objects.iter().enumerate() {
            let state = &self.states[i];
            for c in spec.cells(state) {
                if self.contains(c) {
                    chars[self.index(c)] = object_symbol(spec, state);
                }
            }
        }
        // Wind last: it blows over open doors, stopped gates and planks too, and a tile in the
        // wind can't be walked whatever lies there; the rows must say so.
        for (i, g) in view.gust.iter().enumerate() {
            if *g {
                chars[i] = '%';
            }
        }
        chars.chunks(self.width.max(1) as usize).take(self.height as usize).map(|r| r.iter().collect()).collect()
    }
}
