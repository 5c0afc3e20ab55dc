-- Outbox of events per delivery target (architecture.md §6) and its archive. EVENT_ID grows with
-- insertion order; there is one writer (WRITER_LEASE), so it is also commit order.
CREATE TABLE MSG_EVENT (
  EVENT_ID              INTEGER PRIMARY KEY AUTOINCREMENT,
  TARGET                TEXT              NOT NULL CHECK (length(TARGET) <= 32),
  FLID                  INTEGER,
  PAYLOAD               TEXT              NOT NULL,
  STATE                 TEXT              NOT NULL CHECK (length(STATE) <= 8),
  ATTEMPTS              INTEGER           NOT NULL,
  NEXT_ATTEMPT_AT       INTEGER           NOT NULL,
  LAST_ERROR            TEXT,
  SOURCE_ID             INTEGER,
  CREATED_AT            INTEGER           NOT NULL,
  SENT_AT               INTEGER
) STRICT;
CREATE INDEX IX_MSG_EVENT_TARGET ON MSG_EVENT (TARGET, STATE, EVENT_ID);

CREATE TABLE MSG_EVENT_HST (
  EVENT_ID              INTEGER           NOT NULL,
  TARGET                TEXT              NOT NULL CHECK (length(TARGET) <= 32),
  FLID                  INTEGER,
  PAYLOAD               TEXT              NOT NULL,
  STATE                 TEXT              NOT NULL CHECK (length(STATE) <= 8),
  ATTEMPTS              INTEGER           NOT NULL,
  NEXT_ATTEMPT_AT       INTEGER           NOT NULL,
  LAST_ERROR            TEXT,
  SOURCE_ID             INTEGER,
  CREATED_AT            INTEGER           NOT NULL,
  SENT_AT               INTEGER,
  ARCHIVED_AT           INTEGER           NOT NULL,
  CONSTRAINT PK_MSG_EVENT_HST PRIMARY KEY (EVENT_ID)
) STRICT;
