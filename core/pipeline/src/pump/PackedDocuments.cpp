#include "msgx/pipeline/pump/PackedDocuments.h"

#include <cstring>
#include <stdexcept>

namespace msgx::pipeline {
namespace {

// The value tags. A document holds no null (FlightDocument::set erases it), a list entry leaves
// nulls out; Null is there so that any Fields round-trip.
enum Tag : char { Null = 0, False = 1, True = 2, Integer = 3, Decimal = 4, Text = 5, Codes = 6 };

void putNumber(std::uint64_t n, std::string& out) {
    while (n >= 0x80) {
        out.push_back(static_cast<char>((n & 0x7f) | 0x80));
        n >>= 7;
    }
    out.push_back(static_cast<char>(n));
}

void putText(const std::string& text, std::string& out) {
    putNumber(text.size(), out);
    out.append(text);
}

// Reads what pack() wrote; a string it did not write is a bug of the view, never input.
class Reader {
public:
    explicit Reader(std::string_view in) : in_(in) {}

    std::uint64_t number() {
        std::uint64_t n = 0;
        for (int shift = 0;; shift += 7) {
            const auto byte = static_cast<unsigned char>(next());
            n |= static_cast<std::uint64_t>(byte & 0x7f) << shift;
            if ((byte & 0x80) == 0) {
                return n;
            }
        }
    }
    std::string text() {
        const auto size = static_cast<std::size_t>(number());
        need(size);
        std::string text(in_.substr(at_, size));
        at_ += size;
        return text;
    }
    char next() {
        need(1);
        return in_[at_++];
    }
    double decimal() {
        need(sizeof(double));
        double d = 0;
        std::memcpy(&d, in_.data() + at_, sizeof d);
        at_ += sizeof d;
        return d;
    }

private:
    void need(std::size_t n) const {
        if (in_.size() - at_ < n) {
            throw std::logic_error("a packed flight document ends early");
        }
    }

    std::string_view in_;
    std::size_t at_ = 0;
};

sdk::Value readValue(Reader& in) {
    switch (in.next()) {
    case Null:
        return std::monostate{};
    case False:
        return false;
    case True:
        return true;
    case Integer: {
        const std::uint64_t zigzag = in.number();
        return static_cast<std::int64_t>((zigzag >> 1) ^ (~(zigzag & 1) + 1));
    }
    case Decimal:
        return in.decimal();
    case Text:
        return in.text();
    case Codes: {
        sdk::StringList codes(static_cast<std::size_t>(in.number()));
        for (auto& code : codes) {
            code = in.text();
        }
        return codes;
    }
    default:
        throw std::logic_error("a packed flight document has an unknown value tag");
    }
}

} // namespace

std::uint64_t PackedDocuments::nameNumber(const std::string& name) {
    if (const auto found = numbers_.find(name); found != numbers_.end()) {
        return found->second;
    }
    names_.push_back(name);
    return numbers_.emplace(name, names_.size() - 1).first->second;
}

void PackedDocuments::packFields(const sdk::Fields& fields, std::string& out) {
    putNumber(fields.size(), out);
    for (const auto& [name, value] : fields) {
        putNumber(nameNumber(name), out);
        std::visit(
            [&out](const auto& v) {
                using V = std::decay_t<decltype(v)>;
                if constexpr (std::is_same_v<V, std::monostate>) {
                    out.push_back(Null);
                } else if constexpr (std::is_same_v<V, bool>) {
                    out.push_back(v ? True : False);
                } else if constexpr (std::is_same_v<V, std::int64_t>) {
                    out.push_back(Integer);
                    const auto u = static_cast<std::uint64_t>(v);
                    putNumber((u << 1) ^ (v < 0 ? ~std::uint64_t{0} : 0), out);
                } else if constexpr (std::is_same_v<V, double>) {
                    out.push_back(Decimal);
                    char bytes[sizeof(double)];
                    std::memcpy(bytes, &v, sizeof v);
                    out.append(bytes, sizeof bytes);
                } else if constexpr (std::is_same_v<V, std::string>) {
                    out.push_back(Text);
                    putText(v, out);
                } else {
                    out.push_back(Codes);
                    putNumber(v.size(), out);
                    for (const auto& code : v) {
                        putText(code, out);
                    }
                }
            },
            value);
    }
}

std::string PackedDocuments::pack(const sdk::FlightDocument& document) {
    std::string out;
    packFields(document.attributes(), out);
    putNumber(document.lists().size(), out);
    for (const auto& [name, entries] : document.lists()) {
        putNumber(nameNumber(name), out);
        putNumber(entries.size(), out);
        for (const auto& entry : entries) {
            packFields(entry, out);
        }
    }
    out.shrink_to_fit();
    return out;
}

sdk::FlightDocument PackedDocuments::unpack(sdk::Flid flid, std::string_view packed) const {
    Reader in(packed);
    const auto readFields = [this, &in] {
        sdk::Fields fields;
        for (auto count = in.number(); count > 0; --count) {
            const std::string& name = names_.at(static_cast<std::size_t>(in.number()));
            fields.emplace_hint(fields.end(), name, readValue(in));
        }
        return fields;
    };
    sdk::FlightDocument document(flid);
    for (auto& [name, value] : readFields()) {
        document.set(name, std::move(value));
    }
    for (auto lists = in.number(); lists > 0; --lists) {
        const std::string& name = names_.at(static_cast<std::size_t>(in.number()));
        sdk::DetailList entries(static_cast<std::size_t>(in.number()));
        for (auto& entry : entries) {
            entry = readFields();
        }
        document.setList(name, std::move(entries));
    }
    return document;
}

} // namespace msgx::pipeline
