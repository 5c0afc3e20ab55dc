-- The flight history (US-15, docs/operations.md "A season of operation"): flights whose best time
-- and last change are older than flights.history-after move here from FLIGHT/FLIGHT_DETAIL, a
-- master with its code-shares and turnaround partner as one group (GROUP_FLID: the group's lowest
-- FLID; ARCHIVED_AT: when), and move back together when a message changes one of them within
-- flights.revive-within. A FLID may have several rows: a flight created again after that horizon is
-- a new flight, and moves here again one day under a later ARCHIVED_AT.
CREATE TABLE FLIGHT_HST (
  FLID                  NUMBER(19)        NOT NULL,
  ARCHIVED_AT           NUMBER(19)        NOT NULL,
  GROUP_FLID            NUMBER(19)        NOT NULL,
  FFID                  VARCHAR2(64 CHAR),
  ALCD                  VARCHAR2(3 CHAR),
  FLNO                  VARCHAR2(12 CHAR),
  MVIN                  VARCHAR2(1 CHAR),
  SODT                  NUMBER(19),
  MAID                  NUMBER(19),
  LINK_FLID             NUMBER(19),
  DELETED               NUMBER(5)         NOT NULL,
  STATE_VERSION         NUMBER(19)        NOT NULL,
  ATTRIBUTES            CLOB              NOT NULL,
  CREATED_AT            NUMBER(19)        NOT NULL,
  UPDATED_AT            NUMBER(19)        NOT NULL,
  CONSTRAINT PK_FLIGHT_HST PRIMARY KEY (FLID, ARCHIVED_AT)
);
CREATE INDEX IX_FLIGHT_HST_GROUP ON FLIGHT_HST (GROUP_FLID, ARCHIVED_AT);
CREATE INDEX IX_FLIGHT_HST_ARCHIVED ON FLIGHT_HST (ARCHIVED_AT);
CREATE INDEX IX_FLIGHT_HST_SODT ON FLIGHT_HST (SODT);

CREATE TABLE FLIGHT_DETAIL_HST (
  FLID                  NUMBER(19)        NOT NULL,
  ARCHIVED_AT           NUMBER(19)        NOT NULL,
  LIST_NAME             VARCHAR2(32 CHAR) NOT NULL,
  SEQ                   NUMBER(10)        NOT NULL,
  ITEM                  CLOB              NOT NULL,
  CONSTRAINT PK_FLIGHT_DETAIL_HST PRIMARY KEY (FLID, ARCHIVED_AT, LIST_NAME, SEQ)
);
