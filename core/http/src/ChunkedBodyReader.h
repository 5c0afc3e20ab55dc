#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>

namespace msgx::http::detail {

// A chunked body that is not one: a chunk-size line that is no hex number, chunk data not followed
// by CRLF, a trailer too long, or the connection ending before the last chunk. Never a partial body.
class ChunkedBodyError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// More than the limit, announced by a chunk size or read.
class ChunkedBodyTooLarge : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Reads a chunked request body (RFC 9112 §7.1) strictly, from raw bytes.
//
// Why not Poco's HTTPChunkedInputStream: in Poco 1.11 a chunk-size line that is no number and a
// connection that ends before the last chunk both read as the normal end of the body, so a body cut
// short would be taken as whole (and a complete-looking XML document stored).
//
// `source(buffer, size)` gives the next raw bytes of the connection, 0 at its end. Chunk extensions
// (";name=value") and trailer fields are read and ignored. A chunk whose announced size would take
// the body over `maxBytes` is refused before its data is read.
std::string readChunkedBody(const std::function<std::size_t(char*, std::size_t)>& source,
                            std::uint64_t maxBytes);

} // namespace msgx::http::detail
