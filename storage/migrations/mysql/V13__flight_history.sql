-- The flight history (US-15, docs/operations.md "A season of operation"): flights whose best time
-- and last change are older than flights.history-after move here from FLIGHT/FLIGHT_DETAIL, a
-- master with its code-shares and turnaround partner as one group (GROUP_FLID: the group's lowest
-- FLID; ARCHIVED_AT: when), and move back together when a message changes one of them within
-- flights.revive-within. A FLID may have several rows: a flight created again after that horizon is
-- a new flight, and moves here again one day under a later ARCHIVED_AT.
CREATE TABLE FLIGHT_HST (
  FLID                  BIGINT            NOT NULL,
  ARCHIVED_AT           BIGINT            NOT NULL,
  GROUP_FLID            BIGINT            NOT NULL,
  FFID                  VARCHAR(64),
  ALCD                  VARCHAR(3),
  FLNO                  VARCHAR(12),
  MVIN                  VARCHAR(1),
  SODT                  BIGINT,
  MAID                  BIGINT,
  LINK_FLID             BIGINT,
  DELETED               SMALLINT          NOT NULL,
  STATE_VERSION         BIGINT            NOT NULL,
  ATTRIBUTES            MEDIUMTEXT        NOT NULL,
  CREATED_AT            BIGINT            NOT NULL,
  UPDATED_AT            BIGINT            NOT NULL,
  CONSTRAINT PK_FLIGHT_HST PRIMARY KEY (FLID, ARCHIVED_AT)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
CREATE INDEX IX_FLIGHT_HST_GROUP ON FLIGHT_HST (GROUP_FLID, ARCHIVED_AT);
CREATE INDEX IX_FLIGHT_HST_ARCHIVED ON FLIGHT_HST (ARCHIVED_AT);
CREATE INDEX IX_FLIGHT_HST_SODT ON FLIGHT_HST (SODT);

CREATE TABLE FLIGHT_DETAIL_HST (
  FLID                  BIGINT            NOT NULL,
  ARCHIVED_AT           BIGINT            NOT NULL,
  LIST_NAME             VARCHAR(32)       NOT NULL,
  SEQ                   INTEGER           NOT NULL,
  ITEM                  MEDIUMTEXT        NOT NULL,
  CONSTRAINT PK_FLIGHT_DETAIL_HST PRIMARY KEY (FLID, ARCHIVED_AT, LIST_NAME, SEQ)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
