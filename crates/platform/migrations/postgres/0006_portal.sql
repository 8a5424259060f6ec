-- The customer portal: accounts (email and argon2id hash), their subscriptions (a plan in force
-- and one requested of the operator), the keys they own (api_keys.account_id: the account is
-- then the quota subject of every one of its keys), sessions, one-time links (invitation,
-- verification, reset: stored as SHA-256 only), throttled attempts, and daily call counts.
CREATE TABLE accounts (
    id             TEXT PRIMARY KEY,
    email          TEXT NOT NULL UNIQUE,
    password_hash  TEXT NOT NULL,
    verified_at    BIGINT,
    created_at     BIGINT NOT NULL
);

CREATE TABLE account_plans (
    account_id      TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    api             TEXT NOT NULL,
    plan            TEXT,
    requested_plan  TEXT,
    requested_at    BIGINT,
    PRIMARY KEY (account_id, api)
);

ALTER TABLE api_keys ADD COLUMN account_id TEXT REFERENCES accounts(id);
CREATE INDEX api_keys_account ON api_keys (account_id);

CREATE TABLE portal_sessions (
    token_hash   TEXT PRIMARY KEY,
    account_id   TEXT,
    operator     BIGINT NOT NULL DEFAULT 0,
    csrf         TEXT NOT NULL,
    created_at   BIGINT NOT NULL,
    expires_at   BIGINT NOT NULL
);
CREATE INDEX portal_sessions_expiry ON portal_sessions (expires_at);

CREATE TABLE portal_links (
    token_hash   TEXT PRIMARY KEY,
    purpose      TEXT NOT NULL,
    email        TEXT NOT NULL,
    created_at   BIGINT NOT NULL,
    expires_at   BIGINT NOT NULL,
    used_at      BIGINT
);

CREATE TABLE portal_attempts (
    subject      TEXT NOT NULL,
    at           BIGINT NOT NULL
);
CREATE INDEX portal_attempts_subject ON portal_attempts (subject, at);

CREATE TABLE usage_daily (
    key_id   TEXT NOT NULL,
    api      TEXT NOT NULL,
    day      TEXT NOT NULL,
    used     BIGINT NOT NULL,
    PRIMARY KEY (key_id, api, day)
);
