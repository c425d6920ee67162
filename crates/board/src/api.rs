//! The HTTP routes: the versioned JSON API, the board pages, health and metrics. Every refusal
//! is a status with `{"error": "…"}`.

use std::net::{IpAddr, SocketAddr};
use std::ops::ControlFlow;
use std::str::FromStr;
use std::sync::Arc;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{ConnectInfo, DefaultBodyLimit, Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use seedfeast_procgen::SeedCode;
use seedfeast_procgen::generate::ModeSpec;
use seedfeast_procgen::replay::Replay;
use serde::Deserialize;
use serde_json::json;

use crate::limits::Budget;
use crate::metrics::{Metrics, count};
use crate::pages::{BoardPage, board as board_html};
use crate::store::{BoardKey, Run, Store};
use crate::submit::{MAX_BODY_BYTES, Refusal, Submission, hex_digest, parse_submission};
use crate::verify::{Outcome, Rules, Verifier};

/// Everything a request may need.
pub struct Board {
    pub store: Store,
    pub verifier: Verifier,
    pub rules: Rules,
    pub steps: Budget,
    pub reads: Budget,
    pub metrics: Metrics,
    pub game_url: Option<String>,
    pub behind_proxy: bool,
}

type Shared = Arc<Board>;

pub fn routes(board: Shared) -> Router {
    Router::new()
        .route("/api/v1/runs", post(submit))
        .route("/api/v1/boards/{mode}/{seed}", get(entries))
        .route("/api/v1/boards/{mode}/{seed}/entries/{rank}/replay", get(replay))
        .route("/b/{mode}/{seed}", get(page))
        .route("/healthz", get(health))
        .route("/metrics", get(metrics))
        .fallback(|| async { refuse(Refusal::new(404, "no such endpoint (see docs/boards.md)")) })
        // One byte over the bound is enough to know a body is too long.
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .with_state(board)
}

fn refuse(refusal: Refusal) -> Response {
    let status = StatusCode::from_u16(refusal.status).unwrap_or(StatusCode::BAD_REQUEST);
    (status, Json(json!({ "error": refusal.error }))).into_response()
}

/// A refusal that asks to come back after `seconds`.
fn retry_after(status: u16, seconds: u64, error: String) -> Response {
    let mut response = refuse(Refusal::new(status, error));
    response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(seconds));
    response
}

fn now_ms() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64)
}

/// The client's address: the peer's, or behind a proxy the last X-Forwarded-For hop it added.
fn client(board: &Board, peer: SocketAddr, headers: &HeaderMap) -> IpAddr {
    if board.behind_proxy
        && let Some(hop) = headers
            .get("x-forwarded-for")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.rsplit(',').next())
            .and_then(|v| IpAddr::from_str(v.trim()).ok())
    {
        return hop;
    }
    peer.ip()
}

fn database_error(board: &Board, error: sqlx::Error) -> Response {
    count(&board.metrics.database_errors);
    crate::log(format_args!("database: {error}"));
    retry_after(503, 5, "the board's database can't answer now; try again in a moment".into())
}

/// `POST /api/v1/runs`: a run's replay, re-played (or known already) and, when it plays out as it
/// claims, recorded on its board.
async fn submit(
    State(board): State<Shared>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let submission = match read_body(body).and_then(|body| parse_submission(&body)) {
        Ok(submission) => submission,
        Err(refusal) => return refused(&board, refusal),
    };
    // Another mode, generator version or rules: refused before any work, with the reason.
    if let Err(error) = check_playable(&submission.replay, board.rules) {
        return refused(&board, Refusal::new(422, error));
    }
    let outcome = match outcome_of(&board, peer, &headers, &submission).await {
        ControlFlow::Continue(outcome) => outcome,
        ControlFlow::Break(response) => return response,
    };
    if let Err(refusal) = check_claim(&submission.replay, outcome) {
        return refused(&board, refusal);
    }
    record_run(&board, &submission, outcome).await
}

/// A refusal of a submission, counted as one.
fn refused(board: &Board, refusal: Refusal) -> Response {
    count(&board.metrics.refused);
    refuse(refusal)
}

/// The request's body, or why it can't be had (too long, or not read).
fn read_body(body: Result<Bytes, BytesRejection>) -> Result<Bytes, Refusal> {
    match body {
        Ok(body) => Ok(body),
        Err(rejection) if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE => {
            Err(Refusal::new(413, format!("the request is longer than {MAX_BODY_BYTES} bytes")))
        }
        Err(rejection) => Err(Refusal::new(400, format!("the body can't be read: {rejection}"))),
    }
}

/// What the submitted run plays out to: the board's record of this very replay if it has one,
/// else a fresh re-play. Breaks with the response that ends the request when neither can be had.
async fn outcome_of(
    board: &Board,
    peer: SocketAddr,
    headers: &HeaderMap,
    submission: &Submission,
) -> ControlFlow<Response, Outcome> {
    let digest = hex_digest(submission.code.as_bytes());
    let known = match board.store.verified(&digest).await {
        Ok(known) => known,
        Err(error) => return ControlFlow::Break(database_error(board, error)),
    };
    match known {
        Some(known) => {
            count(&board.metrics.replays_cached);
            ControlFlow::Continue(known)
        }
        None => replay_afresh(board, peer, headers, submission, &digest).await,
    }
}

/// Re-plays a run the board hasn't seen, paid for from the client's step budget, and remembers
/// what it came to under `digest`. Breaks with the response that ends the request on the way.
async fn replay_afresh(
    board: &Board,
    peer: SocketAddr,
    headers: &HeaderMap,
    submission: &Submission,
    digest: &str,
) -> ControlFlow<Response, Outcome> {
    // The steps it asks to have re-played, already bounded by the decoder to the mode's longest
    // run, are what an address's budget pays for.
    let steps = submission.replay.inputs.len();
    if let Err(wait) = board.steps.spend(client(board, peer, headers), steps as u64, Instant::now()) {
        count(&board.metrics.rate_limited);
        let error = format!("too many steps re-played for this address; try again in {} s", wait.as_secs());
        return ControlFlow::Break(retry_after(429, wait.as_secs(), error));
    }
    let Ok(answer) = board.verifier.submit(submission.code.clone(), steps) else {
        count(&board.metrics.busy);
        let error = "the server is re-playing as many runs as it can; try again soon".to_string();
        return ControlFlow::Break(retry_after(503, 10, error));
    };
    let outcome = match answer.await {
        Ok(Ok(outcome)) => outcome,
        Ok(Err(error)) => return ControlFlow::Break(refused(board, Refusal::new(422, error))),
        Err(_) => {
            return ControlFlow::Break(retry_after(503, 10, "the run's re-play was interrupted; try again".into()));
        }
    };
    count(&board.metrics.replays_simulated);
    board.metrics.steps_simulated.fetch_add(outcome.steps, std::sync::atomic::Ordering::Relaxed);
    if let Err(error) = board.store.remember(digest, outcome).await {
        return ControlFlow::Break(database_error(board, error));
    }
    ControlFlow::Continue(outcome)
}

/// Whether the replay's score and final state are the ones its inputs played out to, or which
/// one isn't.
fn check_claim(replay: &Replay, outcome: Outcome) -> Result<(), Refusal> {
    if (u64::from(replay.score), replay.state) != (outcome.score, outcome.state) {
        let problem = if u64::from(replay.score) == outcome.score {
            "the replay's final-state hash isn't the one its inputs play out to".to_string()
        } else {
            format!("the replay says it scored {} but its inputs play out to {}", replay.score, outcome.score)
        };
        return Err(Refusal::new(
            422,
            format!("{problem}: it was changed, or recorded by a build that plays differently"),
        ));
    }
    Ok(())
}

/// Records the verified run on its board, and answers with its rank there.
async fn record_run(board: &Board, submission: &Submission, outcome: Outcome) -> Response {
    let replay = &submission.replay;
    let key = BoardKey {
        mode: replay.mode.clone(),
        seed: SeedCode { seed: replay.seed, version: replay.version }.to_string(),
        rules: replay.rules,
    };
    let run = Run {
        board: &key,
        player: &submission.player,
        name: &submission.name,
        score: outcome.score,
        steps: outcome.steps,
        state: outcome.state,
        replay: &submission.code,
        at: now_ms(),
    };
    match board.store.record(&run).await {
        Ok(recorded) => {
            count(&board.metrics.accepted);
            let body = json!({
                "board": format!("{}/{}", key.mode, key.seed),
                "rank": recorded.rank,
                "score": outcome.score,
                "steps": outcome.steps,
                "best": recorded.best,
                "kept": recorded.kept,
            });
            (StatusCode::CREATED, Json(body)).into_response()
        }
        Err(error) => database_error(board, error),
    }
}

/// Whether this server's game can re-play `replay`, or why not (the game's own wording).
fn check_playable(replay: &Replay, rules: Rules) -> Result<(), String> {
    let Some(mode) = seedfeast_procgen::modes::by_key(&replay.mode) else {
        return Err(format!("the replay is of a mode called {:?}, which this server's game doesn't have", replay.mode));
    };
    if !mode.replays {
        return Err(format!("{} runs can't be replayed: share the level's code instead", mode.name));
    }
    if replay.version != rules.generator_version {
        return Err(format!(
            "the replay was played on generator version {} levels; this server's game makes version {} levels",
            replay.version, rules.generator_version
        ));
    }
    if replay.rules != rules.rules {
        return Err("the replay was played under other rules or tuning than this server's game, so it would not \
                    play out the same"
            .into());
    }
    Ok(())
}

/// The mode and seed code a board's address names, or why there is no such board.
fn board_key(board: &Board, mode: &str, seed: &str) -> Result<(BoardKey, &'static ModeSpec), Refusal> {
    let found = seedfeast_procgen::modes::by_key(mode).filter(|m| m.replays).ok_or_else(|| {
        Refusal::new(404, format!("no board for a mode called {:?}", mode.chars().take(40).collect::<String>()))
    })?;
    let code = SeedCode::from_str(seed).map_err(|e| Refusal::new(400, format!("bad seed code: {e}")))?;
    Ok((BoardKey { mode: found.key.to_string(), seed: code.to_string(), rules: board.rules.rules }, found))
}

/// Spends a read from the client's budget: `Some(429 answer)` when it has none left.
fn read_limited(board: &Board, peer: SocketAddr, headers: &HeaderMap) -> Option<Response> {
    count(&board.metrics.reads);
    let wait = board.reads.spend(client(board, peer, headers), 1, Instant::now()).err()?;
    count(&board.metrics.rate_limited);
    Some(retry_after(
        429,
        wait.as_secs(),
        format!("too many reads from this address; try again in {} s", wait.as_secs()),
    ))
}

#[derive(Deserialize)]
struct ListQuery {
    limit: Option<u64>,
    /// The rows around this rank (a player's, from their submission's answer).
    around: Option<u64>,
}

/// The most rows one read returns.
const MAX_LIMIT: u64 = 100;

async fn entries(
    State(board): State<Shared>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path((mode, seed)): Path<(String, String)>,
    query: Result<Query<ListQuery>, axum::extract::rejection::QueryRejection>,
) -> Response {
    if let Some(limited) = read_limited(&board, peer, &headers) {
        return limited;
    }
    let Ok(Query(query)) = query else {
        return refuse(Refusal::new(400, "limit and around are whole numbers"));
    };
    let limit = query.limit.unwrap_or(10);
    if !(1..=MAX_LIMIT).contains(&limit) {
        return refuse(Refusal::new(400, format!("limit is 1 to {MAX_LIMIT}")));
    }
    let (key, _) = match board_key(&board, &mode, &seed) {
        Ok(found) => found,
        Err(refusal) => return refuse(refusal),
    };
    let first = query.around.map_or(1, |rank| rank.saturating_sub(limit / 2).max(1));
    match board.store.entries(&key, first, limit).await {
        Ok(entries) => {
            Json(json!({ "board": format!("{}/{}", key.mode, key.seed), "entries": entries })).into_response()
        }
        Err(error) => database_error(&board, error),
    }
}

async fn replay(
    State(board): State<Shared>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path((mode, seed, rank)): Path<(String, String, u64)>,
) -> Response {
    if let Some(limited) = read_limited(&board, peer, &headers) {
        return limited;
    }
    let (key, _) = match board_key(&board, &mode, &seed) {
        Ok(found) => found,
        Err(refusal) => return refuse(refusal),
    };
    match board.store.replay_at(&key, rank).await {
        Ok(Some(code)) => Json(json!({ "replay": code })).into_response(),
        Ok(None) => refuse(Refusal::new(404, format!("the board has no rank {rank}"))),
        Err(error) => database_error(&board, error),
    }
}

async fn page(
    State(board): State<Shared>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path((mode, seed)): Path<(String, String)>,
) -> Response {
    if let Some(limited) = read_limited(&board, peer, &headers) {
        return limited;
    }
    let (key, found) = match board_key(&board, &mode, &seed) {
        Ok(found) => found,
        Err(refusal) => {
            let status = StatusCode::from_u16(refusal.status).unwrap_or(StatusCode::NOT_FOUND);
            let text = crate::pages::escape(&refusal.error);
            return (status, Html(format!("<!doctype html><title>No such board</title><p>{text}</p>"))).into_response();
        }
    };
    match board.store.entries(&key, 1, MAX_LIMIT).await {
        Ok(entries) => {
            let page = BoardPage {
                mode: &key.mode,
                mode_name: found.name,
                seed: &key.seed,
                game_url: board.game_url.as_deref(),
            };
            Html(board_html(&page, &entries)).into_response()
        }
        Err(error) => database_error(&board, error),
    }
}

async fn health(State(board): State<Shared>) -> Response {
    if board.store.ping().await {
        (StatusCode::OK, "ok\n").into_response()
    } else {
        (StatusCode::SERVICE_UNAVAILABLE, "the database doesn't answer\n").into_response()
    }
}

async fn metrics(State(board): State<Shared>) -> Response {
    let text = board.metrics.text(board.verifier.waiting(), board.verifier.capacity());
    ([(header::CONTENT_TYPE, "text/plain; version=0.0.4")], text).into_response()
}
