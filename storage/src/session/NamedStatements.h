#pragma once

#include "msgx/storage/Timestamp.h"
#include "session/PreparedStatement.h"
#include "sql/Values.h"

#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

// Statements of the catalog prepared once per session by name and executed again with the values of
// each call: the way an ad-hoc `session << sql, bind(..), now` is written, without the prepare,
// describe and (PostgreSQL) deallocate round trips it costs on every execution. On this VM those made
// ~900 of the ~1,000 statements msgxd sent in 2 s of the paced bench phase three round trips more
// each (strace, docs/performance.md 2026-12-05 evening); the pump's flight look-ups, the writer's
// fence and the count upserts among them.
namespace msgx::storage {

// One bound value. Its kind fixes the slot it binds: a statement's calls must pass the same kinds in
// the same order. (Kinds are added as statements need them: a nullable BIGINT or a long text would
// take a Poco::Nullable slot and a BoundText of TextColumn::Long.)
class Parameter {
public:
    enum class Kind { Int64, Int, ShortText };

    static Parameter int64(std::int64_t value) { return {Kind::Int64, value, {}}; }
    static Parameter integer(int value) { return {Kind::Int, value, {}}; }
    static Parameter micros(Timestamp value) { return int64(toEpochMicros(value)); }
    // For a VARCHAR column (also in WHERE comparisons); nullopt binds NULL.
    static Parameter shortText(std::optional<std::string> value) {
        return {Kind::ShortText, 0, std::move(value)};
    }

    [[nodiscard]] Kind kind() const { return kind_; }
    [[nodiscard]] std::int64_t number() const { return number_; }
    [[nodiscard]] const std::optional<std::string>& text() const { return text_; }

private:
    Parameter(Kind kind, std::int64_t number, std::optional<std::string> text)
        : kind_(kind), number_(number), text_(std::move(text)) {}

    Kind kind_;
    std::int64_t number_ = 0;
    std::optional<std::string> text_;
};

// The parameters of a named statement (PreparedStatement.h): one slot per placeholder, at an address
// that does not change, made for the kinds of the first call.
class ParameterSlots {
public:
    ParameterSlots(const TextBinder& binder, const std::vector<Parameter::Kind>& kinds);

    // Sets every slot; throws std::logic_error when `values` do not have the slots' kinds.
    void set(const std::vector<Parameter>& values);

    // The slots in placeholder order (PreparedStatement.h binds them once, by reference).
    template <typename Use>
    void parameters(Use& use) {
        for (auto& slot : slots_) {
            std::visit([&use](auto& value) { use(value); }, slot);
        }
    }

private:
    using Slot = std::variant<Poco::Int64, int, BoundText>;
    std::vector<Parameter::Kind> kinds_;
    std::deque<Slot> slots_;
};

std::vector<Parameter::Kind> kindsOf(const std::vector<Parameter>& values);

// Whether rows of type Row have a column as long as MEDIUMTEXT / TEXT / CLOB: such a row type names
// the statement that reads its long columns whole, `kWholeTexts` (repository/rows/LongTexts.h).
template <typename Row>
constexpr bool hasLongText() {
    return requires {
        Row::kWholeTexts;
    };
}

// Whether a prepared statement of `session` can be kept between executions whatever its columns. Poco's
// MySQL and ODBC statements hold a result buffer of each column's declared size from their prepare on
// (16 MB for a MEDIUMTEXT, as large for psqlODBC's MaxLongVarcharSize): kept, the flight reads alone
// made a MySQL test process peak at 545 MB and an ODBC one at 154 MB, against 22 MB on PostgreSQL.
// On native MySQL rows now read long columns as a 16,384-character head (sql/LongText.h, 64 KiB
// declared), so there they are kept; through ODBC they still are not.
bool keepsLongTextStatements(const Poco::Data::Session& session);

// The queries of one session that return rows of type Row (RowMapping.h or a plain Poco type), by
// statement name. Rows with a long text column (hasLongText) are read by a statement made for the call
// where keepsLongTextStatements() is false. The rows returned stay valid until the same query runs again; the
// caller may move them out.
template <typename Row>
class NamedQueries {
public:
    NamedQueries(Poco::Data::Session& session, TextBinder binder)
        : session_(session), binder_(binder), keep_(!hasLongText<Row>() || keepsLongTextStatements(session)) {
    }

    std::vector<Row>& run(const std::string& name, const std::string& sql,
                          const std::vector<Parameter>& values) {
        if (!keep_) {
            PreparedQuery<Row, ParameterSlots> once(session_, sql, binder_, kindsOf(values));
            once.values.set(values);
            oneOff_ = std::move(once.execute());
            return oneOff_;
        }
        auto& query = queries_[name];
        if (!query) {
            query =
                std::make_unique<PreparedQuery<Row, ParameterSlots>>(session_, sql, binder_, kindsOf(values));
        }
        query->values.set(values);
        return query->execute();
    }

private:
    Poco::Data::Session& session_; // the set lives no longer than its session (PreparedStatements.h)
    TextBinder binder_;
    bool keep_;
    std::map<std::string, std::unique_ptr<PreparedQuery<Row, ParameterSlots>>> queries_;
    std::vector<Row> oneOff_; // the rows of the last statement made for its call
};

// The same for statements without rows.
class NamedCommands {
public:
    NamedCommands(Poco::Data::Session& session, TextBinder binder) : session_(session), binder_(binder) {}

    // The number of rows the statement changed, as the connector reports it.
    std::size_t run(const std::string& name, const std::string& sql, const std::vector<Parameter>& values);

private:
    Poco::Data::Session& session_;
    TextBinder binder_;
    std::map<std::string, std::unique_ptr<PreparedStatement<ParameterSlots>>> commands_;
};

} // namespace msgx::storage
