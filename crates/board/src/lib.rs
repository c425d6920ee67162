//! The verified score board server: boards per (mode, seed code, rules) whose every entry is a
//! replay this server re-played with the game's own simulation. See docs/boards.md.

mod api;
pub mod limits;
pub mod metrics;
pub mod pages;
pub mod store;
pub mod submit;
pub mod verify;

use std::io::Write;
use std::net::SocketAddr;
use std::sync::Arc;

use axum::http::{HeaderValue, Method, header};
use tower_http::cors::{AllowOrigin, CorsLayer};

/// How a server is run (the `serve` command's flags).
#[derive(Clone, Debug)]
pub struct Config {
    pub db: String,
    pub listen: SocketAddr,
    pub workers: usize,
    pub queue: usize,
    pub steps_per_minute: u64,
    pub reads_per_minute: u64,
    pub allow_origins: Vec<String>,
    pub game_url: Option<String>,
    pub behind_proxy: bool,
    pub connections: u32,
    /// The game binary that re-plays runs, and the assets folder it reads (its default if none).
    pub game: verify::Game,
}

/// Opens the database, binds the address, prints `listening on http://ADDR` and serves until
/// Ctrl-C or SIGTERM.
pub fn run(config: Config) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("can't start the async runtime: {e}"))?;
    runtime.block_on(serve(config))
}

async fn serve(config: Config) -> Result<(), String> {
    let origins = config
        .allow_origins
        .iter()
        .map(|origin| HeaderValue::from_str(origin).map_err(|_| format!("--allow-origin {origin:?} is not an origin")))
        .collect::<Result<Vec<_>, _>>()?;
    // What a replay must match here, from the game itself: a server that can't ask doesn't start.
    let game = config.game.clone();
    let rules = tokio::task::spawn_blocking(move || game.rules()).await.map_err(|e| e.to_string())??;
    let store = store::Store::open(&config.db, config.connections).await?;
    let board = api::Board {
        rules,
        verifier: verify::Verifier::start(config.workers, config.queue, config.game.clone())?,
        store,
        steps: limits::Budget::per_minute(config.steps_per_minute),
        reads: limits::Budget::per_minute(config.reads_per_minute),
        metrics: metrics::Metrics::default(),
        game_url: config.game_url.clone(),
        behind_proxy: config.behind_proxy,
    };
    let cors = CorsLayer::new()
        .allow_origin(AllowOrigin::list(origins))
        .allow_methods([Method::GET, Method::POST])
        .allow_headers([header::CONTENT_TYPE]);
    let app = api::routes(Arc::new(board)).layer(cors);
    let listener = tokio::net::TcpListener::bind(config.listen)
        .await
        .map_err(|e| format!("can't listen on {}: {e}", config.listen))?;
    let address = listener.local_addr().map_err(|e| e.to_string())?;
    // The tests and scripts read this line to learn the port.
    println!("seedfeast-board: listening on http://{address} (database {})", config.db);
    axum::serve(listener, app.into_make_service_with_connect_info::<SocketAddr>())
        .with_graceful_shutdown(shutdown())
        .await
        .map_err(|e| format!("the server stopped: {e}"))
}

/// Writes one line to the server's log (its stderr), never failing: a log that can't be written
/// (a full disk, a file past its size limit, a closed pipe) must not take a request down with it.
/// `eprintln!` panics when the write fails, and a panic in a handler drops the client's
/// connection without an answer: the full-disk test's "Peer disconnected" under CI, whose log
/// file was past the cap the test sets on every file the server writes.
pub(crate) fn log(line: std::fmt::Arguments<'_>) {
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}

async fn shutdown() {
    let interrupt = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {}
        () = terminate => {}
    }
}
