-- Requests to AODB through COUTMSGS (architecture.md §7, mailbox.md §4) and the SEQN counter.
-- OPEN_KIND is the KIND while the request is REGISTERED or SENT and NULL once it is closed: its
-- unique constraint keeps at most one open request per kind (NULLs do not collide).
CREATE TABLE REQ_TRACK (
  REQUEST_ID            INTEGER PRIMARY KEY AUTOINCREMENT,
  KIND                  TEXT              NOT NULL CHECK (length(KIND) <= 16),
  REQ_TYPE              TEXT              NOT NULL CHECK (length(REQ_TYPE) <= 8),
  REQ_STYP              TEXT              NOT NULL CHECK (length(REQ_STYP) <= 8),
  WINDOW_FROM           TEXT              CHECK (length(WINDOW_FROM) <= 16),
  WINDOW_TO             TEXT              CHECK (length(WINDOW_TO) <= 16),
  ORIGIN                TEXT              NOT NULL CHECK (length(ORIGIN) <= 64),
  STATE                 TEXT              NOT NULL CHECK (length(STATE) <= 16),
  OPEN_KIND             TEXT              CHECK (length(OPEN_KIND) <= 16),
  SEQN                  INTEGER,
  DTTM                  INTEGER,
  DOCUMENT              TEXT,
  ROUTING_ID            TEXT              CHECK (length(ROUTING_ID) <= 23),
  OUTBOX_ABOVE          INTEGER,
  OUTBOX_ID             INTEGER,
  REGISTERED_AT         INTEGER           NOT NULL,
  SENT_AT               INTEGER,
  EXPIRES_AT            INTEGER           NOT NULL,
  CLOSED_AT             INTEGER,
  OUTCOME               TEXT              CHECK (length(OUTCOME) <= 200),
  ANSWERED_BY           INTEGER,
  CONSTRAINT UQ_REQ_TRACK_OPEN_KIND UNIQUE (OPEN_KIND)
) STRICT;
CREATE INDEX IX_REQ_TRACK_KIND ON REQ_TRACK (KIND, REQUEST_ID);

CREATE TABLE REQ_COUNTER (
  COUNTER_NAME          TEXT              NOT NULL CHECK (length(COUNTER_NAME) <= 32),
  COUNTER_VALUE         INTEGER           NOT NULL,
  CONSTRAINT PK_REQ_COUNTER PRIMARY KEY (COUNTER_NAME)
) STRICT;
