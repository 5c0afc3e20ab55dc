#pragma once

#include "msgx/config/Milliseconds.h"

#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace msgx::config {

// Which source may replace a reference class that both the admin API and AODB messages supply.
enum class RefreshPrecedence { AdminApi, Aodb };
std::string_view name(RefreshPrecedence p);

// The REF_MASTER class (RTYPE) a refresh class replaces: the name itself for one of the 23
// reference types, SLST for ORMS_STAND, ABDG for ORMS_STAND_AIRBRIDGE (US-14); nullopt for any other
// name (names are upper case, as written in the file).
std::optional<std::string> refreshClassType(std::string_view className);

// One class of the admin-API reference refresh (docs/reference-refresh.md): where it is fetched and
// how a JSON record becomes a reference record.
struct RefreshClass {
    std::string rtype;                         // refreshClassType(name)
    std::string url;                           // http:// endpoint answering a JSON array of objects
    std::string key;                           // the JSON member giving RKEY
    std::map<std::string, std::string> fields; // reference field name -> JSON member
    bool operator==(const RefreshClass&) const = default;
};

// The periodic refresh of reference classes from the admin API (US-13, US-14, architecture.md §7).
struct RefreshConfig {
    Milliseconds interval = std::chrono::hours(1);       // every configured class is fetched this often
    Milliseconds timeout = std::chrono::seconds(10);     // connect + whole response, per class
    std::uint64_t maxDocumentSize = 50ULL * 1024 * 1024; // a larger body fails the class
    RefreshPrecedence precedence = RefreshPrecedence::AdminApi;
    bool inShadow = false;                       // shadow mode refreshes only when true (US-13.4)
    std::map<std::string, RefreshClass> classes; // by class name (GLST, ORMS_STAND, ...); none by default
};

} // namespace msgx::config
