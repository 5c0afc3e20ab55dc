-- The number of messages per (STATE, ERROR_CLASS), and per TARGET of events (KIND 'ALL') and of DEAD
-- events (KIND 'DEAD'), kept in the same transaction by every write that changes them
-- (docs/storage.md "State counts"):
-- the status reads a few rows instead of a GROUP BY over the whole online table, which grew with it
-- (docs/performance.md). ERROR_CLASS '-' stands for none (Oracle reads an empty text as NULL).
-- Filled here from the rows already stored; msgxd recounts when it becomes the writer.
CREATE TABLE PROC_STATE_COUNT (
  STATE                 TEXT              NOT NULL CHECK (length(STATE) <= 10),
  ERROR_CLASS           TEXT              NOT NULL CHECK (length(ERROR_CLASS) <= 16),
  MESSAGES              INTEGER           NOT NULL,
  CONSTRAINT PK_PROC_STATE_COUNT PRIMARY KEY (STATE, ERROR_CLASS)
) STRICT;
INSERT INTO PROC_STATE_COUNT (STATE, ERROR_CLASS, MESSAGES)
  SELECT STATE, COALESCE(ERROR_CLASS, '-'), COUNT(*) FROM PROC_STATE GROUP BY STATE, COALESCE(ERROR_CLASS, '-');

CREATE TABLE MSG_EVENT_COUNT (
  TARGET                TEXT              NOT NULL CHECK (length(TARGET) <= 32),
  KIND                  TEXT              NOT NULL CHECK (length(KIND) <= 4),
  EVENTS                INTEGER           NOT NULL,
  CONSTRAINT PK_MSG_EVENT_COUNT PRIMARY KEY (TARGET, KIND)
) STRICT;
INSERT INTO MSG_EVENT_COUNT (TARGET, KIND, EVENTS)
  SELECT TARGET, 'ALL', COUNT(*) FROM MSG_EVENT GROUP BY TARGET;
INSERT INTO MSG_EVENT_COUNT (TARGET, KIND, EVENTS)
  SELECT TARGET, 'DEAD', COUNT(*) FROM MSG_EVENT WHERE STATE = 'DEAD' GROUP BY TARGET;
