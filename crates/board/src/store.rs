//! The database behind the boards: SQLite in a file or PostgreSQL, through sqlx's `Any` driver,
//! with versioned migrations embedded in the binary. Every query binds its values.

use std::borrow::Cow;

use sqlx::any::{AnyPoolOptions, install_default_drivers};
use sqlx::migrate::{Migration, MigrationType, Migrator};
use sqlx::{AnyPool, Row};

/// The schema's versions, oldest first: a new version is a new file, never an edit of an old one.
const MIGRATIONS: &[(i64, &str, &str)] = &[(1, "boards", include_str!("../migrations/0001_boards.sql"))];

/// One row of a board, as the API and the pages show it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Entry {
    pub rank: u64,
    pub name: String,
    pub score: u64,
    pub steps: u64,
    /// Unix milliseconds when the run was accepted.
    pub at: i64,
    /// The run's replay code (served on its own endpoint, not in lists).
    #[serde(skip)]
    pub replay: String,
}

/// A re-played run to record: its figures are the server's, never the replay's claims.
#[derive(Clone, Debug)]
pub struct Run<'a> {
    pub board: &'a BoardKey,
    pub player: &'a str,
    pub name: &'a str,
    pub score: u64,
    pub steps: u64,
    pub state: u64,
    pub replay: &'a str,
    pub at: i64,
}

/// Which board: a mode, a seed code (with its generator version) and the rules it was played under.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardKey {
    pub mode: String,
    pub seed: String,
    pub rules: u32,
}

impl BoardKey {
    fn id(&self) -> String {
        format!("{}/{}/{:08x}", self.mode, self.seed, self.rules)
    }
}

/// What recording a run did: the player's rank now, and whether this run became their best.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Recorded {
    pub rank: u64,
    pub best: u64,
    pub kept: bool,
}

/// A replay already re-played: its outcome, kept so the same bytes never cost a second simulation.
pub use crate::verify::Outcome as Verified;

#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
}

/// `sqlite:PATH` opens (or creates) a file; `postgres://…` a server. Anything else is refused.
fn connect_url(url: &str) -> Result<String, String> {
    if let Some(path) = url.strip_prefix("sqlite:") {
        if path.is_empty() {
            return Err("--db sqlite: needs a file name (sqlite:seedfeast-board.db)".into());
        }
        // Create the file when it is missing (sqlx opens an existing file only, by default).
        return Ok(if url.contains('?') { url.to_string() } else { format!("{url}?mode=rwc") });
    }
    if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        return Ok(url.to_string());
    }
    Err(format!("--db {url:?}: give sqlite:PATH or a postgres:// URL"))
}

impl Store {
    /// Connects and brings the schema up to date.
    pub async fn open(url: &str, connections: u32) -> Result<Store, String> {
        install_default_drivers();
        let target = connect_url(url)?;
        let sqlite = target.starts_with("sqlite:");
        let pool = AnyPoolOptions::new()
            .max_connections(if sqlite { 1.max(connections.min(4)) } else { connections })
            .after_connect(move |conn, _| {
                Box::pin(async move {
                    if sqlite {
                        // WAL: readers never wait for the writer; FULL: an answered run is on disk
                        // before the 201; a busy file waits rather than failing at once.
                        sqlx::query("PRAGMA journal_mode = WAL").execute(&mut *conn).await?;
                        sqlx::query("PRAGMA synchronous = FULL").execute(&mut *conn).await?;
                        sqlx::query("PRAGMA busy_timeout = 5000").execute(&mut *conn).await?;
                        sqlx::query("PRAGMA foreign_keys = ON").execute(&mut *conn).await?;
                    }
                    Ok(())
                })
            })
            .connect(&target)
            .await
            .map_err(|e| format!("can't open the database {url}: {e}"))?;
        let migrator = Migrator {
            migrations: Cow::Owned(
                MIGRATIONS
                    .iter()
                    .map(|&(version, name, sql)| {
                        Migration::new(version, Cow::Borrowed(name), MigrationType::Simple, Cow::Borrowed(sql), false)
                    })
                    .collect(),
            ),
            ..Migrator::DEFAULT
        };
        migrator.run(&pool).await.map_err(|e| format!("can't bring the database {url} up to date: {e}"))?;
        Ok(Store { pool })
    }

    /// Records a re-played run: it becomes the player's entry when it beats their best (or is
    /// their first); the player's rank afterwards.
    pub async fn record(&self, run: &Run<'_>) -> Result<Recorded, sqlx::Error> {
        let id = run.board.id();
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "INSERT INTO boards (id, mode, seed, rules, created_at) VALUES ($1, $2, $3, $4, $5) \
             ON CONFLICT (id) DO NOTHING",
        )
        .bind(&id)
        .bind(&run.board.mode)
        .bind(&run.board.seed)
        .bind(i64::from(run.board.rules))
        .bind(run.at)
        .execute(&mut *tx)
        .await?;
        let changed = sqlx::query(
            "INSERT INTO entries (board, player, name, score, steps, state, replay, at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8) \
             ON CONFLICT (board, player) DO UPDATE SET name = excluded.name, score = excluded.score, \
             steps = excluded.steps, state = excluded.state, replay = excluded.replay, at = excluded.at \
             WHERE excluded.score > entries.score",
        )
        .bind(&id)
        .bind(run.player)
        .bind(run.name)
        .bind(run.score as i64)
        .bind(run.steps as i64)
        .bind(format!("{:016x}", run.state))
        .bind(run.replay)
        .bind(run.at)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        tx.commit().await?;
        let (rank, best) = self.rank_of(&id, run.player).await?;
        Ok(Recorded { rank, best, kept: changed > 0 })
    }

    /// A player's rank on a board and their best score there.
    async fn rank_of(&self, id: &str, player: &str) -> Result<(u64, u64), sqlx::Error> {
        let row = sqlx::query("SELECT score, at FROM entries WHERE board = $1 AND player = $2")
            .bind(id)
            .bind(player)
            .fetch_one(&self.pool)
            .await?;
        let (score, at): (i64, i64) = (row.try_get(0)?, row.try_get(1)?);
        let ahead: i64 = sqlx::query(
            "SELECT COUNT(*) FROM entries WHERE board = $1 AND \
             (score > $2 OR (score = $2 AND (at < $3 OR (at = $3 AND player < $4))))",
        )
        .bind(id)
        .bind(score)
        .bind(at)
        .bind(player)
        .fetch_one(&self.pool)
        .await?
        .try_get(0)?;
        Ok((ahead as u64 + 1, score as u64))
    }

    /// The board's entries from rank `first` (1-based), at most `limit` of them.
    pub async fn entries(&self, board: &BoardKey, first: u64, limit: u64) -> Result<Vec<Entry>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT name, score, steps, at, replay FROM entries WHERE board = $1 \
             ORDER BY score DESC, at ASC, player ASC LIMIT $2 OFFSET $3",
        )
        .bind(board.id())
        .bind(limit as i64)
        .bind(first.saturating_sub(1) as i64)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .enumerate()
            .map(|(i, row)| {
                Ok(Entry {
                    rank: first.max(1) + i as u64,
                    name: row.try_get(0)?,
                    score: row.try_get::<i64, _>(1)? as u64,
                    steps: row.try_get::<i64, _>(2)? as u64,
                    at: row.try_get(3)?,
                    replay: row.try_get(4)?,
                })
            })
            .collect()
    }

    /// The replay code of the entry at `rank`, if there is one.
    pub async fn replay_at(&self, board: &BoardKey, rank: u64) -> Result<Option<String>, sqlx::Error> {
        let row = sqlx::query(
            "SELECT replay FROM entries WHERE board = $1 ORDER BY score DESC, at ASC, player ASC LIMIT 1 OFFSET $2",
        )
        .bind(board.id())
        .bind(rank.saturating_sub(1) as i64)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|row| row.try_get(0)).transpose()
    }

    /// The outcome of a replay this server re-played before (by the code's digest).
    pub async fn verified(&self, digest: &str) -> Result<Option<Verified>, sqlx::Error> {
        let row = sqlx::query("SELECT score, steps, state FROM verified WHERE code = $1")
            .bind(digest)
            .fetch_optional(&self.pool)
            .await?;
        let Some(row) = row else { return Ok(None) };
        let (score, steps, state): (i64, i64, String) = (row.try_get(0)?, row.try_get(1)?, row.try_get(2)?);
        // A row this server didn't write (its hash isn't hex) is as good as none: re-play it.
        Ok(u64::from_str_radix(&state, 16).ok().map(|state| Verified {
            score: score as u64,
            steps: steps as u64,
            state,
        }))
    }

    /// Remembers a re-played outcome.
    pub async fn remember(&self, digest: &str, outcome: Verified) -> Result<(), sqlx::Error> {
        sqlx::query(
            "INSERT INTO verified (code, score, steps, state) VALUES ($1, $2, $3, $4) ON CONFLICT (code) DO NOTHING",
        )
        .bind(digest)
        .bind(outcome.score as i64)
        .bind(outcome.steps as i64)
        .bind(format!("{:016x}", outcome.state))
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Whether the database answers (for `/healthz`).
    pub async fn ping(&self) -> bool {
        sqlx::query("SELECT 1").fetch_one(&self.pool).await.is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::connect_url;

    #[test]
    fn database_urls_are_sqlite_files_or_postgres() {
        assert_eq!(connect_url("sqlite:b.db").unwrap(), "sqlite:b.db?mode=rwc");
        assert_eq!(connect_url("sqlite:b.db?mode=ro").unwrap(), "sqlite:b.db?mode=ro");
        assert!(connect_url("postgres://u@127.0.0.1/b").is_ok());
        assert!(connect_url("sqlite:").unwrap_err().contains("file name"));
        assert!(connect_url("mysql://x").unwrap_err().contains("sqlite:PATH"));
    }
}
