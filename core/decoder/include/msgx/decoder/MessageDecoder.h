#pragma once

#include "msgx/codec/ErrorClass.h"
#include "msgx/codec/Message.h"
#include "msgx/decoder/SafeXmlReader.h"

#include <string>
#include <string_view>
#include <variant>

namespace msgx::codec {

// Why a document is not a message: always ErrorClass::Malformed from the decoder, with a reason an
// operator can act on, e.g. "not well-formed XML at line 3 column 8: tag mismatch",
// "root element is PLST, expected MSG", "META has no TYPE".
struct DecodeFailure {
    ErrorClass errorClass = ErrorClass::Malformed;
    std::string reason;
};

// A decoded Message or the DecodeFailure.
class DecodeResult {
public:
    static DecodeResult ofMessage(Message message) { return DecodeResult(std::move(message)); }
    static DecodeResult ofFailure(DecodeFailure failure) { return DecodeResult(std::move(failure)); }

    [[nodiscard]] bool ok() const { return std::holds_alternative<Message>(outcome_); }
    // The message; std::logic_error when !ok().
    [[nodiscard]] const Message& message() const;
    // Moves the message out; std::logic_error when !ok().
    [[nodiscard]] Message takeMessage();
    // The failure; std::logic_error when ok().
    [[nodiscard]] const DecodeFailure& failure() const;

private:
    explicit DecodeResult(Message message) : outcome_(std::move(message)) {}
    explicit DecodeResult(DecodeFailure failure) : outcome_(std::move(failure)) {}

    std::variant<Message, DecodeFailure> outcome_;
};

// Decodes one upstream document (envelope.md §1-§2): readXmlDocument with `limits`, then the frame.
// Malformed when the XML is refused or not well-formed, the root is not MSG, MSG has no META or more
// than one, META has no TYPE or STYP, one of them is empty or contains anything but ASCII letters and
// digits, or META repeats one of SNDR, SEQN, DTTM, TYPE, STYP. META need not be MSG's first child;
// unknown META children are ignored. Never throws for any input (std::bad_alloc aside).
DecodeResult decodeMessage(std::string_view xml, const XmlLimits& limits = {});

} // namespace msgx::codec
