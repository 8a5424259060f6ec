-- The same table as on PostgreSQL, so both schemas stay one. With SQLite the bytes of
-- generated files live in the data directory (`blobs/`) and this table stays empty.
CREATE TABLE blob_chunks (
    blob_id  TEXT NOT NULL REFERENCES blobs(id) ON DELETE CASCADE,
    seq      INTEGER NOT NULL,
    bytes    BLOB NOT NULL,
    PRIMARY KEY (blob_id, seq)
);
