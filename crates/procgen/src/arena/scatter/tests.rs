//! The scatter's own tests: spacing, keep-out, density, the grid check against a plain one,
//! degenerate inputs and huge areas.

use super::*;
use crate::Seed;
use crate::rng::{Subsystem, stream};

fn too_close(points: &[Point], r: f32) -> bool {
    points.iter().enumerate().any(|(i, a)| points[i + 1..].iter().any(|b| a.distance_squared(*b) < r * r))
}

#[test]
fn rejection_respects_spacing_and_keep_out() {
    let area = Area::new(0.0, 0.0, 500.0, 500.0);
    let keep_out = Some(KeepOut { centre: Point { x: 250.0, y: 250.0 }, radius: 100.0 });
    let rules = Rules { min_spacing: 40.0, keep_out, max_points: 200 };
    for seed in 0..50 {
        let s = scatter(
            area,
            &rules,
            Sampler::Rejection { max_attempts: 30 },
            &mut stream(Seed(seed), Subsystem::ArenaScatter, 0),
        );
        assert!(!too_close(&s.points, 40.0));
        assert!(s.points.iter().all(|p| area.contains(*p) && p.distance_squared(Point { x: 250.0, y: 250.0 }) >= 1e4));
        assert!(s.attempts <= 200 * 30);
        assert!(s.points.len() > 60 && s.points.len() < 200, "{}", s.points.len());
    }
}

#[test]
fn bridson_fills_densely_and_stops() {
    let area = Area::new(-50.0, 10.0, 350.0, 210.0);
    let rules = Rules { min_spacing: 12.0, keep_out: None, max_points: usize::MAX };
    let s = scatter(
        area,
        &rules,
        Sampler::Bridson { attempts_per_point: 30 },
        &mut stream(Seed(1), Subsystem::ArenaDecor, 0),
    );
    assert!(!too_close(&s.points, 12.0));
    // A maximal fill holds roughly one point per 1.5 r² … 2 r² of area.
    let n = s.points.len() as f32;
    assert!(n > 400.0 * 200.0 / (2.2 * 144.0) && n < 400.0 * 200.0 / (0.8 * 144.0), "{n}");
    assert!(s.attempts <= (2 * s.points.len() as u64 + 1) * 30);
    assert!(s.points.iter().all(|p| area.contains(*p)));
}

#[test]
fn the_grid_check_agrees_with_checking_every_point() {
    // Dense fills, then candidates everywhere (edges, corners, just outside a point's circle):
    // the cells the check skips never hold a point too close. Spacings include ones whose
    // cells had to grow (two points a cell) and coordinates far from the origin.
    let cases = [
        (Area::new(0.0, 0.0, 1200.0, 680.0), 24.0),
        (Area::new(-50.0, 10.0, 350.0, 210.0), 12.0),
        (Area::new(1e5, -3e5, 1e5 + 900.0, -3e5 + 400.0), 30.0),
        (Area::new(0.0, 0.0, 1e7, 1e7), 0.5),
    ];
    for (i, (area, r)) in cases.into_iter().enumerate() {
        let rules = Rules { min_spacing: r, keep_out: None, max_points: 4000 };
        let mut rng = stream(Seed(i as u64), Subsystem::ArenaDecor, 0);
        let fill = scatter(area, &rules, Sampler::Bridson { attempts_per_point: 20 }, &mut rng);
        let mut grid = Grid::new(area, r);
        for &p in &fill.points {
            grid.insert(p);
        }
        let mut checked = 0;
        let mut near = |p: Point| {
            if area.contains(p) {
                checked += 1;
                let clear = fill.points.iter().all(|q| q.distance_squared(p) >= r * r);
                assert_eq!(grid.is_clear(p), clear, "case {i}: {p:?}");
            }
        };
        for _ in 0..3000 {
            near(uniform(area, &mut rng));
        }
        // On and just inside the circles of placed points, where rounding decides.
        for q in fill.points.iter().take(300) {
            for (dx, dy) in [
                (r, 0.0),
                (-r, 0.0),
                (0.0, r),
                (0.0, -r),
                (std::f32::consts::FRAC_1_SQRT_2 * r, std::f32::consts::FRAC_1_SQRT_2 * r),
            ] {
                for shrink in [1.0, 0.9999, 0.999] {
                    near(Point { x: q.x + dx * shrink, y: q.y + dy * shrink });
                }
            }
        }
        assert!(checked > 3000, "case {i}: {checked}");
    }
}

#[test]
fn degenerate_inputs_return_at_once() {
    let mut rng = stream(Seed(2), Subsystem::ArenaScatter, 0);
    let rules = Rules { min_spacing: 10.0, keep_out: None, max_points: 1000 };
    let empty = Area::new(10.0, 0.0, 5.0, 100.0);
    assert_eq!(scatter(empty, &rules, Sampler::Rejection { max_attempts: 40 }, &mut rng), Scatter::default());
    let nan = Area::new(0.0, 0.0, f32::NAN, 100.0);
    assert_eq!(scatter(nan, &rules, Sampler::Bridson { attempts_per_point: 30 }, &mut rng), Scatter::default());
    // Spacing 0: rejection places every item at its first attempt; Bridson places nothing.
    let area = Area::new(0.0, 0.0, 10.0, 10.0);
    let unspaced = Rules { min_spacing: 0.0, ..rules };
    let s = scatter(area, &unspaced, Sampler::Rejection { max_attempts: 40 }, &mut rng);
    assert_eq!((s.points.len(), s.attempts), (1000, 1000));
    assert!(scatter(area, &unspaced, Sampler::Bridson { attempts_per_point: 30 }, &mut rng).points.is_empty());
    // A point-sized area holds one point.
    let dot = Area::new(3.0, 3.0, 3.0, 3.0);
    let s = scatter(dot, &rules, Sampler::Rejection { max_attempts: 5 }, &mut rng);
    assert_eq!((s.points, s.attempts), (vec![Point { x: 3.0, y: 3.0 }], 1 + 999 * 5));
}

#[test]
fn a_tiny_spacing_on_a_huge_area_keeps_the_grid_small() {
    let area = Area::new(0.0, 0.0, 1e7, 1e7);
    let grid = Grid::new(area, 0.5);
    assert!(grid.first_x.len() as f32 <= MAX_GRID_CELLS && grid.reach >= 1);
    let rules = Rules { min_spacing: 0.5, keep_out: None, max_points: 3000 };
    let s = scatter(
        area,
        &rules,
        Sampler::Bridson { attempts_per_point: 5 },
        &mut stream(Seed(4), Subsystem::ArenaDecor, 0),
    );
    assert_eq!(s.points.len(), 3000);
    assert!(!too_close(&s.points, 0.5));
}
