// The strict chunked-body reader (core/http/src/ChunkedBodyReader.h): a whole body with extensions
// and trailers, read in any split; broken framing and a body cut before its last chunk refused; a
// chunk over the limit refused by its announced size.
#include "ChunkedBodyReader.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>

using msgx::http::detail::ChunkedBodyError;
using msgx::http::detail::ChunkedBodyTooLarge;
using msgx::http::detail::readChunkedBody;

namespace {

// The bytes of `wire`, at most `step` per call, then the end of the connection.
std::string read(const std::string& wire, std::size_t step = 4096, std::uint64_t max = 1 << 20) {
    std::size_t at = 0;
    return readChunkedBody(
        [&](char* into, std::size_t size) {
            const std::size_t n = std::min({size, step, wire.size() - at});
            std::memcpy(into, wire.data() + at, n);
            at += n;
            return n;
        },
        max);
}

std::string chunkedRefusal(const std::string& wire) {
    try {
        (void)read(wire);
    } catch (const ChunkedBodyError& e) {
        return e.what();
    }
    return "accepted";
}

} // namespace

TEST(ChunkedBodyReader, AWholeBodyIsReadWhateverTheSplitWithExtensionsAndTrailers) {
    const std::string wire =
        "5;name=value\r\n<MSG>\r\nA\r\n0123456789\r\n6\r\n</MSG>\r\n0\r\nX-Trailer: yes\r\n\r\n";
    for (const std::size_t step : {1, 2, 7, 4096}) {
        EXPECT_EQ(read(wire, step), "<MSG>0123456789</MSG>") << step;
    }
    EXPECT_EQ(read("0\r\n\r\n"), "");
    EXPECT_EQ(read("3\n<a>\n0\n\n"), "<a>"); // bare LF line ends
}

TEST(ChunkedBodyReader, BrokenFramingAndACutBodyAreRefusedNeverTakenAsWhole) {
    EXPECT_EQ(chunkedRefusal("5\r\n<MSG>\r\nzz\r\n\r\n"), "a chunk-size line is not a hex number: \"zz\"");
    EXPECT_EQ(chunkedRefusal("5\r\n<MSG>"), "the connection ended before the last chunk of the body");
    EXPECT_EQ(chunkedRefusal("5\r\n<MSG>\r\n"), "the connection ended before the last chunk of the body");
    EXPECT_EQ(chunkedRefusal("5\r\n<MSG>\r\n0\r\n"),
              "the connection ended before the last chunk of the body");
    EXPECT_EQ(chunkedRefusal("5\r\n<MSG>xx\r\n0\r\n\r\n"), "the end of a chunk is longer than 1 bytes");
    EXPECT_EQ(chunkedRefusal("\r\n"), "a chunk-size line is not a hex number: \"\"");
    EXPECT_EQ(chunkedRefusal("1234567890abcdef\r\n"), "a chunk size has more than 15 hex digits");
    EXPECT_EQ(chunkedRefusal(std::string(2000, '1')), "a chunk-size line is longer than 1024 bytes");
}

TEST(ChunkedBodyReader, AChunkOverTheLimitIsRefusedByItsAnnouncedSize) {
    // Only the size line is sent: the refusal does not wait for the data.
    EXPECT_THROW((void)read("10001\r\n", 4096, 65536), ChunkedBodyTooLarge);
    EXPECT_THROW((void)read("8000\r\n" + std::string(0x8000, 'a') + "\r\n8001\r\n", 4096, 65536),
                 ChunkedBodyTooLarge);
    EXPECT_EQ(read("10000\r\n" + std::string(0x10000, 'a') + "\r\n0\r\n\r\n", 4096, 65536).size(), 65536u);
}
