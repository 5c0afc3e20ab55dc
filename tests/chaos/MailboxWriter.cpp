#include "MailboxWriter.h"

#include <Poco/Data/Statement.h>
#include <Poco/Exception.h>

#include <algorithm>
#include <stdexcept>
#include <vector>

namespace msgx::chaos {

namespace {

using namespace Poco::Data::Keywords;

constexpr std::size_t kRowsPerStatement = 10;

std::int64_t lastInsertId(Poco::Data::Session& session) {
    Poco::UInt64 id = 0;
    session << "SELECT LAST_INSERT_ID()", into(id), now;
    return static_cast<std::int64_t>(id);
}

} // namespace

MailboxWriter::MailboxWriter(std::string connect, ChaosLoad& load, double rowsPerSecond)
    : connect_(std::move(connect)), load_(load), rowsPerSecond_(rowsPerSecond) {}

MailboxWriter::~MailboxWriter() {
    {
        std::lock_guard lock(mutex_);
        stop_ = true;
        paused_ = false;
    }
    changed_.notify_all();
    join();
}

void MailboxWriter::start() {
    thread_ = std::thread([this] { run(); });
}

void MailboxWriter::pause() {
    std::unique_lock lock(mutex_);
    paused_ = true;
    changed_.wait(lock, [&] { return !busy_; });
}

void MailboxWriter::resume() {
    {
        std::lock_guard lock(mutex_);
        paused_ = false;
    }
    changed_.notify_all();
}

std::string MailboxWriter::error() const {
    std::lock_guard lock(mutex_);
    return error_;
}

void MailboxWriter::join() {
    if (thread_.joinable()) {
        thread_.join();
    }
}

// One multi-row INSERT per statement: InnoDB hands a simple multi-row insert consecutive
// AUTO_INCREMENT ids, so the rows get LAST_INSERT_ID() and the ones after it (the checks compare
// every row's text with its planned document, which would show any other assignment). The pace is
// kept against planned times; after a pause the stream catches up at most one second's worth of
// rows at once.
void MailboxWriter::run() {
    try {
        auto session = std::make_unique<Poco::Data::Session>("MySQL", connect_);
        const auto interval = std::chrono::duration<double>(kRowsPerStatement / rowsPerSecond_);
        auto next = std::chrono::steady_clock::now();
        std::int64_t lastId = 0; // the stream's newest id
        for (std::size_t first = 0; first < load_.streamRows; first += kRowsPerStatement) {
            {
                std::unique_lock lock(mutex_);
                changed_.wait_until(lock, next, [&] { return stop_; });
                changed_.wait(lock, [&] { return !paused_ || stop_; });
                if (stop_) {
                    return;
                }
                busy_ = true;
            }
            const std::size_t count = std::min(kRowsPerStatement, load_.streamRows - first);
            std::string sql =
                "INSERT INTO CMINMSGS (CMINMSGS_CLOB_MSG, CMINMSGS_DATE_RECEIVED, CMINMSGS_STATUS) VALUES ";
            for (std::size_t i = 0; i < count; ++i) {
                sql += i == 0 ? "(?, NOW(), 'VALID')" : ", (?, NOW(), 'VALID')";
            }
            // A statement on a connection the server dropped (it was restarted) fails; the writer
            // connects again and finds out from the table whether the statement took effect (its
            // rows above the stream's newest id) before it repeats it, like an upstream that
            // must not insert a message twice. Bounded: 120 s of failures end the stream.
            const auto giveUp = std::chrono::steady_clock::now() + std::chrono::seconds(120);
            std::int64_t id = 0;
            for (;;) {
                try {
                    if (!session) {
                        session = std::make_unique<Poco::Data::Session>("MySQL", connect_);
                        std::vector<Poco::Int64> above;
                        *session
                            << "SELECT CMINMSGS_ID FROM CMINMSGS WHERE CMINMSGS_ID > ? ORDER BY CMINMSGS_ID",
                            use(lastId), into(above), now;
                        std::vector<Poco::Int64> mine;
                        for (const auto candidate : above) {
                            const bool heldRow =
                                std::any_of(load_.held.begin(), load_.held.end(),
                                            [&](std::size_t r) { return load_.rows[r].id == candidate; });
                            if (!heldRow) {
                                mine.push_back(candidate);
                            }
                        }
                        if (mine.size() == count) {
                            id = mine.front(); // the failed statement had been committed
                            break;
                        }
                        if (!mine.empty()) {
                            throw std::runtime_error(std::to_string(mine.size()) +
                                                     " unexpected rows above id " + std::to_string(lastId));
                        }
                    }
                    Poco::Data::Statement statement(*session);
                    statement << sql;
                    for (std::size_t i = 0; i < count; ++i) {
                        statement, useRef(load_.rows[first + i].document);
                    }
                    statement.execute();
                    id = lastInsertId(*session);
                    break;
                } catch (const Poco::Exception& e) {
                    session.reset();
                    if (std::chrono::steady_clock::now() > giveUp) {
                        std::lock_guard lock(mutex_);
                        busy_ = false;
                        changed_.notify_all();
                        throw std::runtime_error(e.displayText());
                    }
                    std::this_thread::sleep_for(std::chrono::milliseconds(500));
                }
            }
            const auto at = std::chrono::steady_clock::now();
            for (std::size_t i = 0; i < count; ++i) {
                load_.rows[first + i].id = id + static_cast<std::int64_t>(i);
                load_.rows[first + i].insertedAt = at;
            }
            lastId = id + static_cast<std::int64_t>(count) - 1;
            inserted_ += count;
            {
                std::lock_guard lock(mutex_);
                busy_ = false;
            }
            changed_.notify_all();
            next += std::chrono::duration_cast<std::chrono::steady_clock::duration>(interval);
            next = std::max(next, std::chrono::steady_clock::now() - std::chrono::seconds(1));
        }
    } catch (const std::exception& e) {
        std::lock_guard lock(mutex_);
        error_ = std::string("mailbox insert failed: ") + e.what();
    }
    finished_ = true;
}

std::int64_t MailboxWriter::hold(std::size_t row) {
    auto session = std::make_unique<Poco::Data::Session>("MySQL", connect_);
    session->begin();
    auto& planned = load_.rows.at(row);
    *session << "INSERT INTO CMINMSGS (CMINMSGS_CLOB_MSG, CMINMSGS_DATE_RECEIVED, CMINMSGS_STATUS) VALUES "
                "(?, NOW(), "
                "'VALID')",
        useRef(planned.document), now;
    planned.id = lastInsertId(*session);
    planned.insertedAt = std::chrono::steady_clock::now();
    held_[row] = std::move(session);
    return planned.id;
}

void MailboxWriter::commitHeld(std::size_t row) {
    const auto it = held_.find(row);
    if (it == held_.end()) {
        throw std::logic_error("no held transaction for row " + std::to_string(row));
    }
    it->second->commit();
    held_.erase(it);
}

} // namespace msgx::chaos
