#include "ChunkedBodyReader.h"

#include <array>

namespace msgx::http::detail {

namespace {

constexpr std::size_t kMaxLine = 1024;        // a chunk-size line with its extensions
constexpr std::size_t kMaxTrailer = 8 * 1024; // all trailer fields together
constexpr std::size_t kMaxSizeDigits = 15;    // below 2^60: no overflow

class ByteSource {
public:
    explicit ByteSource(const std::function<std::size_t(char*, std::size_t)>& source) : source_(source) {}

    // The next byte; ChunkedBodyError at the end of the connection.
    char next() {
        if (at_ == filled_) {
            filled_ = source_(buffer_.data(), buffer_.size());
            at_ = 0;
            if (filled_ == 0) {
                throw ChunkedBodyError("the connection ended before the last chunk of the body");
            }
        }
        return buffer_[at_++];
    }

    // A line without its CRLF (a bare LF also ends it).
    std::string line(std::size_t maxLength, const char* what) {
        std::string text;
        for (char c = next(); c != '\n'; c = next()) {
            if (text.size() >= maxLength) {
                throw ChunkedBodyError(std::string(what) + " is longer than " + std::to_string(maxLength) +
                                       " bytes");
            }
            text += c;
        }
        if (!text.empty() && text.back() == '\r') {
            text.pop_back();
        }
        return text;
    }

private:
    const std::function<std::size_t(char*, std::size_t)>& source_;
    std::array<char, 64 * 1024> buffer_{};
    std::size_t filled_ = 0;
    std::size_t at_ = 0;
};

int hexValue(char c) {
    if (c >= '0' && c <= '9') {
        return c - '0';
    }
    if (c >= 'a' && c <= 'f') {
        return c - 'a' + 10;
    }
    if (c >= 'A' && c <= 'F') {
        return c - 'A' + 10;
    }
    return -1;
}

std::uint64_t chunkSize(const std::string& line) {
    std::uint64_t size = 0;
    std::size_t digits = 0;
    std::size_t i = 0;
    for (; i < line.size() && hexValue(line[i]) >= 0; ++i) {
        if (++digits > kMaxSizeDigits) {
            throw ChunkedBodyError("a chunk size has more than 15 hex digits");
        }
        size = size * 16 + static_cast<std::uint64_t>(hexValue(line[i]));
    }
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) {
        ++i;
    }
    if (digits == 0 || (i < line.size() && line[i] != ';')) {
        throw ChunkedBodyError("a chunk-size line is not a hex number: \"" + line.substr(0, 40) + "\"");
    }
    return size;
}

} // namespace

std::string readChunkedBody(const std::function<std::size_t(char*, std::size_t)>& source,
                            std::uint64_t maxBytes) {
    ByteSource in(source);
    std::string body;
    for (;;) {
        const std::uint64_t size = chunkSize(in.line(kMaxLine, "a chunk-size line"));
        if (size == 0) {
            break;
        }
        if (body.size() + size > maxBytes) {
            throw ChunkedBodyTooLarge("the chunked body is more than the limit (a chunk of " +
                                      std::to_string(size) + " bytes after " + std::to_string(body.size()) +
                                      ")");
        }
        for (std::uint64_t i = 0; i < size; ++i) {
            body += in.next();
        }
        if (!in.line(1, "the end of a chunk").empty()) {
            throw ChunkedBodyError("chunk data is not followed by CRLF");
        }
    }
    std::size_t trailer = 0;
    for (std::string field = in.line(kMaxTrailer, "a trailer field"); !field.empty();
         field = in.line(kMaxTrailer, "a trailer field")) {
        trailer += field.size();
        if (trailer > kMaxTrailer) {
            throw ChunkedBodyError("the trailer fields are longer than 8192 bytes");
        }
    }
    return body;
}

} // namespace msgx::http::detail
