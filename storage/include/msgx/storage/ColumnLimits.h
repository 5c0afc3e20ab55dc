#pragma once

#include <cstddef>

namespace msgx::storage {

// The sizes of the own-store columns a message value reaches (storage/migrations, every dialect:
// VARCHAR(n) / VARCHAR2(n)). The pipeline checks a value against them before it writes, so one
// message's content is that message's failure, never a refused commit repeated as a store outage.
// Counted in bytes: at most the database's character count for any encoding.
inline constexpr std::size_t kIdentityKeyMaxBytes = 200;    // PROC_STATE.IDENTITY_KEY
inline constexpr std::size_t kMessageTypeMaxBytes = 32;     // PROC_STATE.TYPE
inline constexpr std::size_t kMessageStypMaxBytes = 32;     // PROC_STATE.STYP
inline constexpr std::size_t kMailboxStatusMaxBytes = 20;   // PROC_STATE.MAILBOX_STATUS (= CMINMSGS_STATUS)
inline constexpr std::size_t kDetailListNameMaxBytes = 32;  // FLIGHT_DETAIL.LIST_NAME
inline constexpr std::size_t kReferenceTypeMaxBytes = 16;   // REF_MASTER.RTYPE
inline constexpr std::size_t kReferenceKeyMaxBytes = 200;   // REF_MASTER.RKEY
inline constexpr std::size_t kReferenceSourceMaxBytes = 32; // REF_MASTER.SOURCE
inline constexpr std::size_t kReferenceBatchMaxBytes = 64;  // REF_MASTER.BATCH_ID
// FLIGHT's key columns (FFID 64, ALCD 3, FLNO 12) are filled only with values that fit
// (FlightStoreMapping); the flight document keeps every value whole.

} // namespace msgx::storage
