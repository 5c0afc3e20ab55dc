// GET /all/flights (US-12, docs/http.md): the live flights of the own store, shared (code-share)
// flights left out, by FLID, as flight documents (docs/flight-document.md), streamed.
//
// Consistency: the set of flights is the one of the FLID read at the start; each flight's content
// is read with its chunk afterwards (a flight deleted in between is left out, one changed in between
// is shown as changed). A store failure before the first byte is 503; after it, the stream is cut
// (no last chunk), so a client never takes a short answer for the whole.
#include "Endpoints.h"
#include "msgx/http/ApiError.h"
#include "msgx/model/DocumentJson.h"
#include "msgx/pipeline/pump/FlightStoreMapping.h"

#include <algorithm>

namespace msgx::http::detail {

namespace {

constexpr std::size_t kFlightsPerRead = 50;

using StoredFlights = std::vector<std::pair<storage::FlightRecord, std::vector<storage::DetailList>>>;

StoredFlights readChunk(storage::FlightRepository& flights, const std::vector<storage::FlightId>& flids,
                        std::size_t from) {
    const std::size_t to = std::min(flids.size(), from + kFlightsPerRead);
    StoredFlights chunk = flights.byFlids(std::vector<storage::FlightId>(
        flids.begin() + static_cast<std::ptrdiff_t>(from), flids.begin() + static_cast<std::ptrdiff_t>(to)));
    std::sort(chunk.begin(), chunk.end(),
              [](const auto& a, const auto& b) { return a.first.flid < b.first.flid; });
    return chunk;
}

void allFlights(Exchange& exchange, HttpServices& services) {
    const auto limit = services.config.http.allFlightsLimit;
    storage::FlightRepository& flights = services.store.flights();
    const std::vector<storage::FlightId> flids = flights.liveMasterFlids(0, limit + 1);
    if (flids.size() > static_cast<std::size_t>(limit)) {
        throw ApiError(500, "FLIGHTS_OVER_LIMIT",
                       "more than http.all-flights-limit " + std::to_string(limit) +
                           " live flights: raise the limit; nothing is sent rather than a part");
    }
    StoredFlights chunk = readChunk(flights, flids, 0); // before the first byte: a failure is still a 503
    std::ostream& out = exchange.startStream(200);
    out << '[';
    std::size_t sent = 0;
    for (std::size_t from = 0; from < flids.size(); from += kFlightsPerRead) {
        if (from > 0) {
            chunk = readChunk(flights, flids, from);
        }
        for (const auto& [record, lists] : chunk) {
            if (record.deleted) {
                continue;
            }
            out << (sent == 0 ? "" : ",")
                << json::renderCompactJson(
                       model::flightDocumentToJson(pipeline::documentFromStore(record, lists)));
            ++sent;
        }
        if (!out) {
            throw std::runtime_error("the client stopped reading");
        }
    }
    out << ']';
    out.flush();
    exchange.setResult(std::to_string(sent) + " flight(s)");
}

} // namespace

void addFlightsRoutes(std::vector<Route>& routes, HttpServices* services) {
    routes.push_back({"GET", "/all/flights", Access::Compat, "all-flights",
                      [services](Exchange& exchange) { allFlights(exchange, *services); }});
}

} // namespace msgx::http::detail
