#include "msgx/http/HttpServer.h"

#include "msgx/log/Log.h"

#include <Poco/Exception.h>
#include <Poco/Net/HTTPRequestHandler.h>
#include <Poco/Net/HTTPRequestHandlerFactory.h>
#include <Poco/Net/HTTPServerConnection.h>
#include <Poco/Net/HTTPServerParams.h>
#include <Poco/Net/ServerSocket.h>
#include <Poco/Net/SocketAddress.h>
#include <Poco/Net/StreamSocket.h>
#include <Poco/Net/TCPServer.h>
#include <Poco/Net/TCPServerConnection.h>
#include <Poco/Net/TCPServerConnectionFactory.h>
#include <Poco/ThreadPool.h>

#include <chrono>
#include <stdexcept>

namespace msgx::http {

namespace {

using namespace std::chrono_literals;

// How often the reaper looks for connections past their deadline: the deadlines hold to this.
constexpr auto kReaperPeriod = 100ms;
// Threads kept idle in the pool, and how long a spare one lives.
constexpr int kMinThreads = 2;
constexpr int kThreadIdleSeconds = 60;
// How long a connection thread waits for the next connection before it looks at the stop flag
// again. Poco 1.11's TCPServerDispatcher::stop() wakes only the threads already waiting: one that
// finishes a connection at that moment waits this long, and stop() joins it. Measured in CI: 60 s
// (the pool's idle time) under load, the test harness killed msgxd for it.
constexpr int kDispatcherIdleSeconds = 1;

class RouterHandler : public Poco::Net::HTTPRequestHandler {
public:
    explicit RouterHandler(const Router& router) : router_(router) {}
    void handleRequest(Poco::Net::HTTPServerRequest& request,
                       Poco::Net::HTTPServerResponse& response) override {
        router_.handle(request, response);
    }

private:
    const Router& router_;
};

class RouterHandlerFactory : public Poco::Net::HTTPRequestHandlerFactory {
public:
    explicit RouterHandlerFactory(const Router& router) : router_(router) {}
    Poco::Net::HTTPRequestHandler* createRequestHandler(const Poco::Net::HTTPServerRequest&) override {
        return new RouterHandler(router_);
    }

private:
    const Router& router_;
};

// Poco's HTTP connection (it reads the head, calls the handler, writes the answer) run under the
// connection's deadline.
class DeadlineConnection : public Poco::Net::TCPServerConnection {
public:
    DeadlineConnection(const Poco::Net::StreamSocket& socket, ConnectionDeadlines& deadlines,
                       Poco::Net::HTTPServerParams::Ptr params,
                       Poco::Net::HTTPRequestHandlerFactory::Ptr factory)
        : Poco::Net::TCPServerConnection(socket), deadlines_(deadlines), params_(std::move(params)),
          factory_(std::move(factory)) {}

    void run() override {
        Poco::Net::StreamSocket shared = socket(); // the same socket: shutting it down wakes the reader
        const auto id = deadlines_.add([shared]() mutable {
            try {
                shared.shutdown();
            } catch (const Poco::Exception&) {
                // already closed by the client: the reader wakes up anyway
            }
        });
        {
            const ConnectionDeadlines::Scope scope(deadlines_, id);
            try {
                Poco::Net::HTTPServerConnection connection(socket(), params_, factory_);
                connection.run();
            } catch (const std::exception& e) {
                log::debug("http: connection ended: {}", e.what());
            }
        }
        deadlines_.remove(id);
    }

private:
    ConnectionDeadlines& deadlines_;
    Poco::Net::HTTPServerParams::Ptr params_;
    Poco::Net::HTTPRequestHandlerFactory::Ptr factory_;
};

class DeadlineConnectionFactory : public Poco::Net::TCPServerConnectionFactory {
public:
    DeadlineConnectionFactory(ConnectionDeadlines& deadlines, Poco::Net::HTTPServerParams::Ptr params,
                              Poco::Net::HTTPRequestHandlerFactory::Ptr factory)
        : deadlines_(deadlines), params_(std::move(params)), factory_(std::move(factory)) {}
    Poco::Net::TCPServerConnection* createConnection(const Poco::Net::StreamSocket& socket) override {
        return new DeadlineConnection(socket, deadlines_, params_, factory_);
    }

private:
    ConnectionDeadlines& deadlines_;
    Poco::Net::HTTPServerParams::Ptr params_;
    Poco::Net::HTTPRequestHandlerFactory::Ptr factory_;
};

Poco::Timespan timespanOf(std::chrono::milliseconds ms) {
    return Poco::Timespan(static_cast<Poco::Timespan::TimeDiff>(ms.count()) * 1000);
}

} // namespace

HttpServer::HttpServer(const config::HttpConfig& config, const Router& router, Clock& clock)
    : config_(config), router_(router), clock_(clock),
      deadlines_(clock, config.headerTimeout, config.bodyTimeout) {}

HttpServer::~HttpServer() {
    stop();
}

void HttpServer::start() {
    const std::string address = config::formatListen(config_.listen);
    Poco::Net::ServerSocket socket;
    try {
        socket.bind(
            Poco::Net::SocketAddress(config_.listen.host, static_cast<Poco::UInt16>(config_.listen.port)),
            true);
        socket.listen(std::max(64, config_.maxQueued));
    } catch (const Poco::Exception& e) {
        throw std::runtime_error("http.listen " + address + " cannot be bound: " + e.displayText());
    }
    port_ = socket.address().port();

    Poco::Net::HTTPServerParams::Ptr params = new Poco::Net::HTTPServerParams;
    params->setKeepAlive(false);
    params->setMaxThreads(config_.threads);
    params->setMaxQueued(config_.maxQueued);
    params->setThreadIdleTime(Poco::Timespan(kDispatcherIdleSeconds, 0));
    // Each socket read and write: the total is ConnectionDeadlines'; this bounds a write to a client
    // that stopped reading.
    // One second over the deadlines, so that the reaper, not a read timeout, ends a stalled request
    // (a read timeout would make it answer 400 about a body it never read).
    params->setTimeout(
        timespanOf(std::max(config_.headerTimeout, config_.bodyTimeout) + std::chrono::seconds(1)));
    params->setServerName("msgxd");

    pool_ = std::make_unique<Poco::ThreadPool>(std::min(kMinThreads, config_.threads), config_.threads + 1,
                                               kThreadIdleSeconds);
    Poco::Net::HTTPRequestHandlerFactory::Ptr handlers = new RouterHandlerFactory(router_);
    server_ = std::make_unique<Poco::Net::TCPServer>(
        new DeadlineConnectionFactory(deadlines_, params, handlers), *pool_, socket, params);
    server_->start();
    reaper_ = std::jthread([this](std::stop_token stop) {
        while (!stop.stop_requested()) {
            const int closed = deadlines_.sweep();
            if (closed > 0) {
                log::info("http: closed {} connection(s) that did not send their request in time "
                          "(http.header-timeout {} ms, http.body-timeout {} ms)",
                          closed, config_.headerTimeout.count(), config_.bodyTimeout.count());
            }
            clock_.sleepFor(kReaperPeriod, stop);
        }
    });
    log::info("http: listening on {} ({} threads, {} queued connections at most)",
              config::formatListen(config::HttpEndpoint{config_.listen.host, port_}), config_.threads,
              config_.maxQueued);
}

void HttpServer::stop() {
    if (!server_) {
        return;
    }
    const auto stopping = std::chrono::steady_clock::now();
    server_->stop(); // no new connections
    deadlines_.closeAll();
    pool_->joinAll();
    log::info("http: stopped in {} ms", std::chrono::duration_cast<std::chrono::milliseconds>(
                                            std::chrono::steady_clock::now() - stopping)
                                            .count());
    reaper_ = std::jthread();
    server_.reset();
    pool_.reset();
}

} // namespace msgx::http
