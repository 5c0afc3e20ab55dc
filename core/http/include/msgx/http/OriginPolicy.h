#pragma once

#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace msgx::http {

// Which browser contexts may call msgxd (docs/security.md "Browsers"). Two questions, answered from
// request headers only:
//
// hostProblem(Host) - DNS rebinding: a page of evil.example whose name the attacker points at
// 127.0.0.1 is same-origin to the browser, which then sends `Host: evil.example:8470`. A Host is
// accepted when its name (any port: SSH tunnels map other ports) is an IP address literal (a browser
// that connected to an address sends that address, so no name was rebound), a loopback name
// (`localhost`, `*.localhost`, `localhost.localdomain`, `ip6-localhost`, `ip6-loopback`), or one of
// http.allowed-hosts. A request without Host (HTTP/1.0) is no browser's and passes.
//
// crossSiteProblem(Origin, Sec-Fetch-Site, Host) - a page of another site that makes the browser
// send a request (a form POST of text/plain needs no CORS preflight). Refused: an Origin that is
// neither this server's own (same scheme-less host and port as the request's Host) nor one of
// http.allowed-origins, `Origin: null` included; `Sec-Fetch-Site: cross-site` unless the Origin is
// allowed. A request with neither header is no browser's (curl, the legacy clients) and passes.
//
// Both return nullopt when the request passes, else the reason for the 403 answer.
class OriginPolicy {
public:
    // Loopback names and addresses only; same-origin only.
    OriginPolicy() = default;
    // `allowedHosts`: host names (no port), any case; `allowedOrigins`: "scheme://host[:port]".
    OriginPolicy(const std::vector<std::string>& allowedHosts,
                 const std::vector<std::string>& allowedOrigins);

    [[nodiscard]] std::optional<std::string> hostProblem(std::string_view host) const;
    [[nodiscard]] std::optional<std::string> crossSiteProblem(const std::optional<std::string>& origin,
                                                              const std::optional<std::string>& secFetchSite,
                                                              const std::optional<std::string>& host) const;

private:
    std::set<std::string> allowedHosts_;   // lower case
    std::set<std::string> allowedOrigins_; // normalised: lower case, default port left out
};

} // namespace msgx::http
