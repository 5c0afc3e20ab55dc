-- Outbox of events per delivery target (architecture.md §6) and its archive. EVENT_ID grows with
-- insertion order; there is one writer (WRITER_LEASE), so it is also commit order.
CREATE TABLE MSG_EVENT (
  EVENT_ID              NUMBER(19)        NOT NULL,
  TARGET                VARCHAR2(32 CHAR) NOT NULL,
  FLID                  NUMBER(19),
  PAYLOAD               CLOB              NOT NULL,
  STATE                 VARCHAR2(8 CHAR)  NOT NULL,
  ATTEMPTS              NUMBER(10)        NOT NULL,
  NEXT_ATTEMPT_AT       NUMBER(19)        NOT NULL,
  LAST_ERROR            CLOB,
  SOURCE_ID             NUMBER(19),
  CREATED_AT            NUMBER(19)        NOT NULL,
  SENT_AT               NUMBER(19),
  CONSTRAINT PK_MSG_EVENT PRIMARY KEY (EVENT_ID)
);
CREATE SEQUENCE MSG_EVENT_SEQ START WITH 1 INCREMENT BY 1 CACHE 20 ORDER;
CREATE INDEX IX_MSG_EVENT_TARGET ON MSG_EVENT (TARGET, STATE, EVENT_ID);

CREATE TABLE MSG_EVENT_HST (
  EVENT_ID              NUMBER(19)        NOT NULL,
  TARGET                VARCHAR2(32 CHAR) NOT NULL,
  FLID                  NUMBER(19),
  PAYLOAD               CLOB              NOT NULL,
  STATE                 VARCHAR2(8 CHAR)  NOT NULL,
  ATTEMPTS              NUMBER(10)        NOT NULL,
  NEXT_ATTEMPT_AT       NUMBER(19)        NOT NULL,
  LAST_ERROR            CLOB,
  SOURCE_ID             NUMBER(19),
  CREATED_AT            NUMBER(19)        NOT NULL,
  SENT_AT               NUMBER(19),
  ARCHIVED_AT           NUMBER(19)        NOT NULL,
  CONSTRAINT PK_MSG_EVENT_HST PRIMARY KEY (EVENT_ID)
);
