-- One row `/readyz` rewrites to learn whether the database can write (a full disk, a
-- read-only file system or a read-only replica fail it while reads still work). `pad` makes
-- the probe a transaction larger than any charge, so that space a failed write left behind
-- cannot make a full database look writable.
CREATE TABLE write_probe (
    id   INTEGER PRIMARY KEY,
    at   BIGINT NOT NULL,
    pad  BLOB
);
