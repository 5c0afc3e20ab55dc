-- Requests to AODB through COUTMSGS (architecture.md §7, mailbox.md §4) and the SEQN counter.
-- OPEN_KIND is the KIND while the request is REGISTERED or SENT and NULL once it is closed: its
-- unique constraint keeps at most one open request per kind (NULLs do not collide).
CREATE TABLE REQ_TRACK (
  REQUEST_ID            NUMBER(19)        NOT NULL,
  KIND                  VARCHAR2(16 CHAR)  NOT NULL,
  REQ_TYPE              VARCHAR2(8 CHAR)   NOT NULL,
  REQ_STYP              VARCHAR2(8 CHAR)   NOT NULL,
  WINDOW_FROM           VARCHAR2(16 CHAR),
  WINDOW_TO             VARCHAR2(16 CHAR),
  ORIGIN                VARCHAR2(64 CHAR)  NOT NULL,
  STATE                 VARCHAR2(16 CHAR)  NOT NULL,
  OPEN_KIND             VARCHAR2(16 CHAR),
  SEQN                  NUMBER(10),
  DTTM                  NUMBER(19),
  DOCUMENT              CLOB,
  ROUTING_ID            VARCHAR2(23 CHAR),
  OUTBOX_ABOVE          NUMBER(19),
  OUTBOX_ID             NUMBER(19),
  REGISTERED_AT         NUMBER(19)        NOT NULL,
  SENT_AT               NUMBER(19),
  EXPIRES_AT            NUMBER(19)        NOT NULL,
  CLOSED_AT             NUMBER(19),
  OUTCOME               VARCHAR2(200 CHAR),
  ANSWERED_BY           NUMBER(19),
  CONSTRAINT PK_REQ_TRACK PRIMARY KEY (REQUEST_ID),
  CONSTRAINT UQ_REQ_TRACK_OPEN_KIND UNIQUE (OPEN_KIND)
);
CREATE SEQUENCE REQ_TRACK_SEQ START WITH 1 INCREMENT BY 1 CACHE 20 ORDER;
CREATE INDEX IX_REQ_TRACK_KIND ON REQ_TRACK (KIND, REQUEST_ID);

CREATE TABLE REQ_COUNTER (
  COUNTER_NAME          VARCHAR2(32 CHAR)  NOT NULL,
  COUNTER_VALUE         NUMBER(19)        NOT NULL,
  CONSTRAINT PK_REQ_COUNTER PRIMARY KEY (COUNTER_NAME)
);
