-- Requests to AODB through COUTMSGS (architecture.md §7, mailbox.md §4) and the SEQN counter.
-- OPEN_KIND is the KIND while the request is REGISTERED or SENT and NULL once it is closed: its
-- unique constraint keeps at most one open request per kind (NULLs do not collide).
CREATE TABLE REQ_TRACK (
  REQUEST_ID            BIGINT            NOT NULL AUTO_INCREMENT,
  KIND                  VARCHAR(16)       NOT NULL,
  REQ_TYPE              VARCHAR(8)        NOT NULL,
  REQ_STYP              VARCHAR(8)        NOT NULL,
  WINDOW_FROM           VARCHAR(16),
  WINDOW_TO             VARCHAR(16),
  ORIGIN                VARCHAR(64)       NOT NULL,
  STATE                 VARCHAR(16)       NOT NULL,
  OPEN_KIND             VARCHAR(16),
  SEQN                  INTEGER,
  DTTM                  BIGINT,
  DOCUMENT              TEXT,
  ROUTING_ID            VARCHAR(23),
  OUTBOX_ABOVE          BIGINT,
  OUTBOX_ID             BIGINT,
  REGISTERED_AT         BIGINT            NOT NULL,
  SENT_AT               BIGINT,
  EXPIRES_AT            BIGINT            NOT NULL,
  CLOSED_AT             BIGINT,
  OUTCOME               VARCHAR(200),
  ANSWERED_BY           BIGINT,
  CONSTRAINT PK_REQ_TRACK PRIMARY KEY (REQUEST_ID),
  CONSTRAINT UQ_REQ_TRACK_OPEN_KIND UNIQUE (OPEN_KIND)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
CREATE INDEX IX_REQ_TRACK_KIND ON REQ_TRACK (KIND, REQUEST_ID);

CREATE TABLE REQ_COUNTER (
  COUNTER_NAME          VARCHAR(32)       NOT NULL,
  COUNTER_VALUE         BIGINT            NOT NULL,
  CONSTRAINT PK_REQ_COUNTER PRIMARY KEY (COUNTER_NAME)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
