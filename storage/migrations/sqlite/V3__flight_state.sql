-- The flight state as a generic document: typed key columns found by index, the attributes as a
-- JSON document, the detail lists as rows (architecture.md §3). A new handler needs no migration.
CREATE TABLE FLIGHT (
  FLID                  INTEGER           NOT NULL,
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
  CONSTRAINT PK_FLIGHT PRIMARY KEY (FLID)
) STRICT;
CREATE INDEX IX_FLIGHT_MAID ON FLIGHT (MAID);
CREATE INDEX IX_FLIGHT_LINK_FLID ON FLIGHT (LINK_FLID);
CREATE INDEX IX_FLIGHT_SODT ON FLIGHT (SODT);

CREATE TABLE FLIGHT_DETAIL (
  FLID                  INTEGER           NOT NULL,
  LIST_NAME             TEXT              NOT NULL CHECK (length(LIST_NAME) <= 32),
  SEQ                   INTEGER           NOT NULL,
  ITEM                  TEXT              NOT NULL,
  CONSTRAINT PK_FLIGHT_DETAIL PRIMARY KEY (FLID, LIST_NAME, SEQ)
) STRICT;
