#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <variant>

namespace msgx::sdk {

// Why a message's content cannot be applied (architecture.md §11):
//  Reject     - well-formed but unusable business content (an empty mandatory value, a code outside
//               its set): the message ends SKIPPED "rejected:<why>";
//  CodecError - a value that cannot be parsed as its type: the message ends FAILED(CODEC_ERROR);
//  Infra      - something the rule needs is not available yet (e.g. the stand-airbridge map is not
//               loaded): the message ends FAILED(INFRA) and is retried.
struct Problem {
    enum class Kind { Reject, CodecError, Infra };
    Kind kind = Kind::Reject;
    std::string why;

    static Problem reject(std::string why) { return {Kind::Reject, std::move(why)}; }
    static Problem codecError(std::string why) { return {Kind::CodecError, std::move(why)}; }
    static Problem infra(std::string why) { return {Kind::Infra, std::move(why)}; }
    // The same problem with `context` in front of its reason: "PSDT PSNO=2: " + why.
    [[nodiscard]] Problem within(const std::string& context) const { return {kind, context + why}; }
};

struct Decision; // Decision.h

// The Decision a message ends with when `problem` stops it (the kinds above): Reject -> skip
// "rejected:<why>", CodecError -> fail(CODEC_ERROR, <why>), Infra -> fail(INFRA, <why>).
Decision decisionFor(const Problem& problem);

// The problem that decides the outcome of several reads (architecture.md §11: unparseable before
// unusable): the first CodecError, else the first problem of any other kind. A reader that goes on
// after a problem, so that a later codec error still wins, keeps every problem here; one that may
// stop at the first codec error asks hasCodecError(). The one precedence rule of the SDK's readers
// (fields, detail lists, merge and stand groups, schedule and reference records).
class ProblemKeeper {
public:
    void keep(Problem problem) {
        if (!kept_ || (problem.kind == Problem::Kind::CodecError && !hasCodecError())) {
            kept_ = std::move(problem);
        }
    }
    // True once a codec error is kept: no later problem changes the outcome.
    [[nodiscard]] bool hasCodecError() const { return kept_ && kept_->kind == Problem::Kind::CodecError; }
    // The deciding problem; nullopt while every read was usable.
    [[nodiscard]] const std::optional<Problem>& kept() const { return kept_; }

private:
    std::optional<Problem> kept_;
};

// A value read from a message, or the Problem that stops it.
template <class T>
class Checked {
public:
    Checked(T value) : outcome_(std::move(value)) {}           // NOLINT(google-explicit-constructor)
    Checked(Problem problem) : outcome_(std::move(problem)) {} // NOLINT(google-explicit-constructor)

    [[nodiscard]] bool ok() const { return std::holds_alternative<T>(outcome_); }
    // The value; std::logic_error when !ok().
    [[nodiscard]] const T& value() const {
        if (!ok()) {
            throw std::logic_error("Checked::value() called on a problem: " + problem().why);
        }
        return std::get<T>(outcome_);
    }
    [[nodiscard]] T& value() {
        if (!ok()) {
            throw std::logic_error("Checked::value() called on a problem: " + problem().why);
        }
        return std::get<T>(outcome_);
    }
    // The problem; std::logic_error when ok().
    [[nodiscard]] const Problem& problem() const {
        if (ok()) {
            throw std::logic_error("Checked::problem() called on a value");
        }
        return std::get<Problem>(outcome_);
    }

private:
    std::variant<T, Problem> outcome_;
};

} // namespace msgx::sdk
