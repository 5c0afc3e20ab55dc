#include "msgx/pipeline/requests/RequestDocuments.h"

#include "msgx/codec/Ascii.h"
#include "msgx/codec/ReferenceTypes.h"

#include <cstdio>

namespace msgx::pipeline {
namespace {

std::string escaped(std::string_view text) {
    std::string out;
    for (const char c : text) {
        switch (c) {
        case '&':
            out += "&amp;";
            break;
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        default:
            out += c;
        }
    }
    return out;
}

std::string element(std::string_view name, std::string_view value) {
    return "<" + std::string(name) + ">" + escaped(value) + "</" + std::string(name) + ">";
}

std::string localStamp(std::chrono::local_seconds at) {
    const auto day = std::chrono::floor<std::chrono::days>(at);
    const std::chrono::year_month_day date{day};
    const std::chrono::hh_mm_ss time{at - day};
    char text[32];
    std::snprintf(text, sizeof text, "%04d%02u%02u%02d%02d%02d", static_cast<int>(date.year()),
                  static_cast<unsigned>(date.month()), static_cast<unsigned>(date.day()),
                  static_cast<int>(time.hours().count()), static_cast<int>(time.minutes().count()),
                  static_cast<int>(time.seconds().count()));
    return text;
}

} // namespace

// Every reference type can be requested (mailbox.md §4.2 lists the same 23 as reference.md §0).
std::span<const std::string_view> requestableReferenceTypes() {
    return codec::kReferenceTypes;
}

bool isRequestableReferenceType(std::string_view type) {
    return codec::isReferenceType(codec::toAsciiUpper(type));
}

std::optional<storage::RequestKind> requestKindAnswered(std::string_view type) {
    const std::string wanted = codec::toAsciiUpper(type);
    if (wanted == "SCHD") {
        return storage::RequestKind{"RQFD", "NONE"};
    }
    if (isRequestableReferenceType(wanted)) {
        return storage::RequestKind{"RQRD", wanted};
    }
    return std::nullopt;
}

std::string requestDocument(const RequestDocumentFields& fields) {
    char seqn[16];
    std::snprintf(seqn, sizeof seqn, "%06d", fields.seqn % 1000000);
    std::string xml = R"(<?xml version="1.0" encoding="UTF-8"?>)"
                      R"(<MSG xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" )"
                      R"(xsi:noNamespaceSchemaLocation="unisysaodbsis.xsd"><META>)";
    xml += element("SNDR", fields.sender) + element("SEQN", seqn) + element("DTTM", localStamp(fields.dttm)) +
           element("TYPE", fields.kind.type) + element("STYP", fields.kind.subtype) + "</META>";
    if (fields.kind.type == "RQFD") {
        xml += "<RQFD>";
        if (fields.windowFrom) {
            xml += element("STDB", *fields.windowFrom);
        }
        if (fields.windowTo) {
            xml += element("STDE", *fields.windowTo);
        }
        xml += "</RQFD>";
    } else {
        xml += "<" + fields.kind.type + ">" + element("RTYP", fields.kind.subtype) + "</" + fields.kind.type +
               ">";
    }
    return xml + "</MSG>";
}

} // namespace msgx::pipeline
