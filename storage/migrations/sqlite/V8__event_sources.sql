-- The events of one mailbox message, by SOURCE_ID (GET /ops/messages, EventOutbox::bySources; the
-- archive's check for events still online): without it every look-up scans the whole online outbox.
CREATE INDEX IX_MSG_EVENT_SOURCE ON MSG_EVENT (SOURCE_ID);
