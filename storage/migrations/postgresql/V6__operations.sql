-- Single-writer lease (architecture.md §9) and the audit of operator actions.
CREATE TABLE WRITER_LEASE (
  LEASE_NAME            VARCHAR(32)       NOT NULL,
  OWNER_ID              VARCHAR(128),
  ACQUIRED_AT           BIGINT,
  RENEWED_AT            BIGINT,
  EXPIRES_AT            BIGINT            NOT NULL,
  CONSTRAINT PK_WRITER_LEASE PRIMARY KEY (LEASE_NAME)
);

CREATE TABLE OPS_AUDIT (
  AUDIT_ID              BIGSERIAL         NOT NULL,
  OCCURRED_AT           BIGINT            NOT NULL,
  ACTOR                 VARCHAR(64)       NOT NULL,
  ACTION                VARCHAR(64)       NOT NULL,
  DETAIL                TEXT,
  CONSTRAINT PK_OPS_AUDIT PRIMARY KEY (AUDIT_ID)
);
CREATE INDEX IX_OPS_AUDIT_OCCURRED_AT ON OPS_AUDIT (OCCURRED_AT);
