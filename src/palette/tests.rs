//! The colour-safe scheme against the rule of issue #29: each pair of things that play
//! differently (and each against what it is seen on) stays at ΔE76 ≥ 20 or |ΔL*| ≥ 15 in normal
//! vision and in the three dichromacy simulations `scripts/colour-vision.sh` uses (Machado,
//! Oliveira and Fernandes 2009, severity 1.0, in linear RGB). Backgrounds that aren't in the
//! scheme are copied here from the code that draws them.

use super::*;

type Lin = [f64; 3];

/// Machado et al. 2009, severity 1.0, for linear RGB: protanopia, deuteranopia, tritanopia.
const SIMULATIONS: [[Lin; 3]; 3] = [
    [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]],
    [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]],
    [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.303900]],
];

/// The sRGB components of a colour.
fn srgb(c: Color) -> Lin {
    let c = c.to_srgba();
    [c.red, c.green, c.blue].map(f64::from)
}

fn linear(c: Color) -> Lin {
    srgb(c).map(|v| if v <= 0.04045 { v / 12.92 } else { ((v + 0.055) / 1.055).powf(2.4) })
}

/// `fg` at `alpha` over `bg`, blended in linear RGB as the sRGB render target blends.
fn over(fg: Color, alpha: f64, bg: Color) -> Lin {
    let (f, b) = (linear(fg), linear(bg));
    [0usize, 1, 2].map(|i| alpha * f[i] + (1.0 - alpha) * b[i])
}

/// `a` moved `t` of the way to `b` in sRGB (the dungeon's `shade`, the arena's gingham).
fn mix(a: Color, b: Color, t: f64) -> Color {
    let (a, b) = (srgb(a), srgb(b));
    let m = |i: usize| (a[i] * (1.0 - t) + b[i] * t) as f32;
    Color::srgb(m(0), m(1), m(2))
}

/// CIELAB (D65) of a linear RGB colour.
fn lab([r, g, b]: Lin) -> Lin {
    let x = 0.4124564 * r + 0.3575761 * g + 0.1804375 * b;
    let y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b;
    let z = 0.0193339 * r + 0.1191920 * g + 0.9503041 * b;
    let d: f64 = 6.0 / 29.0;
    let f = |t: f64| if t > d.powi(3) { t.cbrt() } else { t / (3.0 * d * d) + 4.0 / 29.0 };
    let (fx, fy, fz) = (f(x / 0.95047), f(y), f(z / 1.08883));
    [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
}

/// Whether two colours stay apart in normal vision and in each simulated dichromacy.
fn apart(a: Lin, b: Lin) -> bool {
    let view = |c: Lin, m: Option<&[Lin; 3]>| match m {
        None => c,
        Some(m) => m.map(|row| (row[0] * c[0] + row[1] * c[1] + row[2] * c[2]).clamp(0.0, 1.0)),
    };
    [None].into_iter().chain(SIMULATIONS.iter().map(Some)).all(|m| {
        let (p, q) = (lab(view(a, m)), lab(view(b, m)));
        let de = ((p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2) + (p[2] - q[2]).powi(2)).sqrt();
        de >= 20.0 || (p[0] - q[0]).abs() >= 15.0
    })
}

/// Backgrounds and neighbours from the modes' visuals.
const RUNNER_HILLS: Color = Color::srgb(0.95, 0.78, 0.62);
const STAR: Color = Color::srgb(1.0, 0.78, 0.15);
const NIGHT: [Color; 2] = [Color::srgb(0.16, 0.12, 0.24), Color::srgb(0.30, 0.21, 0.40)];
const SUNSET: [Color; 2] = [Color::srgb(0.99, 0.76, 0.58), Color::srgb(0.55, 0.64, 0.36)];
const BREADSTICK: [Color; 2] = [Color::srgb(0.86, 0.62, 0.32), Color::srgb(0.93, 0.74, 0.45)];
const BUTTER: Color = Color::srgb(1.0, 0.92, 0.55);
const BLANKET: Color = Color::srgb(0.955, 0.86, 0.71);
const GINGHAM: Color = Color::srgb(0.85, 0.25, 0.2);
/// assets/dungeon/themes.ron: the seven zones' colours.
const ZONES: [(u8, u8, u8); 7] = [
    (214, 178, 120),
    (132, 190, 96),
    (150, 206, 232),
    (226, 118, 74),
    (240, 214, 168),
    (204, 140, 52),
    (238, 220, 120),
];
const DUNGEON_DARK: Color = Color::srgb(0.16, 0.10, 0.08);
const DUNGEON_IRON: Color = Color::srgb(0.24, 0.22, 0.25);
const DUNGEON_HAZARD_PLATE: Color = Color::srgb(0.62, 0.6, 0.58);
const MAP_DOORWAY: Color = Color::srgb_u8(255, 244, 220);
const PUZZLE_FLOOR: [Color; 2] = [Color::srgb(0.97, 0.88, 0.70), Color::srgb(0.94, 0.84, 0.65)];
const PUZZLE_WALL: Color = Color::srgb(0.45, 0.29, 0.19);
const PUZZLE_METAL: Color = Color::srgb(0.62, 0.65, 0.70);
const PUZZLE_ENTRY: Color = Color::srgb(0.55, 0.76, 0.45);
const WORLD_UNTRIED: Color = Color::srgb(0.22, 0.18, 0.16);
/// The replay ghost's alpha (`replay::ghost`).
const GHOST_ALPHA: f64 = 0.4;

/// Colours in linear RGB.
fn lins(cs: &[Color]) -> Vec<Lin> {
    cs.iter().map(|&c| linear(c)).collect()
}

/// Each pair that plays differently: a label, one side's colours and the other's (every one
/// against every one), all in linear RGB.
fn pairs(s: &Scheme) -> Vec<(&'static str, Vec<Lin>, Vec<Lin>)> {
    let l = lins;
    let chef = l(&[s.player]);
    let kinds = [FoodKind::Apple, FoodKind::Cherry, FoodKind::Donut, FoodKind::Pizza, FoodKind::Cake];
    let foods = l(&kinds.map(|k| s.food(k)));
    let blanket = l(&[BLANKET, mix(BLANKET, GINGHAM, 0.14)]);
    let zone = |(r, g, b): (u8, u8, u8)| Color::srgb_u8(r, g, b);
    let floors: Vec<Color> = ZONES.iter().flat_map(|&z| [0.12, 0.22].map(|t| mix(zone(z), Color::WHITE, t))).collect();
    let plates: Vec<Color> = ZONES.iter().map(|&z| mix(zone(z), DUNGEON_DARK, 0.3)).collect();
    let mut rows = vec![
        ("runner: chef vs sky, hills", chef.clone(), l(&[SKY, RUNNER_HILLS])),
        ("runner: fork vs sky", l(&[s.fork]), l(&[SKY, SKY_FAR])),
        ("runner: fork vs chef", l(&[s.fork]), chef.clone()),
        ("runner: food vs sky, fork", foods.clone(), l(&[SKY, s.fork])),
        ("runner: ghost vs chef", vec![over(s.player, GHOST_ALPHA, SKY)], chef.clone()),
        ("arena: chef vs blanket, pan", chef.clone(), [blanket.clone(), l(&[s.pan])].concat()),
        ("arena: pan vs blanket", l(&[s.pan]), blanket.clone()),
        ("arena: food vs pan, blanket", foods, [l(&[s.pan]), blanket].concat()),
        ("tunnel: flyer vs night, breadsticks", l(&[s.flyer]), l(&[NIGHT, BREADSTICK].concat())),
        ("tunnel: flyer vs sunset, pancakes", l(&[s.flyer]), l(&[SUNSET[0], SUNSET[1], s.pancake, BUTTER])),
        ("tunnel: pancake vs sunset, butter", l(&[s.pancake]), l(&[SUNSET[0], SUNSET[1], BUTTER])),
        ("dungeon: chef vs floors, hazard plate", chef.clone(), l(&[floors, vec![DUNGEON_HAZARD_PLATE]].concat())),
        ("dungeon: lit vs plates, station pot", l(&[s.lit]), l(&[plates, vec![DUNGEON_IRON]].concat())),
        ("dungeon: map locked vs open, doorway", l(&[s.map_locked]), l(&[s.map_open, MAP_DOORWAY])),
        ("dungeon: map open vs doorway", l(&[s.map_open]), l(&[MAP_DOORWAY])),
        ("puzzle: chef vs floor, water", chef.clone(), l(&[PUZZLE_FLOOR[0], PUZZLE_FLOOR[1], s.water])),
        ("puzzle: water vs floor", l(&[s.water]), l(&PUZZLE_FLOOR)),
        (
            "puzzle: open exit vs floor, entry, shut",
            l(&[s.exit_open]),
            l(&[PUZZLE_FLOOR[0], PUZZLE_FLOOR[1], PUZZLE_ENTRY, s.exit_shut]),
        ),
        ("puzzle: shut exit vs wall", l(&[s.exit_shut]), l(&[PUZZLE_WALL])),
        ("puzzle: plate up vs pressed", l(&[PUZZLE_METAL]), l(&[s.plate_pressed])),
        ("puzzle: chips passed vs failed, untried", l(&[s.world_passed]), l(&[s.world_failed, WORLD_UNTRIED])),
        ("puzzle: chips failed vs untried", l(&[s.world_failed]), l(&[WORLD_UNTRIED])),
    ];
    // The maze floor: the sky at the darkest and the lightest of its tiles (`maze::picture`).
    for tone in [0.955, 0.995] {
        let floor = Color::srgb_from_array(srgb(SKY).map(|v| (v * tone).min(1.0) as f32));
        let (hunting, waiting, scared) =
            (linear(s.pot), over(s.pot, f64::from(s.pot_waiting_alpha), floor), linear(s.pot_scared));
        rows.extend([
            ("maze: chef vs pots, floor", chef.clone(), vec![hunting, waiting, scared, linear(floor)]),
            ("maze: hunting vs waiting, scared pot", vec![hunting], vec![waiting, scared]),
            ("maze: waiting vs scared pot, floor", vec![waiting], vec![scared, linear(floor)]),
            ("maze: scared pot vs floor", vec![scared], vec![linear(floor)]),
            ("maze: crumb vs floor, star", l(&[s.crumb]), l(&[floor, STAR])),
            ("maze: ghost chef vs waiting pot", vec![over(s.player, GHOST_ALPHA, floor)], vec![waiting]),
        ]);
    }
    rows
}

/// The pairs a scheme fails to keep apart.
fn failures(s: &Scheme) -> Vec<&'static str> {
    pairs(s)
        .into_iter()
        .filter(|(_, a, b)| a.iter().any(|&x| b.iter().any(|&y| !apart(x, y))))
        .map(|(label, ..)| label)
        .collect()
}

#[test]
fn the_colour_safe_scheme_keeps_every_pair_apart_in_every_view() {
    assert_eq!(failures(&Scheme::COLOUR_SAFE), Vec::<&str>::new());
}

#[test]
fn the_check_fails_the_standard_schemes_known_clashes() {
    let mut failed = failures(&Scheme::STANDARD);
    failed.dedup_by(|a, b| a == b);
    failed.sort_unstable();
    failed.dedup();
    // 18 of the 28 kinds of pair (docs/colour-vision.md). Among them: the teal chef and the grey
    // forks simulate alike in deuteranopia; the gold bird is a breadstick in tritanopia;
    // pancakes vanish into the sunset.
    let mut known = vec![
        "runner: fork vs chef",
        "runner: food vs sky, fork",
        "arena: food vs pan, blanket",
        "tunnel: flyer vs night, breadsticks",
        "tunnel: flyer vs sunset, pancakes",
        "tunnel: pancake vs sunset, butter",
        "dungeon: chef vs floors, hazard plate",
        "dungeon: lit vs plates, station pot",
        "dungeon: map locked vs open, doorway",
        "puzzle: chef vs floor, water",
        "puzzle: open exit vs floor, entry, shut",
        "puzzle: shut exit vs wall",
        "puzzle: chips passed vs failed, untried",
        "puzzle: chips failed vs untried",
        "maze: chef vs pots, floor",
        "maze: waiting vs scared pot, floor",
        "maze: crumb vs floor, star",
        "maze: ghost chef vs waiting pot",
    ];
    known.sort_unstable();
    assert_eq!(failed, known);
    let mut kinds: Vec<&str> = pairs(&Scheme::STANDARD).into_iter().map(|(label, ..)| label).collect();
    kinds.sort_unstable();
    kinds.dedup();
    assert_eq!(kinds.len(), 28);
}

#[test]
fn the_setting_picks_the_scheme_and_standard_is_the_default() {
    assert_eq!(Scheme::of(Colours::Standard), Scheme::STANDARD);
    assert_eq!(Scheme::of(Colours::ColourSafe), Scheme::COLOUR_SAFE);
    assert_eq!(Scheme::default(), Scheme::STANDARD);
    // The waiting pot is drawn as it was before the scheme existed.
    assert_eq!(Scheme::STANDARD.pot_waiting(), Color::srgba(0.35, 0.36, 0.42, 0.4));
}
