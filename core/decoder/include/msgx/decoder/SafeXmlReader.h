#pragma once

#include "msgx/codec/Element.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace msgx::codec {

// Bounds on what one document may cost. The defaults are far above any real message (a full-day
// SCHD is a few MB, ~100 elements per flight, depth 6) and keep a hostile one to a few hundred MB of
// memory at most.
struct XmlLimits {
    std::size_t maxBytes = std::size_t{10} * 1024 * 1024; // 10 MB (issue 4)
    int maxDepth = 64;                                    // nesting levels, the root being level 1
    std::size_t maxElements = 500'000;                    // in the whole document
    std::size_t maxAttributes = 500'000;                  // in the whole document
};

// Why a document has no tree: it is not well-formed XML (or not UTF-8), it uses a construct that is
// refused (a DOCTYPE, an entity, an external resource), or it is over a limit of XmlLimits.
enum class XmlProblem { None, NotWellFormed, ForbiddenConstruct, OverLimit };

// The document tree, or why there is none (`problem` is set exactly when `root` is not).
struct XmlReadResult {
    std::optional<Element> root;
    std::string problem;
    XmlProblem kind = XmlProblem::None;
};

// Reads one XML document into an Element tree, refusing everything an upstream message never needs
// and an attacker would use:
//  - a DOCTYPE in any form (so no DTD, no internal or external entity, no billion laughs): refused
//    as soon as the parser meets it, before any declaration inside is processed;
//  - external general and parameter entities and any other external resource (never fetched);
//  - more than limits.maxBytes bytes (checked before parsing), deeper nesting than limits.maxDepth,
//    more elements or attributes than the limits.
// The bytes are read as UTF-8 whatever the XML declaration says (the mailbox column is utf8mb4, so the
// text is Unicode whatever encoding a stale declaration names); only UTF-16, which expat recognises
// by its byte-order mark or by a first '<' written in two bytes, is read as such. Invalid UTF-8, NUL
// bytes and characters XML forbids are not well-formed. Positions in problems are 1-based lines and
// columns (columns count characters). Comments and processing instructions are dropped.
XmlReadResult readXmlDocument(std::string_view xml, const XmlLimits& limits = {});

} // namespace msgx::codec
