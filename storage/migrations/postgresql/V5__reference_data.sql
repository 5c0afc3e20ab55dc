-- Reference data by class and key (architecture.md §7).
CREATE TABLE REF_MASTER (
  RTYPE                 VARCHAR(16)       NOT NULL,
  RKEY                  VARCHAR(200)      NOT NULL,
  ITEM                  TEXT              NOT NULL,
  SOURCE                VARCHAR(32)       NOT NULL,
  REFRESHED_AT          BIGINT            NOT NULL,
  BATCH_ID              VARCHAR(64),
  CONSTRAINT PK_REF_MASTER PRIMARY KEY (RTYPE, RKEY)
);
