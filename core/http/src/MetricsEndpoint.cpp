// GET /metrics (docs/metrics.md): every series of the process's registry in the Prometheus text
// format, as prometheus-cpp's serializer writes it. No token: like /health, it is for the site's
// monitoring, and it holds no message content.
#include "Endpoints.h"
#include "msgx/metrics/Metrics.h"

namespace msgx::http::detail {

void addMetricsRoutes(std::vector<Route>& routes, HttpServices* services) {
    (void)services;
    routes.push_back({"GET", "/metrics", Access::Public, "metrics", [](Exchange& exchange) {
                          exchange.answerText(200, "text/plain; version=0.0.4; charset=utf-8",
                                              metrics::Metrics::process().text());
                      }});
}

} // namespace msgx::http::detail
