#pragma once

#include "msgx/codec/Message.h"
#include "msgx/sdk/Decision.h"
#include "msgx/sdk/FlightView.h"
#include "msgx/sdk/HandlerContext.h"

namespace msgx::sdk {

// A message handler: a pure function of the context, the stored flights and one decoded message
// (architecture.md §5). It never touches a database, a file, the network or the clock; everything
// it wants to happen is in the Decision. One instance serves every key of its plugin and may be
// called from any thread, one message at a time; it keeps no state between messages.
//
// A handler reports unusable content through the Decision (skip / fail). An exception escaping
// decide() is a bug: the host turns it into FAILED(INFRA) with the exception's text.
class Handler {
public:
    virtual ~Handler() = default;
    [[nodiscard]] virtual Decision decide(const HandlerContext& context, const FlightView& flights,
                                          const codec::Message& message) const = 0;
};

} // namespace msgx::sdk
