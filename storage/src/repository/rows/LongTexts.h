#pragma once

#include "repository/rows/StoreContext.h"
#include "sql/LongText.h"

#include <Poco/Data/Statement.h>

#include <stdexcept>
#include <string>
#include <vector>

// Reading whole the long text values a row read cut (sql/LongText.h). A row struct with LongText
// members says how:
//
//     static constexpr const char* kWholeTexts = "processing.whole-texts"; // a catalog statement
//     template <typename F> void longTexts(F& f) { f(rawXml), f(lastError); }
//     std::vector<Parameter> longTextKey() const { return {Parameter::int64(id)}; }
//
// where the statement takes longTextKey()'s values and returns the row's long columns whole, in
// longTexts() order; a row type that may also come from an archive table names a second statement
// that reads it there, `kWholeTextsArchived`, tried when the first finds no row. Only MySQL cuts values, only
// those longer than kLongTextHeadChars characters: a read whole is the slow one-off read of
// docs/performance.md, paid for those rare rows alone.
namespace msgx::storage {

namespace detail {

template <typename Context>
void bindParameter(Poco::Data::Statement& select, const Context& ctx, const Parameter& value) {
    switch (value.kind()) {
    case Parameter::Kind::Int64:
        select.addBind(bindInt64(value.number()));
        return;
    case Parameter::Kind::Int:
        select.addBind(bindInt(static_cast<int>(value.number())));
        return;
    case Parameter::Kind::ShortText:
        select.addBind(ctx.text.shortText(value.text()));
        return;
    }
}

// Runs catalog statement `name` with `key`, each of its columns into one vector of `columns`.
template <typename Context>
void readWhole(Transaction& tx, const Context& ctx, const char* name, const std::vector<Parameter>& key,
               std::vector<std::vector<Poco::Nullable<std::string>>>& columns) {
    Poco::Data::Statement select(tx.session());
    select << ctx[name];
    for (const auto& value : key) {
        bindParameter(select, ctx, value);
    }
    for (auto& column : columns) {
        column.clear();
        select.addExtract(Poco::Data::Keywords::into(column));
    }
    select.execute();
}

} // namespace detail

// Completes every cut LongText of `rows` from the database, in the transaction that read them
// (declared in StoreContext.h, whose preparedRows() calls it for such rows). `ctx` names the
// statements (ctx[name]) and binds text (ctx.text): the own store's SqlContext, the mailbox's.
template <typename Row, typename Context>
void completeLongTexts(Transaction& tx, const Context& ctx, std::vector<Row>& rows) {
    for (auto& row : rows) {
        std::vector<LongText*> texts;
        bool cut = false;
        auto collect = [&texts, &cut](LongText& text) {
            texts.push_back(&text);
            cut = cut || text.cut != 0;
        };
        row.longTexts(collect);
        if (!cut) {
            continue;
        }
        std::vector<std::vector<Poco::Nullable<std::string>>> whole(texts.size());
        detail::readWhole(tx, ctx, Row::kWholeTexts, row.longTextKey(), whole);
        if constexpr (requires { Row::kWholeTextsArchived; }) {
            if (whole.front().empty()) {
                detail::readWhole(tx, ctx, Row::kWholeTextsArchived, row.longTextKey(), whole);
            }
        }
        for (std::size_t i = 0; i < texts.size(); ++i) {
            if (whole[i].size() != 1) {
                throw std::runtime_error(std::string(Row::kWholeTexts) +
                                         ": the row whose long text was cut was not found once (" +
                                         std::to_string(whole[i].size()) + " rows)");
            }
            texts[i]->head = std::move(whole[i].front());
            texts[i]->cut = 0;
        }
    }
}

} // namespace msgx::storage
