-- Boards, their entries (one per player, their best run) and the replays already re-played.
-- Plain SQL that SQLite and PostgreSQL both read: TEXT and BIGINT only, no auto-increment.
CREATE TABLE boards (
    id TEXT PRIMARY KEY,                 -- mode/SEEDCODE/rules (the code carries the generator version)
    mode TEXT NOT NULL,
    seed TEXT NOT NULL,
    rules BIGINT NOT NULL,
    created_at BIGINT NOT NULL           -- Unix milliseconds
);

CREATE TABLE entries (
    board TEXT NOT NULL REFERENCES boards (id),
    player TEXT NOT NULL,                -- SHA-256 of the player's secret, in hex: never the secret
    name TEXT NOT NULL,
    score BIGINT NOT NULL,               -- as re-played by this server, never as claimed
    steps BIGINT NOT NULL,
    state TEXT NOT NULL,                 -- the final-state hash, 16 hex digits
    replay TEXT NOT NULL,
    at BIGINT NOT NULL,                  -- Unix milliseconds when the run was accepted
    PRIMARY KEY (board, player)
);

-- A board's ranking: best score first, then the earlier run.
CREATE INDEX entries_by_rank ON entries (board, score DESC, at ASC, player ASC);

CREATE TABLE verified (
    code TEXT PRIMARY KEY,               -- SHA-256 of the replay code, in hex
    score BIGINT NOT NULL,
    steps BIGINT NOT NULL,
    state TEXT NOT NULL
);
