#include "msgx/http/OriginPolicy.h"

#include "msgx/codec/Ascii.h"

#include <algorithm>
#include <arpa/inet.h>
#include <array>

namespace msgx::http {

namespace {

// How much of a header value an answer quotes.
constexpr std::size_t kQuoted = 100;

struct Authority {
    std::string host; // lower case, an IPv6 address with its brackets, no trailing dot
    std::optional<std::string> port;
};

bool allDigits(std::string_view s) {
    return !s.empty() && s.size() <= 5 && std::all_of(s.begin(), s.end(), codec::isAsciiDigit);
}

// "host[:port]" or "[v6][:port]"; nullopt when it is neither.
std::optional<Authority> parseAuthority(std::string_view text) {
    Authority authority;
    std::string_view host = text;
    if (!text.empty() && text.front() == '[') {
        const std::size_t close = text.find(']');
        if (close == std::string_view::npos) {
            return std::nullopt;
        }
        host = text.substr(0, close + 1);
        const std::string_view rest = text.substr(close + 1);
        if (!rest.empty()) {
            if (rest.front() != ':' || !allDigits(rest.substr(1))) {
                return std::nullopt;
            }
            authority.port = std::string(rest.substr(1));
        }
    } else if (const std::size_t colon = text.rfind(':'); colon != std::string_view::npos) {
        if (!allDigits(text.substr(colon + 1))) {
            return std::nullopt;
        }
        host = text.substr(0, colon);
        authority.port = std::string(text.substr(colon + 1));
    }
    if (!host.empty() && host.back() == '.') {
        host.remove_suffix(1);
    }
    if (host.empty()) {
        return std::nullopt;
    }
    authority.host = codec::toAsciiLower(std::string(host));
    return authority;
}

bool isIpv4Literal(std::string_view host) {
    int parts = 0;
    std::size_t start = 0;
    while (start <= host.size()) {
        const std::size_t dot = std::min(host.find('.', start), host.size());
        const std::string_view part = host.substr(start, dot - start);
        if (part.empty() || part.size() > 3 || !std::all_of(part.begin(), part.end(), codec::isAsciiDigit) ||
            std::stoi(std::string(part)) > 255) {
            return false;
        }
        ++parts;
        start = dot + 1;
    }
    return parts == 4;
}

bool isIpv6Literal(std::string_view host) {
    if (host.size() < 4 || host.front() != '[' || host.back() != ']') {
        return false;
    }
    std::array<unsigned char, 16> address{};
    return ::inet_pton(AF_INET6, std::string(host.substr(1, host.size() - 2)).c_str(), address.data()) == 1;
}

bool isLoopbackName(std::string_view host) {
    constexpr std::string_view kLocalhostSuffix = ".localhost";
    return host == "localhost" || host == "localhost.localdomain" || host == "ip6-localhost" ||
           host == "ip6-loopback" ||
           (host.size() > kLocalhostSuffix.size() && host.ends_with(kLocalhostSuffix));
}

struct Origin {
    std::string scheme; // http or https
    Authority authority;

    [[nodiscard]] std::string defaultPort() const { return scheme == "https" ? "443" : "80"; }
    [[nodiscard]] std::string port() const { return authority.port.value_or(defaultPort()); }
    [[nodiscard]] std::string normalised() const {
        return scheme + "://" + authority.host + (port() == defaultPort() ? "" : ":" + port());
    }
};

// "http://host[:port]" or "https://…" with nothing after the authority; nullopt for anything else
// ("null", "file://", a path).
std::optional<Origin> parseOrigin(std::string_view text) {
    const std::string lower = codec::toAsciiLower(std::string(text));
    Origin origin;
    std::string_view rest = lower;
    for (const std::string_view scheme : {std::string_view("http"), std::string_view("https")}) {
        const std::string prefix = std::string(scheme) + "://";
        if (rest.starts_with(prefix)) {
            origin.scheme = std::string(scheme);
            rest.remove_prefix(prefix.size());
            break;
        }
    }
    if (origin.scheme.empty() || rest.find_first_of("/?#@ ") != std::string_view::npos) {
        return std::nullopt;
    }
    const std::optional<Authority> authority = parseAuthority(rest);
    if (!authority) {
        return std::nullopt;
    }
    origin.authority = *authority;
    return origin;
}

std::string quotedValue(std::string_view value) {
    return "'" + std::string(value.substr(0, kQuoted)) + (value.size() > kQuoted ? "…'" : "'");
}

} // namespace

OriginPolicy::OriginPolicy(const std::vector<std::string>& allowedHosts,
                           const std::vector<std::string>& allowedOrigins) {
    for (const std::string& host : allowedHosts) {
        if (const auto authority = parseAuthority(host)) {
            allowedHosts_.insert(authority->host);
        }
    }
    for (const std::string& text : allowedOrigins) {
        if (const auto origin = parseOrigin(text)) {
            allowedOrigins_.insert(origin->normalised());
        }
    }
}

std::optional<std::string> OriginPolicy::hostProblem(std::string_view host) const {
    const std::optional<Authority> authority = parseAuthority(host);
    if (authority && (isIpv4Literal(authority->host) || isIpv6Literal(authority->host) ||
                      isLoopbackName(authority->host) || allowedHosts_.contains(authority->host))) {
        return std::nullopt;
    }
    return "Host " + quotedValue(host) +
           " is not a loopback name, an address or one of http.allowed-hosts (a DNS rebinding page?)";
}

std::optional<std::string> OriginPolicy::crossSiteProblem(const std::optional<std::string>& origin,
                                                          const std::optional<std::string>& secFetchSite,
                                                          const std::optional<std::string>& host) const {
    if (origin) {
        const std::optional<Origin> parsed = parseOrigin(*origin);
        if (parsed && allowedOrigins_.contains(parsed->normalised())) {
            return std::nullopt;
        }
        if (parsed && host) {
            const std::optional<Authority> own = parseAuthority(*host);
            if (own && own->host == parsed->authority.host &&
                own->port.value_or(parsed->defaultPort()) == parsed->port()) {
                return std::nullopt;
            }
        }
        return "Origin " + quotedValue(*origin) + " is neither this server's own (Host " +
               quotedValue(host.value_or("")) + ") nor one of http.allowed-origins: a cross-site request";
    }
    if (secFetchSite && codec::toAsciiLower(*secFetchSite) == "cross-site") {
        return "Sec-Fetch-Site: cross-site: a browser sent this for a page of another site";
    }
    return std::nullopt;
}

} // namespace msgx::http
