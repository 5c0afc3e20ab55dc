#pragma once

#include <cstddef>

namespace msgx::storage {

// The sizes of the own-store columns a message value reaches (storage/migrations, every dialect:
// VARCHAR(n) / VARCHAR2(n)). The pipeline checks a value against them before it writes, so one
// message's content is that message's failure, never a refused commit repeated as a store outage.
// Counted in bytes: at most the database's character count for any encoding.
inline constexpr std::size_t kIdentityKeyMaxBytes = 200;  // PROC_STATE.IDENTITY_KEY
inline constexpr std::size_t kMessageTypeMaxBytes = 32;   // PROC_STATE.TYPE
inline constexpr std::size_t kMessageStypMaxBytes = 32;   // PROC_STATE.STYP
inline constexpr std::size_t kMailboxStatusMaxBytes = 20; // PROC_STATE.MAILBOX_STATUS (= CMINMSGS_STATUS)

} // namespace msgx::storage
