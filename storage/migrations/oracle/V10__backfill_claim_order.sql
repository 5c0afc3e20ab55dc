-- Back-fill intents are read in CMINMSGS_ID order after the worker's cursor (docs/storage.md
-- "BackfillQueue", docs/performance.md). The index follows that read, and BACKFILL_NEXT_AT leaves it:
-- with (BACKFILL_STATE, BACKFILL_NEXT_AT) every claim walked the index entries that earlier claims,
-- postponements and finished back-fills had left behind (14-32 ms a claim at 1,000 messages/s).
DROP INDEX IX_PROC_STATE_BACKFILL;
CREATE INDEX IX_PROC_STATE_BACKFILL_DUE ON PROC_STATE (BACKFILL_STATE, CMINMSGS_ID);
