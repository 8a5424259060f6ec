-- Sources a key keeps with an API until it deletes them (document templates): the record and
-- the API's own metadata (JSON text) here, the bytes in a blob of scope `<api>/kept` with the
-- same id (so every replica reads them). Listed per owner, newest first.
CREATE TABLE kept_items (
    id           TEXT PRIMARY KEY,
    key_id       TEXT NOT NULL,
    api          TEXT NOT NULL,
    name         TEXT NOT NULL,
    description  TEXT,
    kind         TEXT NOT NULL,
    meta         TEXT NOT NULL,
    size_bytes   BIGINT NOT NULL,
    created_at   BIGINT NOT NULL
);
CREATE INDEX kept_items_owner ON kept_items (key_id, api, created_at, id);
