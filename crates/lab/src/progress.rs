//! How far a long run has got, on standard error: an indicatif bar with rate and ETA on a
//! terminal, or a plain line every few seconds when stderr is a file or a pipe (CI logs).

use std::io::IsTerminal;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};

/// Seconds between plain progress lines.
const LINE_EVERY: Duration = Duration::from_secs(10);

/// Progress of one run over `total` seeds; shared by the workers (`advance` takes `&self`).
pub enum Progress {
    Bar(ProgressBar),
    Lines { label: String, total: u64, done: AtomicU64, started: Instant, last: Mutex<Instant> },
    Quiet,
}

impl Progress {
    /// A bar on a terminal, plain lines elsewhere.
    pub fn start(label: &str, total: u64) -> Progress {
        if std::io::stderr().is_terminal() {
            let bar = ProgressBar::new(total);
            let template = format!("{label:>12} {{bar:32}} {{pos}}/{{len}} seeds {{per_sec}} ETA {{eta}}");
            if let Ok(style) = ProgressStyle::with_template(&template) {
                bar.set_style(style);
            }
            Progress::Bar(bar)
        } else {
            let now = Instant::now();
            Progress::Lines {
                label: label.to_string(),
                total,
                done: AtomicU64::new(0),
                started: now,
                last: Mutex::new(now),
            }
        }
    }

    /// `seeds` more seeds are done.
    pub fn advance(&self, seeds: u64) {
        match self {
            Progress::Bar(bar) => bar.inc(seeds),
            Progress::Lines { label, total, done, started, last } => {
                let done = done.fetch_add(seeds, Ordering::Relaxed) + seeds;
                let Ok(mut last) = last.try_lock() else { return };
                if last.elapsed() < LINE_EVERY || done >= *total {
                    return;
                }
                *last = Instant::now();
                let seconds = started.elapsed().as_secs_f64();
                let rate = done as f64 / seconds.max(1e-9);
                let eta = (*total - done) as f64 / rate.max(1e-9);
                eprintln!("{label}: {done}/{total} seeds, {rate:.0} seeds/s, about {eta:.0} s left");
            }
            Progress::Quiet => {}
        }
    }

    /// Clears the bar (plain lines need no closing).
    pub fn finish(&self) {
        if let Progress::Bar(bar) = self {
            bar.finish_and_clear();
        }
    }
}
