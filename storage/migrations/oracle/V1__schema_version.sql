-- The migrator's own record: one row per applied (or, on dialects without transactional DDL,
-- partly applied) migration.
CREATE TABLE SCHEMA_VERSION (
  VERSION               NUMBER(10)        NOT NULL,
  NAME                  VARCHAR2(200 CHAR)NOT NULL,
  CHECKSUM              VARCHAR2(64 CHAR) NOT NULL,
  STATEMENTS_DONE       NUMBER(10)        NOT NULL,
  COMPLETE              NUMBER(5)         NOT NULL,
  APPLIED_AT            NUMBER(19)        NOT NULL,
  CONSTRAINT PK_SCHEMA_VERSION PRIMARY KEY (VERSION)
);
