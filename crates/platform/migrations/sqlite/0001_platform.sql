-- Keys, subscriptions, monthly usage and generated files (SQLite).
CREATE TABLE api_keys (
    id          TEXT PRIMARY KEY,
    name        TEXT NOT NULL,
    prefix      TEXT NOT NULL,
    hash        TEXT NOT NULL UNIQUE,
    created_at  BIGINT NOT NULL,
    revoked_at  BIGINT
);

CREATE TABLE subscriptions (
    key_id  TEXT NOT NULL REFERENCES api_keys(id) ON DELETE CASCADE,
    api     TEXT NOT NULL,
    plan    TEXT NOT NULL,
    PRIMARY KEY (key_id, api)
);

CREATE TABLE usage (
    key_id  TEXT NOT NULL,
    api     TEXT NOT NULL,
    period  TEXT NOT NULL,
    used    BIGINT NOT NULL,
    PRIMARY KEY (key_id, api, period)
);

CREATE TABLE blobs (
    id            TEXT PRIMARY KEY,
    key_id        TEXT NOT NULL,
    api           TEXT NOT NULL,
    content_type  TEXT NOT NULL,
    size_bytes    BIGINT NOT NULL,
    created_at    BIGINT NOT NULL,
    expires_at    BIGINT NOT NULL,
    purged        BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX blobs_expiry ON blobs (purged, expires_at);
