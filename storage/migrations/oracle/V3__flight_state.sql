-- The flight state as a generic document: typed key columns found by index, the attributes as a
-- JSON document, the detail lists as rows (architecture.md §3). A new handler needs no migration.
CREATE TABLE FLIGHT (
  FLID                  NUMBER(19)        NOT NULL,
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
  CONSTRAINT PK_FLIGHT PRIMARY KEY (FLID)
);
CREATE INDEX IX_FLIGHT_MAID ON FLIGHT (MAID);
CREATE INDEX IX_FLIGHT_LINK_FLID ON FLIGHT (LINK_FLID);
CREATE INDEX IX_FLIGHT_SODT ON FLIGHT (SODT);

CREATE TABLE FLIGHT_DETAIL (
  FLID                  NUMBER(19)        NOT NULL,
  LIST_NAME             VARCHAR2(32 CHAR) NOT NULL,
  SEQ                   NUMBER(10)        NOT NULL,
  ITEM                  CLOB              NOT NULL,
  CONSTRAINT PK_FLIGHT_DETAIL PRIMARY KEY (FLID, LIST_NAME, SEQ)
);
