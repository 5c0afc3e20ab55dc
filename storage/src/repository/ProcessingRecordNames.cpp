#include "msgx/storage/OutboxEvent.h"
#include "msgx/storage/ProcessingRecord.h"

namespace msgx::storage {

std::string_view stateName(ProcessingState state) {
    switch (state) {
    case ProcessingState::Pending:
        return "PENDING";
    case ProcessingState::Failed:
        return "FAILED";
    case ProcessingState::Succeeded:
        return "SUCCEEDED";
    case ProcessingState::Skipped:
        return "SKIPPED";
    case ProcessingState::Dead:
        return "DEAD";
    }
    return "PENDING";
}

bool isTerminal(ProcessingState state) {
    return state == ProcessingState::Succeeded || state == ProcessingState::Skipped ||
           state == ProcessingState::Dead;
}

std::string_view backfillStateName(BackfillState state) {
    switch (state) {
    case BackfillState::None:
        return "NONE";
    case BackfillState::Due:
        return "DUE";
    case BackfillState::Done:
        return "DONE";
    }
    return "NONE";
}

std::string_view eventStateName(EventState state) {
    switch (state) {
    case EventState::Pending:
        return "PENDING";
    case EventState::Sent:
        return "SENT";
    case EventState::Dead:
        return "DEAD";
    }
    return "PENDING";
}

} // namespace msgx::storage
