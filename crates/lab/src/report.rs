//! A sweep's summary as text for people or as JSON whose field names are a stable interface:
//!
//! `{"generators": [{"mode", "seeds", "start", "levels", "violations",
//! "first_violations": [{"seed", "level", "rule", "detail", "command"}], "levels_per_s",
//! "seconds", "threads", "metrics": {"NAME": {"min", "median", "max", "mean"}, …}}]}`
//!
//! `seed` is the seed's code; `levels_per_s` and `seconds` are wall-clock figures (the only ones
//! that differ between two runs of the same sweep).

use std::fmt::Write as _;

use serde::Serialize;
use serde::ser::SerializeMap;

use crate::stats::Summary;
use crate::sweep::ModeReport;

/// A mode's figures, ready to print: the distributions summarised (which sorts their values).
#[derive(Debug, Serialize)]
pub struct ModeSummary {
    pub mode: &'static str,
    pub seeds: u64,
    pub start: u64,
    pub levels: u64,
    pub violations: u64,
    pub first_violations: Vec<FoundJson>,
    pub levels_per_s: f64,
    pub seconds: f64,
    pub threads: usize,
    pub metrics: MetricTable,
}

#[derive(Debug, Serialize)]
pub struct FoundJson {
    pub seed: String,
    pub level: usize,
    pub rule: String,
    pub detail: String,
    pub command: String,
}

/// Metric summaries in the order the levels report them; a JSON object keyed by name.
#[derive(Debug, Default)]
pub struct MetricTable(pub Vec<(&'static str, Summary)>);

impl Serialize for MetricTable {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (name, summary) in &self.0 {
            map.serialize_entry(name, summary)?;
        }
        map.end()
    }
}

impl MetricTable {
    pub fn get(&self, name: &str) -> Option<Summary> {
        self.0.iter().find(|(n, _)| *n == name).map(|(_, s)| *s)
    }
}

/// The whole sweep: `{"generators": […]}`.
#[derive(Debug, Serialize)]
pub struct SweepSummary {
    pub generators: Vec<ModeSummary>,
}

impl SweepSummary {
    pub fn violations(&self) -> u64 {
        self.generators.iter().map(|g| g.violations).sum()
    }
}

impl ModeSummary {
    pub fn of(mut report: ModeReport) -> ModeSummary {
        let levels_per_s = report.levels_per_second();
        let metrics =
            MetricTable(report.metrics.entries_mut().filter_map(|(name, d)| Some((name, d.summary()?))).collect());
        ModeSummary {
            mode: report.mode,
            seeds: report.seeds,
            start: report.start,
            levels: report.levels,
            violations: report.violations,
            first_violations: report
                .first
                .into_iter()
                .map(|f| FoundJson {
                    seed: f.seed.code().to_string(),
                    level: f.level,
                    rule: f.rule,
                    detail: f.detail,
                    command: f.command,
                })
                .collect(),
            levels_per_s,
            seconds: report.seconds,
            threads: report.threads,
            metrics,
        }
    }

    /// The text summary: a headline, one line per metric, and the first broken rules each with
    /// its reproduce command.
    pub fn text(&self) -> String {
        let mut out = String::new();
        let last = self.start + self.seeds.saturating_sub(1);
        let _ = writeln!(
            out,
            "{}: {} seeds ({}..={last}), {} levels, {} violations; {:.0} levels/s ({:.1} s on {} threads)",
            self.mode,
            self.seeds,
            self.start,
            self.levels,
            self.violations,
            self.levels_per_s,
            self.seconds,
            self.threads
        );
        let width = self.metrics.0.iter().map(|(n, _)| n.len()).max().unwrap_or(0);
        for (name, s) in &self.metrics.0 {
            let _ = writeln!(
                out,
                "  {name:<width$}  min {:>9}  median {:>9}  max {:>9}  mean {:>9}",
                figure(s.min),
                figure(s.median),
                figure(s.max),
                figure(s.mean)
            );
        }
        for found in &self.first_violations {
            let _ = writeln!(
                out,
                "  seed {} level {}: {}\n    reproduce: {}",
                found.seed, found.level, found.detail, found.command
            );
        }
        if self.violations > self.first_violations.len() as u64 {
            let _ = writeln!(out, "  … and {} more", self.violations - self.first_violations.len() as u64);
        }
        out
    }
}

/// A figure with about four significant digits, integers as integers.
fn figure(value: f64) -> String {
    if value.fract() == 0.0 && value.abs() < 1e12 {
        format!("{value:.0}")
    } else if value.abs() >= 100.0 {
        format!("{value:.1}")
    } else {
        format!("{value:.4}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_read_well() {
        assert_eq!(figure(12.0), "12");
        assert_eq!(figure(0.312_345), "0.3123");
        assert_eq!(figure(1234.56), "1234.6");
    }
}
