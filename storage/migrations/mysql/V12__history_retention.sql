-- History and its retention (docs/storage.md "History", docs/operations.md "A season of operation").
-- The archive moves terminal PROC_STATE rows by their mailbox receive time, or, without one, the
-- time the row was queued (US-11/1): IX_PROC_STATE_RECEIVED serves both halves of that condition
-- (RECEIVED_AT < ?, and RECEIVED_AT IS NULL AND ENQUEUED_AT < ?). Both columns are written once, at
-- intake, so the index costs nothing on the pump's updates.
CREATE INDEX IX_PROC_STATE_RECEIVED ON PROC_STATE (RECEIVED_AT, ENQUEUED_AT);
-- Archived DEAD messages stay repairable: `msgxctl messages --state DEAD` and the replay by class
-- read PROC_STATE_HST by state and class in id order.
CREATE INDEX IX_PROC_STATE_HST_STATE ON PROC_STATE_HST (STATE, ERROR_CLASS, CMINMSGS_ID);
-- history.retention: the purge takes the oldest archived rows first, and `msgxctl status` reads each
-- history table's oldest row from the same index.
CREATE INDEX IX_PROC_STATE_HST_ARCHIVED ON PROC_STATE_HST (ARCHIVED_AT);
CREATE INDEX IX_MSG_EVENT_HST_ARCHIVED ON MSG_EVENT_HST (ARCHIVED_AT);
-- The number of rows of each history table where the database keeps no estimate of its own (SQLite;
-- the servers' catalogs have one, and this table stays empty there). Written by the transactions that
-- add or remove history rows: the archive, the purge, the replay of an archived message.
CREATE TABLE HST_ROW_COUNT (
  TABLE_NAME            VARCHAR(30)       NOT NULL,
  KEPT_ROWS             BIGINT            NOT NULL,
  CONSTRAINT PK_HST_ROW_COUNT PRIMARY KEY (TABLE_NAME)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
