// libFuzzer target: any byte string through decodeMessage, then every text and attribute value of a
// decoded message through every field parser. Crashes, leaks, undefined behaviour and broken
// contracts (checked below) are findings. Built and run by build-and-run.sh.

#include "msgx/codec/DateTimeFields.h"
#include "msgx/codec/DaysOfOperation.h"
#include "msgx/codec/NumberFields.h"
#include "msgx/codec/TextFields.h"
#include "msgx/decoder/MessageDecoder.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace {

using namespace msgx::codec;

#define MSGX_FUZZ_CHECK(condition)                                                                           \
    do {                                                                                                     \
        if (!(condition)) {                                                                                  \
            std::fprintf(stderr, "contract broken: %s (%s:%d)\n", #condition, __FILE__, __LINE__);           \
            std::abort();                                                                                    \
        }                                                                                                    \
    } while (false)

// A parser's result is one of its four states, and carries a reason exactly when Invalid.
template <class T>
void checkResult(const FieldResult<T>& result, FieldText text) {
    MSGX_FUZZ_CHECK(result.isInvalid() == !result.reason().empty());
    MSGX_FUZZ_CHECK(result.hasValue() == result.valueOrNull().has_value());
    MSGX_FUZZ_CHECK(result.isAbsent() == !text.has_value());
}

void parseEveryWay(FieldText text) {
    checkResult(parseMessageTimestamp(text), text);
    checkResult(parseFieldDateTime(text), text);
    checkResult(parseFieldDate(text), text);
    checkResult(parseTimeOfDay(text), text);
    checkResult(parseDuration(text), text);
    checkResult(parseDayChange(text), text);
    checkResult(parseDaysOfOperation(text), text);
    checkResult(parseByte(text), text);
    checkResult(parseShort(text), text);
    checkResult(parseInt(text), text);
    checkResult(parseLong(text), text);
    checkResult(parseDecimal(text), text);
    checkResult(parseDecimal(text, {8, 2}), text);
    checkResult(parseFlag(text), text);
    const FieldResult<std::string> unbounded = parseText(text, SIZE_MAX);
    checkResult(unbounded, text);
    MSGX_FUZZ_CHECK(!unbounded.isInvalid());
    checkResult(parseText(text, 4), text);
}

void visit(const Element& element, int depth) {
    MSGX_FUZZ_CHECK(depth <= XmlLimits{}.maxDepth);
    MSGX_FUZZ_CHECK(!element.name().empty());
    parseEveryWay(element.text());
    for (const XmlAttribute& attribute : element.attributes()) {
        MSGX_FUZZ_CHECK(element.attribute(attribute.name).has_value());
        parseEveryWay(attribute.value);
    }
    for (const Element& child : element.children()) {
        MSGX_FUZZ_CHECK(element.child(child.name()) != nullptr);
        visit(child, depth + 1);
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view xml(reinterpret_cast<const char*>(data), size);
    const DecodeResult result = decodeMessage(xml);
    if (!result.ok()) {
        MSGX_FUZZ_CHECK(result.failure().errorClass == msgx::ErrorClass::Malformed);
        MSGX_FUZZ_CHECK(!result.failure().reason.empty());
        return 0;
    }
    const Message& message = result.message();
    MSGX_FUZZ_CHECK(message.raw() == xml);
    MSGX_FUZZ_CHECK(message.root().name() == "MSG");
    MSGX_FUZZ_CHECK(!message.meta().type.empty() && !message.meta().subtype.empty());
    const std::string key = message.key();
    MSGX_FUZZ_CHECK(key.size() == message.meta().type.size() + 1 + message.meta().subtype.size());
    for (char c : key) {
        MSGX_FUZZ_CHECK((c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-');
    }
    visit(message.root(), 1);
    parseEveryWay(std::nullopt);
    return 0;
}
