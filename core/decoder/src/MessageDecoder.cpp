#include "msgx/decoder/MessageDecoder.h"

#include "msgx/codec/Ascii.h"
#include "msgx/codec/FieldTextSupport.h"

#include <array>
#include <stdexcept>

namespace msgx::codec {

namespace {

DecodeResult malformed(std::string reason) {
    return DecodeResult::ofFailure({ErrorClass::Malformed, std::move(reason)});
}

bool isAsciiLetterOrDigit(char c) {
    return codec::isAsciiLetter(c) || codec::isAsciiDigit(c);
}

// The problem with the META child `name`, or "" when it occurs at most once.
std::string repetitionProblem(const Element& meta, std::string_view name) {
    const std::size_t count = meta.children(name).size();
    if (count > 1) {
        return "META has " + std::to_string(count) + " " + std::string(name) + " elements";
    }
    return {};
}

// TYPE and STYP name the handler: they must be there, non-empty, and letters and digits only (so a
// key such as "A-B-C" can never be read two ways, and no control character reaches a log line).
std::string routingFieldProblem(const Element& meta, std::string_view name) {
    const Element* field = meta.child(name);
    if (field == nullptr) {
        return "META has no " + std::string(name);
    }
    if (field->text().empty()) {
        return "META has an empty " + std::string(name);
    }
    for (char c : field->text()) {
        if (!isAsciiLetterOrDigit(c)) {
            return "META " + std::string(name) + " " + detail::quoteValue(field->text()) +
                   " has characters other than ASCII letters and digits";
        }
    }
    return {};
}

std::optional<std::string> optionalText(const Element& meta, std::string_view name) {
    const auto text = meta.childText(name);
    return text ? std::optional<std::string>(*text) : std::nullopt;
}

constexpr std::array<std::string_view, 5> kKnownMetaFields{"SNDR", "SEQN", "DTTM", "TYPE", "STYP"};

} // namespace

const Message& DecodeResult::message() const {
    if (!ok()) {
        throw std::logic_error("DecodeResult::message() called on a failed decode");
    }
    return std::get<Message>(outcome_);
}

Message DecodeResult::takeMessage() {
    if (!ok()) {
        throw std::logic_error("DecodeResult::takeMessage() called on a failed decode");
    }
    return std::move(std::get<Message>(outcome_));
}

const DecodeFailure& DecodeResult::failure() const {
    if (ok()) {
        throw std::logic_error("DecodeResult::failure() called on a successful decode");
    }
    return std::get<DecodeFailure>(outcome_);
}

DecodeResult decodeMessage(std::string_view xml, const XmlLimits& limits) {
    XmlReadResult document = readXmlDocument(xml, limits);
    if (!document.root) {
        return malformed(std::move(document.problem));
    }
    const Element& root = *document.root;
    if (root.name() != "MSG") {
        return malformed("root element is " + detail::shortened(root.name()) + ", expected MSG");
    }
    const std::size_t metaCount = root.children("META").size();
    if (metaCount == 0) {
        return malformed("MSG has no META");
    }
    if (metaCount > 1) {
        return malformed("MSG has " + std::to_string(metaCount) + " META elements");
    }
    const Element& metaElement = *root.child("META");
    for (std::string_view name : kKnownMetaFields) {
        if (std::string problem = repetitionProblem(metaElement, name); !problem.empty()) {
            return malformed(std::move(problem));
        }
    }
    for (std::string_view name : {std::string_view("TYPE"), std::string_view("STYP")}) {
        if (std::string problem = routingFieldProblem(metaElement, name); !problem.empty()) {
            return malformed(std::move(problem));
        }
    }
    Meta meta;
    meta.sender = optionalText(metaElement, "SNDR");
    meta.sequence = optionalText(metaElement, "SEQN");
    meta.createdAt = optionalText(metaElement, "DTTM");
    meta.type = metaElement.child("TYPE")->text();
    meta.subtype = metaElement.child("STYP")->text();
    return DecodeResult::ofMessage(Message(std::move(meta), std::move(*document.root), std::string(xml)));
}

} // namespace msgx::codec
