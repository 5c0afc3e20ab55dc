#pragma once

#include "msgx/codec/TimeZone.h"
#include "msgx/sdk/HandlerContext.h"
#include "msgx/sdk/ReferenceView.h"

#include <chrono>

namespace msgx::sdk::stubs {

// Reference data that holds nothing: the rules under test never look anything up.
class NoReferences final : public ReferenceView {
public:
    const ReferenceItem* find(std::string_view, std::string_view) const override { return nullptr; }
    std::size_t classSize(std::string_view) const override { return 0; }
    std::optional<StringList> airbridgesServing(std::string_view) const override { return std::nullopt; }
};

inline const codec::TimeZone kUtc = codec::TimeZone::utc();
inline const NoReferences kNoReferences;
// The epoch in UTC, with no reference data.
inline const HandlerContext kContext{std::chrono::sys_seconds{}, kUtc, kNoReferences};

} // namespace msgx::sdk::stubs
