#pragma once

// Column lists shared by the statements that read whole rows and by the archive copy, in the order
// the row structs read them. The *_HST tables have the same columns plus ARCHIVED_AT.
namespace msgx::storage {

inline constexpr const char* kProcStateColumns =
    "CMINMSGS_ID, RAW_XML, STATE, ERROR_CLASS, LAST_ERROR, NOTE, ATTEMPTS, NEXT_ATTEMPT_AT, IDENTITY_KEY, "
    "TYPE,"
    " STYP, MAILBOX_STATUS, RECEIVED_AT, ENQUEUED_AT, PROCESSING_STARTED_AT, UPDATED_AT, BACKFILL_STATE,"
    " BACKFILL_ATTEMPTS, BACKFILL_NEXT_AT, BACKFILL_STATUS_VALUE, BACKFILL_ERROR, PROCESSED_AT";

inline constexpr const char* kEventColumns = "EVENT_ID, TARGET, FLID, PAYLOAD, STATE, ATTEMPTS, "
                                             "NEXT_ATTEMPT_AT, LAST_ERROR, SOURCE_ID, CREATED_AT, SENT_AT";
// What a sender reads of a due event (event.next-due, DueEventRow in SqlEventOutbox.cpp).
inline constexpr const char* kDueEventColumns =
    "EVENT_ID, FLID, PAYLOAD, ATTEMPTS, NEXT_ATTEMPT_AT, SOURCE_ID, CREATED_AT";

inline constexpr const char* kReferenceColumns = "RTYPE, RKEY, ITEM, SOURCE, REFRESHED_AT, BATCH_ID";

} // namespace msgx::storage
