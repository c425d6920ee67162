//! The log in the browser: messages go to the developer console, as Bevy's `LogPlugin` sends them
//! on the desktop.
//!
//! `LogPlugin` is left out of the web build: its run-time filter parser is dead weight for a filter
//! that never changes. This one is fixed at build time: info and up (the web build compiles nothing
//! below info in), and only errors from wgpu, as `LogPlugin`'s default filter has it.

use bevy::prelude::*;
use tracing::Level;
use tracing_subscriber::filter::Targets;
use tracing_subscriber::layer::SubscriberExt;
use tracing_wasm::{ConsoleConfig, WASMLayer, WASMLayerConfigBuilder};

/// Sends log messages (`tracing` events and the `log` records wgpu writes) to the browser console.
pub(crate) struct BrowserLogPlugin;

impl Plugin for BrowserLogPlugin {
    fn build(&self, _app: &mut App) {
        let filter =
            Targets::new().with_default(Level::INFO).with_target("wgpu", Level::ERROR).with_target("naga", Level::WARN);
        let console = WASMLayer::new(
            WASMLayerConfigBuilder::new()
                .set_report_logs_in_timings(false)
                .set_console_config(ConsoleConfig::ReportWithoutConsoleColor)
                .build(),
        );
        let subscriber = tracing_subscriber::registry().with(filter).with(console);
        // Both fail only if a logger is already installed (a second app on the page); that one stays.
        if tracing::subscriber::set_global_default(subscriber).is_ok() {
            let _ = tracing_log::LogTracer::init();
        }
    }
}
