#include "msgx/http/HttpApi.h"

#include "Endpoints.h"

namespace msgx::http {

std::vector<Route> apiRoutes(HttpServices* services) {
    std::vector<Route> routes;
    detail::addInjectRoutes(routes, services);
    detail::addScheduleSyncRoutes(routes, services);
    detail::addFlightsRoutes(routes, services);
    detail::addHealthRoutes(routes, services);
    detail::addMetricsRoutes(routes, services);
    detail::addOpsMessageRoutes(routes, services);
    detail::addOpsControlRoutes(routes, services);
    detail::addConsoleRoutes(routes, services);
    return routes;
}

Router makeRouter(HttpServices& services) {
    const config::HttpConfig& http = services.config.http;
    std::optional<TokenFile> compat;
    std::optional<TokenFile> ops;
    if (http.compatTokenFile) {
        compat = TokenFile::load(*http.compatTokenFile);
    }
    if (http.opsTokenFile) {
        ops = TokenFile::load(*http.opsTokenFile);
    }
    return Router(apiRoutes(&services), std::move(compat), std::move(ops),
                  RouterGuards::of(http, services.clock));
}

} // namespace msgx::http
