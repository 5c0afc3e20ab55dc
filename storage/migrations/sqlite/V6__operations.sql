-- Single-writer lease (architecture.md §9) and the audit of operator actions.
CREATE TABLE WRITER_LEASE (
  LEASE_NAME            TEXT              NOT NULL CHECK (length(LEASE_NAME) <= 32),
  OWNER_ID              TEXT              CHECK (length(OWNER_ID) <= 128),
  ACQUIRED_AT           INTEGER,
  RENEWED_AT            INTEGER,
  EXPIRES_AT            INTEGER           NOT NULL,
  CONSTRAINT PK_WRITER_LEASE PRIMARY KEY (LEASE_NAME)
) STRICT;

CREATE TABLE OPS_AUDIT (
  AUDIT_ID              INTEGER PRIMARY KEY AUTOINCREMENT,
  OCCURRED_AT           INTEGER           NOT NULL,
  ACTOR                 TEXT              NOT NULL CHECK (length(ACTOR) <= 64),
  ACTION                TEXT              NOT NULL CHECK (length(ACTION) <= 64),
  DETAIL                TEXT
) STRICT;
CREATE INDEX IX_OPS_AUDIT_OCCURRED_AT ON OPS_AUDIT (OCCURRED_AT);
