// GET /console/ and /console/{file} (docs/console.md): the operations console's static files,
// from memory (ConsoleFiles). No token for the files themselves: the page asks the operator for a
// token and sends it with every /ops call it makes.
#include "Endpoints.h"
#include "msgx/http/ApiError.h"
#include "msgx/http/ConsoleFiles.h"

#include <memory>

namespace msgx::http::detail {

namespace {

void serve(Exchange& exchange, const ConsoleFiles& files, const std::string& name) {
    const ConsoleFiles::File* file = files.find(name);
    if (file == nullptr) {
        throw ApiError(404, "NOT_FOUND",
                       files.size() == 0 ? "the console is not installed (http.console-dir)"
                                         : "no console file " + name);
    }
    // The page talks to this daemon only, runs no inline script, and is never framed.
    exchange.setHeader("Content-Security-Policy",
                       "default-src 'self'; connect-src 'self'; img-src 'self'; frame-ancestors 'none'");
    exchange.setHeader("X-Content-Type-Options", "nosniff");
    exchange.setHeader("Cache-Control", "no-cache");
    exchange.answerText(200, file->contentType, file->content);
}

} // namespace

void addConsoleRoutes(std::vector<Route>& routes, HttpServices* services) {
    auto files = std::make_shared<ConsoleFiles>(
        services != nullptr ? ConsoleFiles::load(services->config.http.consoleDir) : ConsoleFiles{});
    routes.push_back({"GET", "/console/", Access::Public, "console",
                      [files](Exchange& exchange) { serve(exchange, *files, "index.html"); }});
    routes.push_back({"GET", "/console/{file}", Access::Public, "console",
                      [files](Exchange& exchange) { serve(exchange, *files, exchange.pathParam("file")); }});
}

} // namespace msgx::http::detail
