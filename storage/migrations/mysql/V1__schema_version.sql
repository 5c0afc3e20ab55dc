-- The migrator's own record: one row per applied (or, on dialects without transactional DDL,
-- partly applied) migration.
CREATE TABLE SCHEMA_VERSION (
  VERSION               INTEGER           NOT NULL,
  NAME                  VARCHAR(200)      NOT NULL,
  CHECKSUM              VARCHAR(64)       NOT NULL,
  STATEMENTS_DONE       INTEGER           NOT NULL,
  COMPLETE              SMALLINT          NOT NULL,
  APPLIED_AT            BIGINT            NOT NULL,
  CONSTRAINT PK_SCHEMA_VERSION PRIMARY KEY (VERSION)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
