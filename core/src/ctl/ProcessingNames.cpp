#include "ProcessingNames.h"

#include <algorithm>
#include <cctype>
#include <string>

namespace msgx::ctl {

std::optional<storage::ProcessingState> processingStateFromName(std::string_view name) {
    std::string upper(name);
    std::transform(upper.begin(), upper.end(), upper.begin(),
                   [](unsigned char c) { return std::toupper(c); });
    using storage::ProcessingState;
    for (const auto state : {ProcessingState::Pending, ProcessingState::Failed, ProcessingState::Succeeded,
                             ProcessingState::Skipped, ProcessingState::Dead}) {
        if (storage::stateName(state) == upper) {
            return state;
        }
    }
    return std::nullopt;
}

} // namespace msgx::ctl
