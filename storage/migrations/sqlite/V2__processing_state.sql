-- One row per mailbox message (architecture.md §3, §4), its archive, and the inbox watermark.
CREATE TABLE PROC_STATE (
  CMINMSGS_ID           INTEGER           NOT NULL,
  RAW_XML               TEXT              NOT NULL,
  STATE                 TEXT              NOT NULL CHECK (length(STATE) <= 10),
  ERROR_CLASS           TEXT              CHECK (length(ERROR_CLASS) <= 16),
  LAST_ERROR            TEXT,
  NOTE                  TEXT,
  ATTEMPTS              INTEGER           NOT NULL,
  NEXT_ATTEMPT_AT       INTEGER,
  IDENTITY_KEY          TEXT              CHECK (length(IDENTITY_KEY) <= 200),
  TYPE                  TEXT              CHECK (length(TYPE) <= 32),
  STYP                  TEXT              CHECK (length(STYP) <= 32),
  MAILBOX_STATUS        TEXT              CHECK (length(MAILBOX_STATUS) <= 20),
  RECEIVED_AT           INTEGER,
  ENQUEUED_AT           INTEGER           NOT NULL,
  PROCESSING_STARTED_AT INTEGER,
  UPDATED_AT            INTEGER           NOT NULL,
  BACKFILL_STATE        TEXT              NOT NULL CHECK (length(BACKFILL_STATE) <= 8),
  BACKFILL_ATTEMPTS     INTEGER           NOT NULL,
  BACKFILL_NEXT_AT      INTEGER,
  BACKFILL_STATUS_VALUE TEXT              CHECK (length(BACKFILL_STATUS_VALUE) <= 20),
  BACKFILL_ERROR        TEXT,
  PROCESSED_AT          INTEGER,
  CONSTRAINT PK_PROC_STATE PRIMARY KEY (CMINMSGS_ID)
) STRICT;
CREATE UNIQUE INDEX UX_PROC_STATE_IDENTITY ON PROC_STATE (IDENTITY_KEY);
CREATE INDEX IX_PROC_STATE_STATE ON PROC_STATE (STATE, CMINMSGS_ID);
CREATE INDEX IX_PROC_STATE_BACKFILL ON PROC_STATE (BACKFILL_STATE, BACKFILL_NEXT_AT);

CREATE TABLE PROC_STATE_HST (
  CMINMSGS_ID           INTEGER           NOT NULL,
  RAW_XML               TEXT              NOT NULL,
  STATE                 TEXT              NOT NULL CHECK (length(STATE) <= 10),
  ERROR_CLASS           TEXT              CHECK (length(ERROR_CLASS) <= 16),
  LAST_ERROR            TEXT,
  NOTE                  TEXT,
  ATTEMPTS              INTEGER           NOT NULL,
  NEXT_ATTEMPT_AT       INTEGER,
  IDENTITY_KEY          TEXT              CHECK (length(IDENTITY_KEY) <= 200),
  TYPE                  TEXT              CHECK (length(TYPE) <= 32),
  STYP                  TEXT              CHECK (length(STYP) <= 32),
  MAILBOX_STATUS        TEXT              CHECK (length(MAILBOX_STATUS) <= 20),
  RECEIVED_AT           INTEGER,
  ENQUEUED_AT           INTEGER           NOT NULL,
  PROCESSING_STARTED_AT INTEGER,
  UPDATED_AT            INTEGER           NOT NULL,
  BACKFILL_STATE        TEXT              NOT NULL CHECK (length(BACKFILL_STATE) <= 8),
  BACKFILL_ATTEMPTS     INTEGER           NOT NULL,
  BACKFILL_NEXT_AT      INTEGER,
  BACKFILL_STATUS_VALUE TEXT              CHECK (length(BACKFILL_STATUS_VALUE) <= 20),
  BACKFILL_ERROR        TEXT,
  PROCESSED_AT          INTEGER,
  ARCHIVED_AT           INTEGER           NOT NULL,
  CONSTRAINT PK_PROC_STATE_HST PRIMARY KEY (CMINMSGS_ID)
) STRICT;
CREATE INDEX IX_PROC_STATE_HST_IDENTITY ON PROC_STATE_HST (IDENTITY_KEY);

CREATE TABLE INBOX_CURSOR (
  CURSOR_NAME           TEXT              NOT NULL CHECK (length(CURSOR_NAME) <= 32),
  WATERMARK             INTEGER           NOT NULL,
  RESCAN_FROM           INTEGER           NOT NULL,
  UPDATED_AT            INTEGER           NOT NULL,
  CONSTRAINT PK_INBOX_CURSOR PRIMARY KEY (CURSOR_NAME)
) STRICT;
