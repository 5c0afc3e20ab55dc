#include "repository/StoredNames.h"

#include <stdexcept>

namespace msgx::storage {

namespace {
[[noreturn]] void unknown(const char* column, std::string_view value) {
    throw std::runtime_error(std::string("unknown value '") + std::string(value) + "' in " + column);
}
} // namespace

ProcessingState processingStateFromColumn(std::string_view value) {
    for (const auto state : {ProcessingState::Pending, ProcessingState::Failed, ProcessingState::Succeeded,
                             ProcessingState::Skipped, ProcessingState::Dead}) {
        if (stateName(state) == value) {
            return state;
        }
    }
    unknown("PROC_STATE.STATE", value);
}

BackfillState backfillStateFromColumn(std::string_view value) {
    for (const auto state : {BackfillState::None, BackfillState::Due, BackfillState::Done}) {
        if (backfillStateName(state) == value) {
            return state;
        }
    }
    unknown("PROC_STATE.BACKFILL_STATE", value);
}

EventState eventStateFromColumn(std::string_view value) {
    for (const auto state : {EventState::Pending, EventState::Sent, EventState::Dead}) {
        if (eventStateName(state) == value) {
            return state;
        }
    }
    unknown("MSG_EVENT.STATE", value);
}

std::optional<ErrorClass> errorClassFromColumn(const std::optional<std::string>& value) {
    if (!value) {
        return std::nullopt;
    }
    const auto errorClass = errorClassFromName(*value);
    if (!errorClass) {
        unknown("PROC_STATE.ERROR_CLASS", *value);
    }
    return errorClass;
}

} // namespace msgx::storage
