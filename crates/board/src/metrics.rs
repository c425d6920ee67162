//! Counters for `/metrics`, in Prometheus' text format. A handful of atomics written out by hand:
//! a metrics crate and its registry would be more code than the five lines each series takes.

use std::fmt::Write;
use std::sync::atomic::{AtomicU64, Ordering};

#[derive(Default)]
pub struct Metrics {
    pub accepted: AtomicU64,
    pub refused: AtomicU64,
    pub rate_limited: AtomicU64,
    pub busy: AtomicU64,
    pub replays_simulated: AtomicU64,
    pub replays_cached: AtomicU64,
    pub steps_simulated: AtomicU64,
    pub reads: AtomicU64,
    pub database_errors: AtomicU64,
}

/// Adds one.
pub fn count(counter: &AtomicU64) {
    counter.fetch_add(1, Ordering::Relaxed);
}

impl Metrics {
    /// The text Prometheus scrapes; `queued` is the verification queue's depth now.
    pub fn text(&self, queued: usize, queue_capacity: usize) -> String {
        let mut out = String::new();
        let mut series = |name: &str, kind: &str, help: &str, labels: &[(&str, &AtomicU64)]| {
            let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} {kind}");
            for (label, value) in labels {
                let _ = writeln!(out, "{name}{label} {}", value.load(Ordering::Relaxed));
            }
        };
        series(
            "seedfeast_board_submissions_total",
            "counter",
            "Runs submitted, by what became of them.",
            &[
                ("{result=\"accepted\"}", &self.accepted),
                ("{result=\"refused\"}", &self.refused),
                ("{result=\"rate_limited\"}", &self.rate_limited),
                ("{result=\"busy\"}", &self.busy),
            ],
        );
        series(
            "seedfeast_board_replays_total",
            "counter",
            "Replays whose outcome was needed: re-simulated, or known from before.",
            &[("{how=\"simulated\"}", &self.replays_simulated), ("{how=\"cached\"}", &self.replays_cached)],
        );
        series(
            "seedfeast_board_steps_simulated_total",
            "counter",
            "Fixed steps re-simulated.",
            &[("", &self.steps_simulated)],
        );
        series("seedfeast_board_reads_total", "counter", "Board reads (API and pages).", &[("", &self.reads)]);
        series(
            "seedfeast_board_database_errors_total",
            "counter",
            "Queries that failed.",
            &[("", &self.database_errors)],
        );
        let _ = writeln!(
            out,
            "# HELP seedfeast_board_verify_queue Runs waiting or being re-played.\n# TYPE seedfeast_board_verify_queue gauge\n\
             seedfeast_board_verify_queue {queued}\nseedfeast_board_verify_queue_capacity {queue_capacity}"
        );
        out
    }
}
