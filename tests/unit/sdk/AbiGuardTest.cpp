// The plugin ABI guard: the types that cross the plugin boundary (BoundaryTypes.cpp) must have
// exactly the layout recorded for MSGX_PLUGIN_ABI_VERSION (PluginAbi.h) in abi-v<N>.txt, and the
// table of a released version never changes.
//
// What a forgotten bump cannot pass. Say a boundary type changes (a field added to FlightChange, a
// virtual function reordered, an enumerator inserted) and MSGX_PLUGIN_ABI_VERSION stays N:
//  - with abi-vN.txt untouched, the compiled layout differs from it: TheBoundaryTypesHaveTheLayout…
//    fails and prints the changed lines;
//  - with abi-vN.txt edited to the new layout, its content hash differs from the one pinned for N
//    in kReleasedTables: TheTableOfEveryReleasedVersionIsUnchanged fails;
//  - the one way through is the bump: N+1 in PluginAbi.h, the new layout recorded as
//    abi-v(N+1).txt (the failing run writes it into the build tree, ready to copy) and its hash
//    pinned for N+1. Old plugins are then refused with a clear reason instead of crashing.
// Passing without a bump needs a changed hash on a line that says it is frozen: a decision made on
// purpose and visible in review, not something forgotten.
//
// What it does not see, because C++20 cannot enumerate members (list each one in
// BoundaryTypes.cpp when you add it): a private data member added into padding without being
// listed (the one such room today is the 4 bytes after codec::Element::line_; anywhere else an
// unlisted member changes a size or an offset, and an aggregate's members are counted), an
// enumerator appended at the end, and a change of meaning without a change of layout. Those still
// need the bump by hand. A virtual function is seen wherever it is added: the table holds each
// interface's vtable length.
//
// The table holds the sizes of std:: members, which are the same in release and ASan/debug builds
// (libstdc++ has no debug layout unless _GLIBCXX_DEBUG, which no preset sets). It is recorded for
// x86-64 with libstdc++'s C++11 ABI, where the member pointers are read as the Itanium ABI lays
// them out; elsewhere the guard is skipped, saying why (the build tag keeps such plugins apart).
#include "LayoutTable.h"
#include "msgx/sdk/PluginAbi.h"

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct ReleasedTable {
    unsigned version;
    std::uint64_t fnv1a; // FNV-1a 64 of the bytes of abi-v<version>.txt
};

// FROZEN: one entry per ABI version, added with the version's table. A version's hash is never
// changed once a package with that version was built (plugins built against it exist): a layout
// change is a new version. (The hash of a version not released yet may follow its table.)
constexpr std::array kReleasedTables{
    ReleasedTable{1, 0x6b4df1c015c921b7ULL}, // released: frozen
};

constexpr unsigned kCurrentVersion = MSGX_PLUGIN_ABI_VERSION;

std::filesystem::path tablePath(unsigned version) {
    return std::filesystem::path(MSGX_ABI_TABLE_DIR) / ("abi-v" + std::to_string(version) + ".txt");
}

std::optional<std::string> readFile(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        return std::nullopt;
    }
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::uint64_t fnv1a(std::string_view bytes) {
    std::uint64_t hash = 0xcbf29ce484222325ULL;
    for (const char c : bytes) {
        hash ^= static_cast<unsigned char>(c);
        hash *= 0x100000001b3ULL;
    }
    return hash;
}

std::string hex(std::uint64_t value) {
    std::ostringstream out;
    out << "0x" << std::hex << value << "ULL";
    return out.str();
}

// The entries of a table: every line but comments and blank lines.
std::vector<std::string> entriesOf(const std::string& table) {
    std::vector<std::string> out;
    std::istringstream in(table);
    std::string line;
    while (std::getline(in, line)) {
        if (!line.empty() && line.front() != '#') {
            out.push_back(line);
        }
    }
    return out;
}

// The type an entry belongs to: the nearest unindented entry at or above `index`.
const std::string& typeOf(const std::vector<std::string>& entries, std::size_t index) {
    while (index > 0 && entries[index].starts_with(" ")) {
        --index;
    }
    return entries[index];
}

// The entries only in `recorded` (-) and only in `compiled` (+), in order, each under the type it
// belongs to (a longest-common-subsequence diff; the tables are a few hundred lines).
std::string diff(const std::vector<std::string>& recorded, const std::vector<std::string>& compiled) {
    const std::size_t n = recorded.size();
    const std::size_t m = compiled.size();
    std::vector<std::vector<std::size_t>> common(n + 1, std::vector<std::size_t>(m + 1, 0));
    for (std::size_t i = n; i-- > 0;) {
        for (std::size_t j = m; j-- > 0;) {
            common[i][j] = recorded[i] == compiled[j] ? common[i + 1][j + 1] + 1
                                                      : std::max(common[i + 1][j], common[i][j + 1]);
        }
    }
    std::string out;
    std::string lastType;
    auto emit = [&](char sign, const std::vector<std::string>& entries, std::size_t index) {
        const std::string& type = typeOf(entries, index);
        if (type != entries[index] && type != lastType) {
            out += "  " + type + "\n";
        }
        lastType = type;
        out += std::string(1, sign) + " " + entries[index] + "\n";
    };
    std::size_t i = 0;
    std::size_t j = 0;
    while (i < n || j < m) {
        if (i < n && j < m && recorded[i] == compiled[j]) {
            ++i;
            ++j;
        } else if (i < n && (j == m || common[i + 1][j] >= common[i][j + 1])) {
            emit('-', recorded, i++);
        } else {
            emit('+', compiled, j++);
        }
    }
    return out;
}

// The compiled layout as the table of `version`, written into the build tree for copying.
std::filesystem::path writeCompiledTable(unsigned version, const std::string& layout) {
    const std::filesystem::path path =
        std::filesystem::path(MSGX_ABI_OUTPUT_DIR) / ("abi-v" + std::to_string(version) + ".txt");
    std::ofstream(path, std::ios::binary)
        << "# msgexchange plugin ABI version " << version
        << ": the layout of every type that crosses the plugin\n"
           "# boundary, as tests/unit/sdk/BoundaryTypes.cpp lists them (x86-64, libstdc++). Frozen once\n"
           "# released: AbiGuardTest.cpp pins its hash, and a layout change is a new version.\n"
        << layout;
    return path;
}

bool onTheRecordedPlatform() {
#if defined(__x86_64__) && defined(__GLIBCXX__) && _GLIBCXX_USE_CXX11_ABI
    return true;
#else
    return false;
#endif
}

#define MSGX_ABI_REQUIRE_RECORDED_PLATFORM()                                                                 \
    if (!onTheRecordedPlatform()) {                                                                          \
        GTEST_SKIP() << "the ABI tables are recorded for x86-64 with libstdc++'s C++11 ABI";                 \
    }

} // namespace

TEST(AbiGuard, TheBoundaryTypesHaveTheLayoutRecordedForTheCurrentAbiVersion) {
    MSGX_ABI_REQUIRE_RECORDED_PLATFORM();
    const std::string compiled = msgx::abi::boundaryLayoutTable();
    const std::optional<std::string> recorded = readFile(tablePath(kCurrentVersion));
    if (!recorded) {
        const std::filesystem::path written = writeCompiledTable(kCurrentVersion, compiled);
        FAIL() << "MSGX_PLUGIN_ABI_VERSION is " << kCurrentVersion << " but there is no table "
               << tablePath(kCurrentVersion) << ". The compiled layout is in " << written
               << ": review it, copy it there and pin its hash in kReleasedTables.";
    }
    const std::vector<std::string> recordedEntries = entriesOf(*recorded);
    const std::vector<std::string> compiledEntries = entriesOf(compiled);
    if (recordedEntries != compiledEntries) {
        const std::filesystem::path written = writeCompiledTable(kCurrentVersion + 1, compiled);
        FAIL() << "the types that cross the plugin boundary changed, but MSGX_PLUGIN_ABI_VERSION is still "
               << kCurrentVersion << " (PluginAbi.h); plugins built against version " << kCurrentVersion
               << " would be loaded and break.\n"
               << "Raise MSGX_PLUGIN_ABI_VERSION to " << kCurrentVersion + 1 << ", copy " << written << " to "
               << tablePath(kCurrentVersion + 1) << " and pin its hash in kReleasedTables"
               << " (or undo the change).\n"
               << "Changed entries (- " << tablePath(kCurrentVersion).filename().string()
               << ", + compiled):\n"
               << diff(recordedEntries, compiledEntries);
    }
}

TEST(AbiGuard, TheTableOfEveryReleasedVersionIsUnchanged) {
    for (const ReleasedTable& released : kReleasedTables) {
        const std::filesystem::path path = tablePath(released.version);
        const std::optional<std::string> table = readFile(path);
        if (!table) {
            ADD_FAILURE() << "the table of released ABI version " << released.version
                          << " is missing: " << path;
            continue;
        }
        EXPECT_EQ(hex(fnv1a(*table)), hex(released.fnv1a))
            << path << " is the table of ABI version " << released.version
            << ", which is frozen: plugins built against it exist. Restore it; a layout change raises "
               "MSGX_PLUGIN_ABI_VERSION to "
            << kCurrentVersion + 1 << " with a new table abi-v" << kCurrentVersion + 1 << ".txt.";
    }
}

TEST(AbiGuard, TheCurrentVersionHasAPinnedTableAndIsTheNewest) {
    const ReleasedTable* current = nullptr;
    unsigned newest = 0;
    for (const ReleasedTable& released : kReleasedTables) {
        newest = std::max(newest, released.version);
        if (released.version == kCurrentVersion) {
            current = &released;
        }
    }
    const std::optional<std::string> table = readFile(tablePath(kCurrentVersion));
    EXPECT_NE(current, nullptr) << "MSGX_PLUGIN_ABI_VERSION " << kCurrentVersion
                                << " has no pinned table hash: add {" << kCurrentVersion << ", "
                                << (table ? hex(fnv1a(*table)) : std::string("<the hash of its table>"))
                                << "} to kReleasedTables";
    EXPECT_LE(newest, kCurrentVersion)
        << "MSGX_PLUGIN_ABI_VERSION went back: version " << newest << " was released before";
}

TEST(AbiGuard, SpellingsAreNormalisedWhateverTheSourceSpacing) {
    using msgx::abi::normalisedSpelling;
    EXPECT_EQ(normalisedSpelling("std::map<std::string,sdk::Value , std::less<> >"),
              "std::map<std::string, sdk::Value, std::less<>>");
    EXPECT_EQ(normalisedSpelling("const char *const*"), "const char* const*");
    EXPECT_EQ(normalisedSpelling("const sdk::FlightDocument*(sdk::Flid)const"),
              "const sdk::FlightDocument*(sdk::Flid) const");
    EXPECT_EQ(normalisedSpelling("void* (*)(char*,  std::size_t)"), "void*(*)(char*, std::size_t)");
}
