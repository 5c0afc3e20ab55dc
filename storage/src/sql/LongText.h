#pragma once

#include "sql/RowMapping.h"

#include <Poco/Nullable.h>

#include <optional>
#include <stdexcept>
#include <string>

// Long text columns (MEDIUMTEXT / TEXT / CLOB) as rows read them.
//
// Poco 1.11's MySQL connector allocates and zero-fills, per prepared statement, a result buffer of
// each column's declared size: 16 MiB or more for a MEDIUMTEXT, ~194 ms per one-off read of one
// (docs/performance.md, 2026-12-06), and as much memory held by a statement kept prepared. LONGTEXT
// is no way out: Poco binds it no buffer and crashes extracting it. So on MySQL a row reads the first
// kLongTextHeadChars characters of such a column and whether it was longer (Dialect::longTextRead,
// 64 KiB declared: 0.18 ms), and the rare longer value is read whole by the row's key afterwards
// (completeLongTexts, repository/rows/LongTexts.h). The other dialects read the value whole.
namespace msgx::storage {

inline constexpr int kLongTextHeadChars = 16384;

struct LongText {
    Poco::Nullable<std::string> head; // the whole value unless cut
    int cut = 0;                      // 1: head holds the first kLongTextHeadChars characters only

    template <typename Columns>
    void columns(Columns& c) {
        c(head), c(cut);
    }

    // The value; a cut value that was not completed is a bug of the read, never returned truncated.
    [[nodiscard]] const std::string& text() const {
        requireWhole();
        if (head.isNull()) {
            throw std::logic_error("long text column read as text is NULL");
        }
        return head.value();
    }
    // text(), moved out.
    [[nodiscard]] std::string takeText() {
        static_cast<void>(text());
        return std::move(head.value());
    }
    [[nodiscard]] std::optional<std::string> optionalText() const {
        requireWhole();
        return head.isNull() ? std::nullopt : std::optional(head.value());
    }

private:
    void requireWhole() const {
        if (cut != 0) {
            throw std::logic_error("long text column used before it was read whole (completeLongTexts)");
        }
    }
};

} // namespace msgx::storage

MSGX_ROW_TYPE_HANDLER(msgx::storage::LongText)
