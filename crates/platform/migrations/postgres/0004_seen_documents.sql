-- Fingerprints of the documents a key has submitted to an API, so the API can tell a
-- resubmission of the same document (finance's fraud check): a hash of the bytes and a hash
-- of the fields read, the first time each was seen. Never the document itself.
CREATE TABLE seen_documents (
    key_id       TEXT NOT NULL,
    api          TEXT NOT NULL,
    fingerprint  TEXT NOT NULL,
    first_seen   BIGINT NOT NULL,
    times_seen   BIGINT NOT NULL,
    PRIMARY KEY (key_id, api, fingerprint)
);
