#include "msgx/config/Config.h"

#include "Choices.h"
#include "msgx/codec/ReferenceTypes.h"

#include <array>

namespace msgx::config {

using namespace detail;

std::string_view name(Profile p) {
    return choiceName<Profile>(kProfiles, p);
}
std::string_view name(TargetType t) {
    return choiceName<TargetType>(kTargetTypes, t);
}
std::string_view name(FirstStart f) {
    return choiceName<FirstStart>(kFirstStarts, f);
}
std::string_view name(IdentityConflict c) {
    return choiceName<IdentityConflict>(kIdentityConflicts, c);
}
std::string_view name(OnDead o) {
    return choiceName<OnDead>(kOnDead, o);
}
std::string_view name(LogLevel l) {
    return choiceName<LogLevel>(kLogLevels, l);
}
std::string_view name(LogFormat f) {
    return choiceName<LogFormat>(kLogFormats, f);
}
std::string_view name(RefreshPrecedence p) {
    return choiceName<RefreshPrecedence>(kRefreshPrecedences, p);
}

std::string formatListen(const HttpEndpoint& endpoint) {
    const bool v6 = endpoint.host.find(':') != std::string::npos;
    return (v6 ? "[" + endpoint.host + "]" : endpoint.host) + ":" + std::to_string(endpoint.port);
}

std::optional<std::string> refreshClassType(std::string_view className) {
    if (className == "ORMS_STAND") {
        return "SLST";
    }
    if (className == "ORMS_STAND_AIRBRIDGE") {
        return "ABDG";
    }
    if (codec::isReferenceType(className)) {
        return std::string(className);
    }
    return std::nullopt;
}

} // namespace msgx::config
