#include "msgx/pipeline/CompactJson.h"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace msgx::pipeline {
namespace {

void renderString(std::string& out, const std::string& text) {
    out += '"';
    for (const char c : text) {
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            if (static_cast<unsigned char>(c) < 0x20) {
                char escaped[8];
                std::snprintf(escaped, sizeof escaped, "\\u%04x",
                              static_cast<unsigned>(static_cast<unsigned char>(c)));
                out += escaped;
            } else {
                out += c;
            }
        }
    }
    out += '"';
}

void renderNumber(std::string& out, double value) {
    if (!std::isfinite(value)) {
        out += "null";
        return;
    }
    char buffer[64];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    std::string text(buffer, result.ptr);
    if (text.find_first_of(".eE") == std::string::npos) {
        text += ".0";
    }
    out += text;
}

void render(std::string& out, const plugin::JsonValue& value) {
    using Kind = plugin::JsonValue::Kind;
    switch (value.kind()) {
    case Kind::Null:
        out += "null";
        return;
    case Kind::Bool:
        out += value.asBool() ? "true" : "false";
        return;
    case Kind::Integer:
        out += std::to_string(value.asInteger());
        return;
    case Kind::Number:
        renderNumber(out, value.asNumber());
        return;
    case Kind::String:
        renderString(out, value.asString());
        return;
    case Kind::Array:
        out += '[';
        for (std::size_t i = 0; i < value.items().size(); ++i) {
            out += i == 0 ? "" : ",";
            render(out, value.items()[i]);
        }
        out += ']';
        return;
    case Kind::Object:
        out += '{';
        for (std::size_t i = 0; i < value.keys().size(); ++i) {
            out += i == 0 ? "" : ",";
            renderString(out, value.keys()[i]);
            out += ':';
            render(out, value.items()[i]);
        }
        out += '}';
        return;
    }
}

} // namespace

std::string renderCompactJson(const plugin::JsonValue& value) {
    std::string out;
    render(out, value);
    return out;
}

} // namespace msgx::pipeline
