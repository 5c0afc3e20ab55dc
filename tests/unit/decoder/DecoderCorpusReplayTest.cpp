// Replays the seed corpus of the decoder fuzz target (tests/fuzz/corpus/decoder): every file decodes
// to the classification its EXPECTED line names, one CTest test per file. Also decodes a generated
// 11 MB input, too big to commit.

#include "msgx/decoder/MessageDecoder.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

using namespace msgx::codec;

namespace {

std::filesystem::path corpusDir() {
    return MSGX_DECODER_CORPUS_DIR;
}
constexpr const char* kManifest = "EXPECTED";

struct CorpusEntry {
    std::string file;
    std::string expected; // "ok" or "MALFORMED"
};

void PrintTo(const CorpusEntry& entry, std::ostream* out) {
    *out << entry.file << " " << entry.expected;
}

// The manifest lines; a line that is neither blank, a comment nor "<file> <ok|MALFORMED>" becomes an
// entry with an empty expectation, which fails its test.
std::vector<CorpusEntry> readManifest() {
    std::vector<CorpusEntry> entries;
    std::ifstream in(corpusDir() / kManifest);
    std::string line;
    while (std::getline(in, line)) {
        std::istringstream words(line);
        CorpusEntry entry;
        if (!(words >> entry.file) || entry.file.front() == '#') {
            continue;
        }
        words >> entry.expected;
        std::string extra;
        if (words >> extra || (entry.expected != "ok" && entry.expected != "MALFORMED")) {
            entry.expected.clear();
        }
        entries.push_back(entry);
    }
    return entries;
}

std::string readFile(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

std::string classify(const DecodeResult& result) {
    return result.ok() ? "ok" : std::string(msgx::errorClassName(result.failure().errorClass));
}

// The file name with every character but letters and digits replaced by '_' (gtest's rule).
std::string testNameOfSeed(const ::testing::TestParamInfo<CorpusEntry>& seed) {
    std::string name = seed.param.file;
    for (char& c : name) {
        const bool letterOrDigit = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
        c = letterOrDigit ? c : '_';
    }
    return name;
}

class DecoderCorpus : public ::testing::TestWithParam<CorpusEntry> {};

} // namespace

TEST_P(DecoderCorpus, DecodesToTheExpectedClassification) {
    const CorpusEntry& entry = GetParam();
    ASSERT_FALSE(entry.expected.empty())
        << kManifest << ": the line of " << entry.file << " must be '<file> ok' or '<file> MALFORMED'";
    const std::filesystem::path path = corpusDir() / entry.file;
    ASSERT_TRUE(std::filesystem::is_regular_file(path))
        << path << " is listed in " << kManifest << " but missing";
    const DecodeResult result = decodeMessage(readFile(path));
    EXPECT_EQ(classify(result), entry.expected)
        << entry.file << (result.ok() ? "" : ": " + result.failure().reason);
    if (!result.ok()) {
        EXPECT_FALSE(result.failure().reason.empty());
    }
}

INSTANTIATE_TEST_SUITE_P(Seeds, DecoderCorpus, ::testing::ValuesIn(readManifest()), testNameOfSeed);

TEST(DecoderCorpusManifest, ListsEveryFileOnce) {
    const std::vector<CorpusEntry> entries = readManifest();
    ASSERT_FALSE(entries.empty()) << "no entries in " << corpusDir() / kManifest;
    std::map<std::string, int> listed;
    for (const CorpusEntry& entry : entries) {
        ++listed[entry.file];
    }
    for (const auto& [file, count] : listed) {
        EXPECT_EQ(count, 1) << file << " is listed " << count << " times";
    }
    for (const auto& item : std::filesystem::directory_iterator(corpusDir())) {
        const std::string name = item.path().filename().string();
        if (name != kManifest) {
            EXPECT_EQ(listed.count(name), 1u) << name << " is in the corpus but not in " << kManifest;
        }
    }
}

TEST(DecoderCorpusGenerated, ElevenMegabyteMessageIsMalformed) {
    const std::string head =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<MSG><META><SNDR>AODB</SNDR><SEQN>1</SEQN>"
        "<DTTM>20240306221840</DTTM><TYPE>SCHD</TYPE><STYP>DNLD</STYP></META><SCHD><RECS>0</RECS>";
    const std::string flight =
        "<FLTR><FLID>880301</FLID><ALCD>3U</ALCD><FLNO>3U8842</FLNO><SODT>07MAR240815</SODT></FLTR>\n";
    std::string xml = head;
    while (xml.size() < std::size_t{11} * 1024 * 1024) {
        xml += flight;
    }
    xml += "</SCHD></MSG>";
    const DecodeResult result = decodeMessage(xml);
    ASSERT_FALSE(result.ok());
    EXPECT_EQ(result.failure().errorClass, msgx::ErrorClass::Malformed);
    EXPECT_EQ(result.failure().reason,
              "message is " + std::to_string(xml.size()) + " bytes, more than the limit of 10485760 bytes");
}
