-- The flight history (US-15, docs/operations.md "A season of operation"): flights whose best time
-- and last change are older than flights.history-after move here from FLIGHT/FLIGHT_DETAIL, a
-- master with its code-shares and turnaround partner as one group (GROUP_FLID: the group's lowest
-- FLID; ARCHIVED_AT: when), and move back together when a message changes one of them within
-- flights.revive-within. A FLID may have several rows: a flight created again after that horizon is
-- a new flight, and moves here again one day under a later ARCHIVED_AT.
CREATE TABLE FLIGHT_HST (
  FLID                  INTEGER           NOT NULL,
  ARCHIVED_AT           INTEGER           NOT NULL,
  GROUP_FLID            INTEGER           NOT NULL,
  FFID                  TEXT              CHECK (length(FFID) <= 64),
  ALCD                  TEXT              CHECK (length(ALCD) <= 3),
  FLNO                  TEXT              CHECK (length(FLNO) <= 12),
  MVIN                  TEXT              CHECK (length(MVIN) <= 1),
  SODT                  INTEGER,
  MAID                  INTEGER,
  LINK_FLID             INTEGER,
  DELETED               INTEGER           NOT NULL,
  STATE_VERSION         INTEGER           NOT NULL,
  ATTRIBUTES            TEXT              NOT NULL,
  CREATED_AT            INTEGER           NOT NULL,
  UPDATED_AT            INTEGER           NOT NULL,
  CONSTRAINT PK_FLIGHT_HST PRIMARY KEY (FLID, ARCHIVED_AT)
) STRICT;
CREATE INDEX IX_FLIGHT_HST_GROUP ON FLIGHT_HST (GROUP_FLID, ARCHIVED_AT);
CREATE INDEX IX_FLIGHT_HST_ARCHIVED ON FLIGHT_HST (ARCHIVED_AT);
CREATE INDEX IX_FLIGHT_HST_SODT ON FLIGHT_HST (SODT);

CREATE TABLE FLIGHT_DETAIL_HST (
  FLID                  INTEGER           NOT NULL,
  ARCHIVED_AT           INTEGER           NOT NULL,
  LIST_NAME             TEXT              NOT NULL CHECK (length(LIST_NAME) <= 32),
  SEQ                   INTEGER           NOT NULL,
  ITEM                  TEXT              NOT NULL,
  CONSTRAINT PK_FLIGHT_DETAIL_HST PRIMARY KEY (FLID, ARCHIVED_AT, LIST_NAME, SEQ)
) STRICT;
