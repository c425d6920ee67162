//! Which level a command means: a mode, a seed and the options that pick one of its levels, as
//! `gen` and `explain` read them (the same flags, checked the same way).

use seedfeast_procgen::seed::LinkAsks;

use super::*;

/// A mode, a seed and the flags that choose one of its levels.
#[derive(clap::Args, Debug)]
pub struct LevelArgs {
    /// A mode of the table (`food-tunnel` is the tunnel's squeeze), or a generator.
    #[arg(value_parser = target_parser())]
    pub mode: Target,
    /// A seed code (324MP-ANQ6H), any text ("pizza party"), or a level link (its mode must be
    /// this one; its level=K is the dungeon's --dungeon or the puzzle's --level).
    #[arg(long, value_parser = parse_seed)]
    pub seed: SeedArg,
    /// Runner: how many chunks of track (default 20).
    #[arg(long)]
    pub chunks: Option<u32>,
    /// Maze: which floor, 1 the first.
    #[arg(long)]
    pub floor: Option<u32>,
    /// Arena: which wave, 1 the first.
    #[arg(long)]
    pub wave: Option<u32>,
    /// Tunnels: how many gates (default 20).
    #[arg(long)]
    pub gates: Option<u32>,
    /// Tunnel: the Food Tunnel's squeeze; the same as `gen food-tunnel` (kept for old scripts).
    #[arg(long, hide = true)]
    pub squeeze: bool,
    /// Maze: grid width in cells, instead of the tuning's.
    #[arg(long)]
    pub width: Option<u32>,
    /// Maze: grid height in cells, instead of the tuning's.
    #[arg(long)]
    pub height: Option<u32>,
    /// Dungeon: which dungeon of the seed (1 the first; later ones have more zones or rooms).
    ///
    /// Dungeon maps (`gen`'s JSON rows and --format ascii): # wall, . floor, , corridor, _ decor,
    /// O pillar, + door, L locked door (a bridge's door into the next zone), = gate (a pen's
    /// bars). The ASCII view draws what stands on a tile over it: @ start, * item, / lever,
    /// C crate, ^ plate, & station, G guard, T table (the feast), ! hazard, % food.
    #[arg(long)]
    pub dungeon: Option<u32>,
    /// Dungeon: rooms per zone in visiting order, e.g. 12,10,10,14 (default: the tuning's).
    #[arg(long, value_delimiter = ',')]
    pub zones: Option<Vec<u32>>,
    /// Code puzzle: the curriculum step (0 the first).
    #[arg(long)]
    pub level: Option<u32>,
    /// Code puzzle: a file holding the solution program to build the level from.
    #[arg(long)]
    pub code: Option<PathBuf>,
    /// Read the data files from this assets folder instead of the default.
    #[arg(long)]
    pub assets: Option<PathBuf>,
}

impl LevelArgs {
    /// The mode to make (the Food Tunnel for the old `--squeeze`), the request its flags make
    /// (checked against the options its generator reads, the seed as that mode reads it, with a
    /// note on stderr when the seed text was doubtful) and the data to make it from.
    pub(super) fn resolve(&self) -> Result<(Target, Request, GameData), Stop> {
        let code = read_code(self.code.as_deref())?;
        let numbers = [
            (Opt::Chunks, self.chunks),
            (Opt::Floor, self.floor),
            (Opt::Wave, self.wave),
            (Opt::Gates, self.gates),
            (Opt::Width, self.width),
            (Opt::Height, self.height),
            (Opt::Dungeon, self.dungeon),
            (Opt::Level, self.level),
        ];
        let mut request = Request::default().with_each(numbers).with_zones_and_code(self.zones.clone(), code);
        let target = squeezed(self.mode, self.squeeze)?;
        self.seed.check_mode(target.key).map_err(Stop::Usage)?;
        if let Some(level) = self.seed.asks.level {
            link_level(target, level, &mut request)?;
        }
        check_options(target.key, target.generator.options(), &request)
            .map_err(|e| Stop::Usage(format!("error: {e}")))?;
        request.seed = seed_for(target, &self.seed.input)?;
        if let Some(note) = self.seed.doubt() {
            eprintln!("note: {}", seedfeast_procgen::shown::printable(&note));
        }
        request.variant = target.variant;
        Ok((target, request, load_data(self.assets.as_deref())?))
    }
}

/// A `--seed` as given: its seed, and what a link asks for besides it (its mode and level),
/// which each command uses or refuses: a link for one mode never makes another's level without
/// a word (issue #51, 7).
#[derive(Clone, Debug)]
pub struct SeedArg {
    pub input: SeedInput,
    pub asks: LinkAsks,
}

impl std::ops::Deref for SeedArg {
    type Target = SeedInput;

    fn deref(&self) -> &SeedInput {
        &self.input
    }
}

impl SeedArg {
    /// Refuses a link for another mode than `key`, naming both.
    pub fn check_mode(&self, key: &str) -> Result<(), String> {
        match &self.asks.mode {
            Some(linked) if linked != key => Err(format!(
                "error: --seed: the link is for the mode \"{}\", and this command is for {key}: run it for \
                 that mode, or give the seed alone",
                seedfeast_procgen::shown::shown(linked)
            )),
            _ => Ok(()),
        }
    }
}

pub(super) fn parse_seed(text: &str) -> Result<SeedArg, String> {
    SeedInput::parse_asking(text).map(|(input, asks)| SeedArg { input, asks }).map_err(|error| error.to_string())
}

/// A link's `level=K` as the option it means for `target`: the one its run starts at in the
/// game (`ModeInfo::levels`: the dungeon's number, the puzzle's step). Refused for a mode whose
/// run is one level, out of the option's range, or when a flag asks for another.
fn link_level(target: Target, level: u32, request: &mut Request) -> Result<(), Stop> {
    let refuse = |why: String| Err(Stop::Usage(format!("error: --seed: the link asks for level {level}, {why}")));
    let has_levels = modes::by_key(target.key).is_some_and(|mode| mode.info().levels.is_some());
    let spec = target.generator.options().iter().find(|s| matches!(s.option, Opt::Level | Opt::Dungeon));
    let Some(spec) = spec.filter(|_| has_levels) else {
        return refuse(format!("but {} has no levels to start at: its run is one level from the start", target.key));
    };
    let flag = spec.option.flag();
    match request.get(spec.option) {
        Some(given) if given != level => refuse(format!("but --{flag} {given} was given")),
        _ if !(spec.min..=spec.max).contains(&level) => {
            refuse(format!("which is not one of {}'s ({}..={}, as --{flag})", target.key, spec.min, spec.max))
        }
        _ => {
            request.set(spec.option, level);
            Ok(())
        }
    }
}
