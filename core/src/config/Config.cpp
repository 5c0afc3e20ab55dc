#include "msgx/config/Config.h"

#include "Choices.h"

namespace msgx::config {

using namespace detail;

std::string_view name(Profile p) {
    return choiceName<Profile>(kProfiles, p);
}
std::string_view name(TargetType t) {
    return choiceName<TargetType>(kTargetTypes, t);
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

} // namespace msgx::config
