-- Reference data by class and key (architecture.md §7).
CREATE TABLE REF_MASTER (
  RTYPE                 TEXT              NOT NULL CHECK (length(RTYPE) <= 16),
  RKEY                  TEXT              NOT NULL CHECK (length(RKEY) <= 200),
  ITEM                  TEXT              NOT NULL,
  SOURCE                TEXT              NOT NULL CHECK (length(SOURCE) <= 32),
  REFRESHED_AT          INTEGER           NOT NULL,
  BATCH_ID              TEXT              CHECK (length(BATCH_ID) <= 64),
  CONSTRAINT PK_REF_MASTER PRIMARY KEY (RTYPE, RKEY)
) STRICT;
