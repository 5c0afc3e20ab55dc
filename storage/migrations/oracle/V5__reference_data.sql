-- Reference data by class and key (architecture.md §7).
CREATE TABLE REF_MASTER (
  RTYPE                 VARCHAR2(16 CHAR) NOT NULL,
  RKEY                  VARCHAR2(200 CHAR)NOT NULL,
  ITEM                  CLOB              NOT NULL,
  SOURCE                VARCHAR2(32 CHAR) NOT NULL,
  REFRESHED_AT          NUMBER(19)        NOT NULL,
  BATCH_ID              VARCHAR2(64 CHAR),
  CONSTRAINT PK_REF_MASTER PRIMARY KEY (RTYPE, RKEY)
);
