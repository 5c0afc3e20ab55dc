#pragma once

#include "msgx/config/Config.h"

#include <array>
#include <optional>
#include <span>
#include <string>
#include <string_view>

// The spelling of every enumerated configuration value, shared by the loader (parsing) and by
// name() (printing), so the two can never disagree.
namespace msgx::config::detail {

template <class E>
struct Choice {
    std::string_view name;
    E value;
};

inline constexpr std::array<Choice<Profile>, 2> kProfiles{{
    {"embedded", Profile::Embedded},
    {"production", Profile::Production},
}};

inline constexpr std::array<Choice<DatabaseBackend>, 4> kBackends{{
    {"postgresql", DatabaseBackend::PostgreSql},
    {"mysql", DatabaseBackend::MySql},
    {"odbc", DatabaseBackend::Odbc},
    {"sqlite", DatabaseBackend::Sqlite},
}};

inline constexpr std::array<Choice<SqlDialect>, 4> kDialects{{
    {"postgresql", SqlDialect::PostgreSql},
    {"mysql", SqlDialect::MySql},
    {"oracle", SqlDialect::Oracle},
    {"sqlite", SqlDialect::Sqlite},
}};

inline constexpr std::array<Choice<TargetType>, 2> kTargetTypes{{
    {"kafka", TargetType::Kafka},
    {"file", TargetType::File},
}};

inline constexpr std::array<Choice<FirstStart>, 5> kFirstStarts{{
    {"auto", FirstStart::Auto},
    {"beginning", FirstStart::Beginning},
    {"after-max-id", FirstStart::AfterMaxId},
    {"lowest-unprocessed", FirstStart::LowestUnprocessed},
    {"refuse", FirstStart::Refuse},
}};

inline constexpr std::array<Choice<IdentityConflict>, 2> kIdentityConflicts{{
    {"skip", IdentityConflict::Skip},
    {"process", IdentityConflict::Process},
}};

inline constexpr std::array<Choice<OnDead>, 2> kOnDead{{
    {"stop", OnDead::Stop},
    {"continue", OnDead::Continue},
}};

inline constexpr std::array<Choice<LogLevel>, 7> kLogLevels{{
    {"trace", LogLevel::Trace},
    {"debug", LogLevel::Debug},
    {"info", LogLevel::Info},
    {"warn", LogLevel::Warn},
    {"error", LogLevel::Error},
    {"critical", LogLevel::Critical},
    {"off", LogLevel::Off},
}};

inline constexpr std::array<Choice<LogFormat>, 2> kLogFormats{{
    {"text", LogFormat::Text},
    {"json", LogFormat::Json},
}};

inline constexpr std::array<Choice<RefreshPrecedence>, 2> kRefreshPrecedences{{
    {"admin-api", RefreshPrecedence::AdminApi},
    {"aodb", RefreshPrecedence::Aodb},
}};

template <class E>
std::optional<E> findChoice(std::span<const Choice<E>> choices, std::string_view text) {
    for (const Choice<E>& c : choices) {
        if (c.name == text) {
            return c.value;
        }
    }
    return std::nullopt;
}

template <class E>
std::string_view choiceName(std::span<const Choice<E>> choices, E value) {
    for (const Choice<E>& c : choices) {
        if (c.value == value) {
            return c.name;
        }
    }
    return "?";
}

// "postgresql|mysql|odbc|sqlite".
template <class E>
std::string joinChoices(std::span<const Choice<E>> choices) {
    std::string out;
    for (const Choice<E>& c : choices) {
        if (!out.empty()) {
            out += '|';
        }
        out += c.name;
    }
    return out;
}

} // namespace msgx::config::detail
