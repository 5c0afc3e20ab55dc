// msgx-flop-decide-bench: FLOP messages decoded and decided per second on one core, over a mix of
// every served FLOP key, beside the raw parse rate of the same documents with the same XML parser in
// the same run (issue 12; results in docs/performance.md).
//
//   msgx-flop-decide-bench [--handlers DIR] [--golden DIR] [--seconds S] [--rounds R]
//
// Corpus: every golden case under DIR/*/golden (default the source tree's handlers/flop) whose key a
// plugin in --handlers serves: message.xml with its before.json and refs.json, loaded once into the
// golden runner's in-memory flight and reference views. Before timing, each case is decided once
// through decideOffline and compared with its expected.json, so the corpus is known to decide as
// the golden cases say. Three rates, each a single thread over the whole corpus in a round-robin
// of keys, repeated for S seconds:
//   raw parse      Poco's SAXParser with the decoder's features and a handler that only counts
//                  elements, one parser per document as readXmlDocument makes it;
//   decode         codec::decodeMessage: the parse, the element tree and the envelope checks;
//   decode+decide  routeMessage: decode, ignore rules, routing, the handler's decide() against the
//                  views (the pump's work per message before its commit).
// Within a round the three run in alternating 50 ms slices (S seconds each in total), so load from
// other processes hits them alike; the medians of the rounds are reported, with the median of the
// rounds' ratios decode+decide / raw.
#include "msgx/config/Config.h"
#include "msgx/decoder/MessageDecoder.h"
#include "msgx/golden/GoldenRunner.h"
#include "msgx/golden/OfflineDecision.h"
#include "msgx/log/LoggingSystem.h"
#include "msgx/pipeline/routing/MessageRouting.h"

#include <CLI/CLI.hpp>
#include <Poco/SAX/Attributes.h>
#include <Poco/SAX/DefaultHandler.h>
#include <Poco/SAX/SAXParser.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace {

using namespace msgx;
namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

// One golden case, ready to be decided without touching a file.
struct BenchCase {
    fs::path dir;
    std::string key;
    std::string xml;
    std::chrono::sys_seconds now;
    std::unique_ptr<model::InMemoryFlightView> flights;
    std::unique_ptr<model::InMemoryReferenceView> references;
};

// What the raw parse does per element: count it (so the parse cannot be skipped).
class CountingHandler final : public Poco::XML::DefaultHandler {
public:
    void startElement(const Poco::XML::XMLString&, const Poco::XML::XMLString&, const Poco::XML::XMLString&,
                      const Poco::XML::Attributes&) override {
        ++elements;
    }
    std::size_t elements = 0;
};

// The parser as readXmlDocument configures it (core/src/codec/SafeXmlReader.cpp).
std::size_t rawParse(const std::string& xml) {
    CountingHandler handler;
    Poco::XML::SAXParser parser("UTF-8");
    parser.setFeature(Poco::XML::XMLReader::FEATURE_NAMESPACES, false);
    parser.setFeature(Poco::XML::XMLReader::FEATURE_NAMESPACE_PREFIXES, false);
    parser.setFeature(Poco::XML::XMLReader::FEATURE_EXTERNAL_GENERAL_ENTITIES, false);
    parser.setFeature(Poco::XML::XMLReader::FEATURE_EXTERNAL_PARAMETER_ENTITIES, false);
    parser.setContentHandler(&handler);
    parser.setEntityResolver(&handler);
    parser.parseMemoryNP(xml.data(), xml.size());
    return handler.elements;
}

// The golden cases of every handler folder under `root`, as found by the golden runner.
std::vector<fs::path> goldenCases(const fs::path& root) {
    std::vector<fs::path> cases;
    for (const auto& handler : fs::directory_iterator(root)) {
        if (fs::is_directory(handler.path() / "golden")) {
            const auto found = golden::findGoldenCases(handler.path() / "golden");
            cases.insert(cases.end(), found.begin(), found.end());
        }
    }
    std::sort(cases.begin(), cases.end());
    return cases;
}

BenchCase loadCase(const fs::path& dir) {
    BenchCase loaded;
    loaded.dir = dir;
    loaded.xml = golden::readTextFile(dir / "message.xml");
    const auto decoded = codec::decodeMessage(loaded.xml);
    loaded.key = decoded.ok() ? decoded.message().key() : "";
    const fs::path beforeFile = dir / "before.json";
    golden::FlightState before = golden::readFlightState(
        json::parseJson(golden::readTextFile(beforeFile), beforeFile.string()), beforeFile.string());
    loaded.now = before.now.value_or(std::chrono::sys_seconds{});
    loaded.flights = std::make_unique<model::InMemoryFlightView>(std::move(before.flights));
    model::ReferenceClasses classes;
    if (const fs::path refsFile = dir / "refs.json"; fs::exists(refsFile)) {
        classes = golden::readReferenceClasses(
            json::parseJson(golden::readTextFile(refsFile), refsFile.string()), refsFile.string());
    }
    loaded.references = std::make_unique<model::InMemoryReferenceView>(std::move(classes));
    return loaded;
}

// Case i of each key in turn, so consecutive messages are of different keys.
std::vector<const BenchCase*> roundRobinOfKeys(const std::vector<BenchCase>& cases) {
    std::map<std::string, std::vector<const BenchCase*>> byKey;
    for (const auto& c : cases) {
        byKey[c.key].push_back(&c);
    }
    std::vector<const BenchCase*> order;
    for (std::size_t i = 0; order.size() < cases.size(); ++i) {
        for (const auto& [key, list] : byKey) {
            if (i < list.size()) {
                order.push_back(list[i]);
            }
        }
    }
    return order;
}

// Documents done and time spent by one measurement, summed over its slices.
struct Tally {
    std::size_t documents = 0;
    Clock::duration elapsed{};
    [[nodiscard]] double perSecond() const {
        return static_cast<double>(documents) / std::chrono::duration<double>(elapsed).count();
    }
};

// Whole passes of `work` over the corpus for at least `slice`, added to `tally`.
template <typename Work>
void runSlice(const std::vector<const BenchCase*>& corpus, Clock::duration slice, Tally& tally,
              std::size_t& sink, Work work) {
    const auto start = Clock::now();
    do {
        for (const BenchCase* c : corpus) {
            sink += work(*c);
        }
        tally.documents += corpus.size();
    } while (Clock::now() - start < slice);
    tally.elapsed += Clock::now() - start;
}

double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

} // namespace

int main(int argc, char** argv) {
    CLI::App app{"FLOP decode + decide per second on one core, beside the raw XML parse rate"};
    std::string handlersDir = MSGX_HANDLERS_OUTPUT_DIR;
    std::string goldenRoot = MSGX_SOURCE_FLOP_HANDLERS_DIR;
    double seconds = 1.5;
    int rounds = 3;
    app.add_option("--handlers", handlersDir, "the handler plugins directory")->capture_default_str();
    app.add_option("--golden", goldenRoot, "folder of FLOP handler folders with golden/ cases")
        ->capture_default_str();
    app.add_option("--seconds", seconds, "time of each measurement per round")
        ->capture_default_str()
        ->check(CLI::Range(0.1, 60.0));
    app.add_option("--rounds", rounds, "rounds (the median is reported)")
        ->capture_default_str()
        ->check(CLI::Range(1, 99));
    CLI11_PARSE(app, argc, argv);

    log::LoggingSystem logging({"warn", log::LogFormat::Text, "", 1024}, "msgx-flop-decide-bench");
    plugin::PluginHost host(handlersDir);
    if (const auto report = host.reload(); report.problem) {
        std::cerr << "msgx-flop-decide-bench: " << *report.problem << '\n';
        return 2;
    }
    std::set<std::string> served;
    for (const auto& loaded : host.snapshot()->plugins()) {
        for (const auto& key : loaded->summary().keys) {
            if (key.rfind("FLOP-", 0) == 0) {
                served.insert(key);
            }
        }
    }
    const config::Config defaults;
    const pipeline::IgnoreRules ignoreRules(defaults.pipeline.ignore);
    const codec::TimeZone zone = codec::TimeZone::load(defaults.pipeline.businessTimeZone);

    std::vector<BenchCase> cases;
    std::set<std::string> keysWithCases;
    std::size_t matching = 0;
    std::vector<std::string> differing; // cases whose Decision is not their expected.json
    std::map<std::string, int> outcomes;
    for (const auto& dir : goldenCases(goldenRoot)) {
        BenchCase loaded;
        try {
            loaded = loadCase(dir);
        } catch (const std::exception& e) {
            std::cerr << "msgx-flop-decide-bench: skipping " << dir.string() << ": " << e.what() << '\n';
            continue;
        }
        if (served.count(loaded.key) == 0) {
            continue;
        }
        const auto outcome = golden::runGoldenCase(dir, host, ignoreRules, zone, false);
        matching += outcome.status == golden::GoldenCaseOutcome::Status::Passed ? 1 : 0;
        if (outcome.status != golden::GoldenCaseOutcome::Status::Passed) {
            differing.push_back(dir.parent_path().parent_path().filename().string() + "/" +
                                dir.filename().string());
        }
        const sdk::HandlerContext context{loaded.now, zone, *loaded.references};
        const auto routed = pipeline::routeMessage(loaded.xml, ignoreRules, host, context, *loaded.flights);
        ++outcomes[std::string(sdk::outcomeName(routed.decision.outcome))];
        keysWithCases.insert(loaded.key);
        cases.push_back(std::move(loaded));
    }
    if (cases.empty()) {
        std::cerr << "msgx-flop-decide-bench: no golden case of a served FLOP key under " << goldenRoot
                  << '\n';
        return 2;
    }
    std::cout << "msgx-flop-decide-bench: " << served.size() << " FLOP keys served, " << keysWithCases.size()
              << " with golden cases, " << cases.size() << " documents (";
    for (auto it = outcomes.begin(); it != outcomes.end(); ++it) {
        std::cout << (it == outcomes.begin() ? "" : ", ") << it->first << ' ' << it->second;
    }
    std::cout << "); decided as expected.json: " << matching << '/' << cases.size() << '\n';
    for (const auto& key : served) {
        if (keysWithCases.count(key) == 0) {
            std::cout << "  (served without golden case: " << key << ")\n";
        }
    }

    const auto corpus = roundRobinOfKeys(cases);
    std::size_t sink = 0;
    std::vector<double> raw;
    std::vector<double> decode;
    std::vector<double> decide;
    std::printf("round  raw parse/s  decode/s  decode+decide/s  ratio decode+decide/raw\n");
    for (int round = 1; round <= rounds; ++round) {
        // 50 ms slices of the three in turn: a load change from other processes hits all three.
        Tally rawTally;
        Tally decodeTally;
        Tally decideTally;
        const auto slice = std::chrono::milliseconds(50);
        while (std::chrono::duration<double>(rawTally.elapsed).count() < seconds) {
            runSlice(corpus, slice, rawTally, sink, [](const BenchCase& c) { return rawParse(c.xml); });
            runSlice(corpus, slice, decodeTally, sink, [](const BenchCase& c) {
                return codec::decodeMessage(c.xml).ok() ? std::size_t{1} : std::size_t{0};
            });
            runSlice(corpus, slice, decideTally, sink, [&](const BenchCase& c) {
                const sdk::HandlerContext context{c.now, zone, *c.references};
                return pipeline::routeMessage(c.xml, ignoreRules, host, context, *c.flights)
                    .decision.events.size();
            });
        }
        raw.push_back(rawTally.perSecond());
        decode.push_back(decodeTally.perSecond());
        decide.push_back(decideTally.perSecond());
        std::printf("%5d  %11.0f  %8.0f  %15.0f  %.3f\n", round, raw.back(), decode.back(), decide.back(),
                    decide.back() / raw.back());
    }
    std::vector<double> ratios;
    for (std::size_t i = 0; i < raw.size(); ++i) {
        ratios.push_back(decide[i] / raw[i]);
    }
    const double rawMedian = median(raw);
    const double decideMedian = median(decide);
    std::printf("median: raw parse %.0f/s (%.1f us), decode %.0f/s, decode+decide %.0f/s (%.1f us); "
                "ratio decode+decide/raw %.3f (single thread; checksum %zu)\n",
                rawMedian, 1e6 / rawMedian, median(decode), decideMedian, 1e6 / decideMedian, median(ratios),
                sink % 1000);
    if (!differing.empty()) {
        std::cout << "WARNING: " << differing.size()
                  << " documents do not decide as their expected.json (msgxctl golden shows why):";
        for (std::size_t i = 0; i < differing.size() && i < 10; ++i) {
            std::cout << ' ' << differing[i];
        }
        std::cout << (differing.size() > 10 ? " ...\n" : "\n");
    }
    return 0;
}
