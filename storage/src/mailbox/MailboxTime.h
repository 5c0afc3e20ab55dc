#pragma once

#include "msgx/codec/TimeZone.h"
#include "msgx/storage/Timestamp.h"

#include <optional>
#include <string>

namespace msgx::storage {

// The mailbox's DATETIME columns hold local wall-clock time of mailbox.time-zone, to the second,
// exchanged as text 'YYYY-MM-DD HH:MM:SS' (Dialect::datetimeAsText).

// The instant of such a text; nullopt for MySQL's zero date '0000-00-00 00:00:00'. Throws
// std::invalid_argument for text in any other format.
std::optional<Timestamp> mailboxTimeToInstant(const std::string& text, const codec::TimeZone& zone);

// The text for an instant (fraction of the second dropped).
std::string instantToMailboxTime(Timestamp instant, const codec::TimeZone& zone);

} // namespace msgx::storage
