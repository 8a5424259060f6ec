-- The bytes of generated files, in chunks of about 1 MiB, so that every replica on this
-- database serves every download (PostgreSQL keeps the bytes; there is no local directory).
CREATE TABLE blob_chunks (
    blob_id  TEXT NOT NULL REFERENCES blobs(id) ON DELETE CASCADE,
    seq      INTEGER NOT NULL,
    bytes    BYTEA NOT NULL,
    PRIMARY KEY (blob_id, seq)
);
