#include "msgx/codec/FieldResult.h"

namespace msgx::codec {

std::string_view fieldStateName(FieldState state) {
    switch (state) {
    case FieldState::Absent:
        return "Absent";
    case FieldState::Empty:
        return "Empty";
    case FieldState::Invalid:
        return "Invalid";
    case FieldState::Value:
        return "Value";
    }
    return "Unknown";
}

} // namespace msgx::codec
