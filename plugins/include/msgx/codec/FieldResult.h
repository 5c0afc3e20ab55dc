#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

namespace msgx::codec {

// The text of one field as found in a message: std::nullopt when the element or attribute is absent,
// otherwise its character content (Element::childText and Element::attribute give exactly this).
using FieldText = std::optional<std::string_view>;

// The four things a field can be (architecture.md §11, flop.md §2.4):
//  Absent  - the element or attribute is not there: leave the stored value alone;
//  Empty   - <X/>, <X></X>, A="" or whitespace only: clear the value where it may be cleared;
//  Invalid - present, not empty, but not a value of its format: FAILED(CODEC_ERROR);
//  Value   - a parsed value.
enum class FieldState { Absent, Empty, Invalid, Value };

// The result of parsing one field. Invalid carries a reason that names the value and the expected
// format, e.g. "'31FEB24' is not a valid date ddMMMyy: FEB 2024 has no day 31".
template <class T>
class FieldResult {
public:
    static FieldResult absent() { return FieldResult(FieldState::Absent); }
    static FieldResult empty() { return FieldResult(FieldState::Empty); }
    static FieldResult invalid(std::string reason) {
        return FieldResult(FieldState::Invalid, std::move(reason));
    }
    static FieldResult of(T value) {
        FieldResult result(FieldState::Value);
        result.value_ = std::move(value);
        return result;
    }

    [[nodiscard]] FieldState state() const { return state_; }
    [[nodiscard]] bool isAbsent() const { return state_ == FieldState::Absent; }
    [[nodiscard]] bool isEmpty() const { return state_ == FieldState::Empty; }
    [[nodiscard]] bool isInvalid() const { return state_ == FieldState::Invalid; }
    [[nodiscard]] bool hasValue() const { return state_ == FieldState::Value; }

    // The parsed value; std::logic_error when the state is not Value.
    [[nodiscard]] const T& value() const {
        if (!value_) {
            throw std::logic_error("FieldResult::value() called on a field without a value");
        }
        return *value_;
    }
    // The value, or std::nullopt for Absent, Empty and Invalid.
    [[nodiscard]] const std::optional<T>& valueOrNull() const { return value_; }
    // Why the text is not a value of the format; empty unless Invalid.
    [[nodiscard]] const std::string& reason() const { return reason_; }

private:
    explicit FieldResult(FieldState state, std::string reason = {})
        : state_(state), reason_(std::move(reason)) {}

    FieldState state_;
    std::optional<T> value_;
    std::string reason_;
};

// "Absent", "Empty", "Invalid", "Value" (for test output and log lines).
std::string_view fieldStateName(FieldState state);

} // namespace msgx::codec
