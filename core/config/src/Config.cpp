#include "msgx/config/Config.h"

#include "Choices.h"
#include "msgx/codec/ReferenceTypes.h"

#include <algorithm>
#include <arpa/inet.h>
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

bool isLoopbackAddress(const std::string& host) {
    std::array<unsigned char, 16> v6{};
    if (::inet_pton(AF_INET6, host.c_str(), v6.data()) == 1) {
        static constexpr std::array<unsigned char, 16> kLoopback{0, 0, 0, 0, 0, 0, 0, 0,
                                                                 0, 0, 0, 0, 0, 0, 0, 1};
        // ::ffff:127.x.y.z reaches the IPv4 loopback.
        const bool mappedLoopback =
            std::all_of(v6.begin(), v6.begin() + 10, [](unsigned char b) { return b == 0; }) &&
            v6[10] == 0xff && v6[11] == 0xff && v6[12] == 127;
        return v6 == kLoopback || mappedLoopback;
    }
    std::array<unsigned char, 4> v4{};
    return ::inet_pton(AF_INET, host.c_str(), v4.data()) == 1 && v4[0] == 127;
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
