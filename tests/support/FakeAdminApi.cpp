#include "FakeAdminApi.h"

#include <Poco/Net/HTTPRequestHandler.h>
#include <Poco/Net/HTTPRequestHandlerFactory.h>
#include <Poco/Net/HTTPServer.h>
#include <Poco/Net/HTTPServerParams.h>
#include <Poco/Net/HTTPServerRequest.h>
#include <Poco/Net/HTTPServerResponse.h>
#include <Poco/Net/ServerSocket.h>
#include <Poco/Net/SocketAddress.h>
#include <Poco/ThreadPool.h>
#include <Poco/URI.h>

#include <condition_variable>
#include <map>
#include <mutex>
#include <ostream>

namespace msgx::test {

namespace {

enum class Mode { Whole, Chunked, Half, Never };

struct Answer {
    Mode mode = Mode::Whole;
    int status = 404;
    std::string contentType = "text/plain";
    std::string body = "no answer set for this path";
};

} // namespace

struct FakeAdminApi::State {
    mutable std::mutex mutex;
    std::condition_variable released;
    bool stopping = false;
    std::map<std::string, Answer> answers;
    std::map<std::string, int> hits;

    void set(const std::string& path, Answer answer) {
        const std::lock_guard<std::mutex> lock(mutex);
        answers[path] = std::move(answer);
    }
};

namespace {

class Handler final : public Poco::Net::HTTPRequestHandler {
public:
    explicit Handler(std::shared_ptr<FakeAdminApi::State> state) : state_(std::move(state)) {}

    void handleRequest(Poco::Net::HTTPServerRequest& request,
                       Poco::Net::HTTPServerResponse& response) override {
        const std::string path = Poco::URI(request.getURI()).getPath();
        Answer answer;
        {
            const std::lock_guard<std::mutex> lock(state_->mutex);
            ++state_->hits[path];
            if (const auto found = state_->answers.find(path); found != state_->answers.end()) {
                answer = found->second;
            }
        }
        const auto status = static_cast<Poco::Net::HTTPResponse::HTTPStatus>(answer.status);
        response.setStatusAndReason(status, Poco::Net::HTTPResponse::getReasonForStatus(status));
        response.setContentType(answer.contentType);
        switch (answer.mode) {
        case Mode::Whole:
            response.setContentLength64(static_cast<Poco::Int64>(answer.body.size()));
            response.sendBuffer(answer.body.data(), answer.body.size());
            return;
        case Mode::Chunked: {
            response.setChunkedTransferEncoding(true);
            std::ostream& out = response.send();
            out << answer.body;
            out.flush();
            return;
        }
        case Mode::Half: {
            response.setContentLength64(static_cast<Poco::Int64>(answer.body.size()));
            response.setKeepAlive(false); // the connection closes when the handler returns
            std::ostream& out = response.send();
            out.write(answer.body.data(), static_cast<std::streamsize>(answer.body.size() / 2));
            out.flush();
            return;
        }
        case Mode::Never: {
            std::unique_lock<std::mutex> lock(state_->mutex);
            state_->released.wait(lock, [this] { return state_->stopping; });
            response.setKeepAlive(false);
            return;
        }
        }
    }

private:
    std::shared_ptr<FakeAdminApi::State> state_;
};

class HandlerFactory final : public Poco::Net::HTTPRequestHandlerFactory {
public:
    explicit HandlerFactory(std::shared_ptr<FakeAdminApi::State> state) : state_(std::move(state)) {}
    Poco::Net::HTTPRequestHandler* createRequestHandler(const Poco::Net::HTTPServerRequest&) override {
        return new Handler(state_);
    }

private:
    std::shared_ptr<FakeAdminApi::State> state_;
};

} // namespace

struct FakeAdminApi::Server {
    Poco::ThreadPool threads{2, 16};
    Poco::Net::ServerSocket socket{Poco::Net::SocketAddress("127.0.0.1", 0)};
    std::unique_ptr<Poco::Net::HTTPServer> http;
};

FakeAdminApi::FakeAdminApi() : state_(std::make_shared<State>()), server_(std::make_unique<Server>()) {
    auto* params = new Poco::Net::HTTPServerParams;
    params->setMaxThreads(16);
    params->setKeepAlive(false);
    server_->http = std::make_unique<Poco::Net::HTTPServer>(new HandlerFactory(state_), server_->threads,
                                                            server_->socket, params);
    server_->http->start();
}

FakeAdminApi::~FakeAdminApi() {
    {
        const std::lock_guard<std::mutex> lock(state_->mutex);
        state_->stopping = true;
    }
    state_->released.notify_all();
    server_->http->stopAll(true);
    server_->threads.joinAll();
    server_->http.reset();
}

std::string FakeAdminApi::url(const std::string& path) const {
    return "http://127.0.0.1:" + std::to_string(server_->socket.address().port()) + path;
}

void FakeAdminApi::answerJson(const std::string& path, const std::string& json) {
    state_->set(path, {Mode::Whole, 200, "application/json", json});
}

void FakeAdminApi::answerChunked(const std::string& path, const std::string& json) {
    state_->set(path, {Mode::Chunked, 200, "application/json", json});
}

void FakeAdminApi::answerStatus(const std::string& path, int status, const std::string& body) {
    state_->set(path, {Mode::Whole, status, "text/plain", body});
}

void FakeAdminApi::neverAnswer(const std::string& path) {
    state_->set(path, {Mode::Never, 200, "application/json", ""});
}

void FakeAdminApi::sendHalf(const std::string& path, const std::string& json) {
    state_->set(path, {Mode::Half, 200, "application/json", json});
}

void FakeAdminApi::answerGarbage(const std::string& path) {
    state_->set(path, {Mode::Whole, 200, "application/json",
                       "<html><body><h1>502 Bad Gateway</h1></body></html>\x01\x02\xff"});
}

int FakeAdminApi::hits(const std::string& path) const {
    const std::lock_guard<std::mutex> lock(state_->mutex);
    const auto found = state_->hits.find(path);
    return found == state_->hits.end() ? 0 : found->second;
}

} // namespace msgx::test
