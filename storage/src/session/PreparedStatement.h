#pragma once

#include "sql/Values.h"

#include <Poco/Data/LOB.h>
#include <Poco/Data/Session.h>
#include <Poco/Data/Statement.h>
#include <Poco/Data/TypeHandler.h>

#include <optional>
#include <string>
#include <vector>

// Statements prepared once per session and executed again with new values: re-executing a
// prepared Poco statement saves the prepare (and for PostgreSQL the deallocate) round trips an
// ad-hoc statement costs on every execution (platform-notes §3: about 2,600 against 1,450
// transactions per second). Used for the statements of the processing commit, the hot path.
namespace msgx::storage {

// A text parameter whose value changes between executions: bound as std::string, or as CLOB where
// the connector needs that for the value (TextBinder), or as NULL.
class BoundText {
public:
    BoundText(const TextBinder& binder, TextColumn column) : binder_(binder), column_(column) {}

    void set(const std::string& value);
    void set(const std::optional<std::string>& value);

    [[nodiscard]] bool isNull() const { return null_; }
    [[nodiscard]] bool asClob() const { return asClob_; }
    [[nodiscard]] const std::string& text() const { return text_; }
    [[nodiscard]] const Poco::Data::CLOB& clob() const { return clob_; }

private:
    TextBinder binder_;
    TextColumn column_;
    bool null_ = true;
    bool asClob_ = false;
    std::string text_;
    Poco::Data::CLOB clob_;
};

// Poco 1.11's PostgreSQL statement frees its previous result when it executes again but keeps the
// pointer; when that execution fails, destroying the statement frees the result a second time
// (heap corruption). A re-executed PostgreSQL statement that failed is therefore never destroyed:
// it is parked for the life of the process (a few KB each; only after a failed statement, and the
// session it belonged to is discarded anyway).
class StatementGuard {
public:
    explicit StatementGuard(const Poco::Data::Session& session);
    StatementGuard(const StatementGuard&) = delete;
    StatementGuard& operator=(const StatementGuard&) = delete;

    // Runs statement.execute(), remembering whether a failure makes it unsafe to destroy; returns
    // what it returns (the rows changed, for a statement without rows).
    std::size_t execute(Poco::Data::Statement& statement);
    // Parks the statement instead of letting it be destroyed when it must not be.
    void release(Poco::Data::Statement& statement);

private:
    bool postgres_;
    bool executed_ = false;
    bool unsafe_ = false;
};

// Number of statements parked by StatementGuard (for tests and diagnostics).
std::size_t parkedStatements();

// The parameters of a prepared statement: a struct of members that stay at one address (Poco binds
// them by reference), listed once, in placeholder order, by
//     template <typename Use> void parameters(Use& use) { use(a); use(b); }
// Members are Poco::Int64, int, Poco::Nullable<Poco::Int64> or BoundText.
template <typename Parameters>
class PreparedStatement {
public:
    template <typename... Args>
    PreparedStatement(Poco::Data::Session& session, const std::string& sql, Args&&... args)
        : values(std::forward<Args>(args)...), statement_(session), guard_(session) {
        statement_ << sql;
        auto use = [this](auto& value) { statement_, Poco::Data::Keywords::use(value); };
        values.parameters(use);
    }
    ~PreparedStatement() { guard_.release(statement_); }
    PreparedStatement(const PreparedStatement&) = delete;
    PreparedStatement& operator=(const PreparedStatement&) = delete;

    // The number of rows changed, as the connector reports it.
    std::size_t execute() { return guard_.execute(statement_); }

    Parameters values; // set them, then execute()

private:
    Poco::Data::Statement statement_;
    StatementGuard guard_;
};

// A prepared query: its parameters as above, its result rows (RowMapping.h or a plain Poco type).
template <typename Row, typename Parameters>
class PreparedQuery {
public:
    template <typename... Args>
    PreparedQuery(Poco::Data::Session& session, const std::string& sql, Args&&... args)
        : values(std::forward<Args>(args)...), statement_(session), guard_(session) {
        statement_ << sql;
        auto use = [this](auto& value) { statement_, Poco::Data::Keywords::use(value); };
        values.parameters(use);
        statement_, Poco::Data::Keywords::into(rows_);
    }
    ~PreparedQuery() { guard_.release(statement_); }
    PreparedQuery(const PreparedQuery&) = delete;
    PreparedQuery& operator=(const PreparedQuery&) = delete;

    // The rows, until the next execute(); the caller may move them out.
    std::vector<Row>& execute() {
        rows_.clear();
        guard_.execute(statement_);
        return rows_;
    }

    Parameters values;

private:
    std::vector<Row> rows_;
    Poco::Data::Statement statement_;
    StatementGuard guard_;
};

// One BIGINT key parameter, the most common case.
struct KeyParameter {
    Poco::Int64 key = 0;
    template <typename Use>
    void parameters(Use& use) {
        use(key);
    }
};

} // namespace msgx::storage

namespace Poco::Data {

template <>
class TypeHandler<msgx::storage::BoundText> : public AbstractTypeHandler {
public:
    static std::size_t size() { return 1; }
    static void bind(std::size_t pos, const msgx::storage::BoundText& value, AbstractBinder::Ptr binder,
                     AbstractBinder::Direction direction) {
        if (value.isNull()) {
            binder->bind(pos, Keywords::null, direction);
        } else if (value.asClob()) {
            binder->bind(pos, value.clob(), direction);
        } else {
            binder->bind(pos, value.text(), direction);
        }
    }
};

} // namespace Poco::Data
