#pragma once

#include "msgx/sdk/FlightDocument.h"

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace msgx::pipeline {

// Flight documents as compact byte strings, for the flights the pump's view keeps between batches
// (StoreFlightView): 20,000 live flights held as documents took about 35 MB, a map node of ~110
// bytes per attribute and list field; packed they take a fifth of that. A field's name is written as
// its number in this packer's name table (names come from flight-model.md's fixed vocabulary, so the
// table stays small), its value as a tag and the bytes of the value.
//
// unpack(pack(d)) == d for every document; a string packed by one packer is read by that packer only
// (its name table). Not thread-safe: the pump's thread.
class PackedDocuments {
public:
    [[nodiscard]] std::string pack(const sdk::FlightDocument& document);
    [[nodiscard]] sdk::FlightDocument unpack(sdk::Flid flid, std::string_view packed) const;

    // Names in the table (for tests of its bound).
    [[nodiscard]] std::size_t names() const { return names_.size(); }

private:
    void packFields(const sdk::Fields& fields, std::string& out);
    [[nodiscard]] std::uint64_t nameNumber(const std::string& name);

    std::vector<std::string> names_;
    std::map<std::string, std::uint64_t, std::less<>> numbers_;
};

} // namespace msgx::pipeline
