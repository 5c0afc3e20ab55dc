-- The flight state as a generic document: typed key columns found by index, the attributes as a
-- JSON document, the detail lists as rows (architecture.md §3). A new handler needs no migration.
CREATE TABLE FLIGHT (
  FLID                  BIGINT            NOT NULL,
  FFID                  VARCHAR(64),
  ALCD                  VARCHAR(3),
  FLNO                  VARCHAR(12),
  MVIN                  VARCHAR(1),
  SODT                  BIGINT,
  MAID                  BIGINT,
  LINK_FLID             BIGINT,
  DELETED               SMALLINT          NOT NULL,
  STATE_VERSION         BIGINT            NOT NULL,
  ATTRIBUTES            TEXT              NOT NULL,
  CREATED_AT            BIGINT            NOT NULL,
  UPDATED_AT            BIGINT            NOT NULL,
  CONSTRAINT PK_FLIGHT PRIMARY KEY (FLID)
);
CREATE INDEX IX_FLIGHT_MAID ON FLIGHT (MAID);
CREATE INDEX IX_FLIGHT_LINK_FLID ON FLIGHT (LINK_FLID);
CREATE INDEX IX_FLIGHT_SODT ON FLIGHT (SODT);

CREATE TABLE FLIGHT_DETAIL (
  FLID                  BIGINT            NOT NULL,
  LIST_NAME             VARCHAR(32)       NOT NULL,
  SEQ                   INTEGER           NOT NULL,
  ITEM                  TEXT              NOT NULL,
  CONSTRAINT PK_FLIGHT_DETAIL PRIMARY KEY (FLID, LIST_NAME, SEQ)
);
