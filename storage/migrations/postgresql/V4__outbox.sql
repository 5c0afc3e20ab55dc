-- Outbox of events per delivery target (architecture.md §6) and its archive. EVENT_ID grows with
-- insertion order; there is one writer (WRITER_LEASE), so it is also commit order.
CREATE TABLE MSG_EVENT (
  EVENT_ID              BIGSERIAL         NOT NULL,
  TARGET                VARCHAR(32)       NOT NULL,
  FLID                  BIGINT,
  PAYLOAD               TEXT              NOT NULL,
  STATE                 VARCHAR(8)        NOT NULL,
  ATTEMPTS              INTEGER           NOT NULL,
  NEXT_ATTEMPT_AT       BIGINT            NOT NULL,
  LAST_ERROR            TEXT,
  SOURCE_ID             BIGINT,
  CREATED_AT            BIGINT            NOT NULL,
  SENT_AT               BIGINT,
  CONSTRAINT PK_MSG_EVENT PRIMARY KEY (EVENT_ID)
);
CREATE INDEX IX_MSG_EVENT_TARGET ON MSG_EVENT (TARGET, STATE, EVENT_ID);

CREATE TABLE MSG_EVENT_HST (
  EVENT_ID              BIGINT            NOT NULL,
  TARGET                VARCHAR(32)       NOT NULL,
  FLID                  BIGINT,
  PAYLOAD               TEXT              NOT NULL,
  STATE                 VARCHAR(8)        NOT NULL,
  ATTEMPTS              INTEGER           NOT NULL,
  NEXT_ATTEMPT_AT       BIGINT            NOT NULL,
  LAST_ERROR            TEXT,
  SOURCE_ID             BIGINT,
  CREATED_AT            BIGINT            NOT NULL,
  SENT_AT               BIGINT,
  ARCHIVED_AT           BIGINT            NOT NULL,
  CONSTRAINT PK_MSG_EVENT_HST PRIMARY KEY (EVENT_ID)
);
