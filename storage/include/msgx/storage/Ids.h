#pragma once

#include <cstdint>

namespace msgx::storage {

using MailboxId = std::int64_t; // CMINMSGS_ID / COUTMSGS_ID
using FlightId = std::int64_t;  // FLID, MAID, LINK_FLID (AODB flight ids)
using EventId = std::int64_t;   // MSG_EVENT.EVENT_ID

} // namespace msgx::storage
