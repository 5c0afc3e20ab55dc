-- The migrator's own record: one row per applied (or, on dialects without transactional DDL,
-- partly applied) migration.
CREATE TABLE SCHEMA_VERSION (
  VERSION               INTEGER           NOT NULL,
  NAME                  TEXT              NOT NULL CHECK (length(NAME) <= 200),
  CHECKSUM              TEXT              NOT NULL CHECK (length(CHECKSUM) <= 64),
  STATEMENTS_DONE       INTEGER           NOT NULL,
  COMPLETE              INTEGER           NOT NULL,
  APPLIED_AT            INTEGER           NOT NULL,
  CONSTRAINT PK_SCHEMA_VERSION PRIMARY KEY (VERSION)
) STRICT;
