-- The writer lease's fencing token and renewal counter (architecture.md §9, docs/storage.md "Writer
-- lease"): EPOCH grows by one at every take-over and every writer transaction checks it; RENEWALS
-- grows at every renewal, so a standby sees a lapse without comparing another host's timestamps.
ALTER TABLE WRITER_LEASE ADD COLUMN EPOCH BIGINT NOT NULL DEFAULT 0;
ALTER TABLE WRITER_LEASE ADD COLUMN RENEWALS BIGINT NOT NULL DEFAULT 0;
