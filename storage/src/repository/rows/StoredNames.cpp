#include "repository/rows/StoredNames.h"

#include "msgx/codec/Ascii.h"

#include <algorithm>
#include <array>
#include <stdexcept>
#include <utility>

// The one table per enumeration between its values and the names stored in its column: the writers
// (stateName, ...), the readers (...FromColumn) and the operator's spelling (processingStateNamed)
// all go through these.
namespace msgx::storage {

namespace {

constexpr std::array<std::pair<ProcessingState, std::string_view>, 5> kProcessingStates{{
    {ProcessingState::Pending, "PENDING"},
    {ProcessingState::Failed, "FAILED"},
    {ProcessingState::Succeeded, "SUCCEEDED"},
    {ProcessingState::Skipped, "SKIPPED"},
    {ProcessingState::Dead, "DEAD"},
}};

constexpr std::array<std::pair<BackfillState, std::string_view>, 3> kBackfillStates{{
    {BackfillState::None, "NONE"},
    {BackfillState::Due, "DUE"},
    {BackfillState::Done, "DONE"},
}};

constexpr std::array<std::pair<EventState, std::string_view>, 3> kEventStates{{
    {EventState::Pending, "PENDING"},
    {EventState::Sent, "SENT"},
    {EventState::Dead, "DEAD"},
}};

template <class E, std::size_t N>
std::string_view nameIn(const std::array<std::pair<E, std::string_view>, N>& table, E value) {
    for (const auto& [entry, name] : table) {
        if (entry == value) {
            return name;
        }
    }
    return table.front().second;
}

template <class E, std::size_t N>
std::optional<E> valueIn(const std::array<std::pair<E, std::string_view>, N>& table, std::string_view name) {
    for (const auto& [entry, entryName] : table) {
        if (entryName == name) {
            return entry;
        }
    }
    return std::nullopt;
}

[[noreturn]] void unknown(const char* column, std::string_view value) {
    throw std::runtime_error(std::string("unknown value '") + std::string(value) + "' in " + column);
}

template <class E, std::size_t N>
E fromColumn(const std::array<std::pair<E, std::string_view>, N>& table, const char* column,
             std::string_view value) {
    const auto found = valueIn(table, value);
    if (!found) {
        unknown(column, value);
    }
    return *found;
}

} // namespace

std::string_view stateName(ProcessingState state) {
    return nameIn(kProcessingStates, state);
}

std::string_view backfillStateName(BackfillState state) {
    return nameIn(kBackfillStates, state);
}

std::string_view eventStateName(EventState state) {
    return nameIn(kEventStates, state);
}

std::optional<ProcessingState> processingStateNamed(std::string_view name) {
    return valueIn(kProcessingStates, codec::toAsciiUpper(name));
}

ProcessingState processingStateFromColumn(std::string_view value) {
    return fromColumn(kProcessingStates, "PROC_STATE.STATE", value);
}

BackfillState backfillStateFromColumn(std::string_view value) {
    return fromColumn(kBackfillStates, "PROC_STATE.BACKFILL_STATE", value);
}

EventState eventStateFromColumn(std::string_view value) {
    return fromColumn(kEventStates, "MSG_EVENT.STATE", value);
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
