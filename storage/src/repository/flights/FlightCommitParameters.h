#pragma once

#include "repository/processing/CommitStatements.h"
#include "repository/rows/CommitValues.h"
#include "repository/rows/IdChunks.h"

#include <array>

// The bound parameters of the FLIGHT and FLIGHT_DETAIL statements of a processing commit.
namespace msgx::storage {

// The typed key columns of FLIGHT, shared by insert and update.
struct FlightKeyValues {
    explicit FlightKeyValues(const TextBinder& text)
        : ffid(text, TextColumn::Short), alcd(text, TextColumn::Short), flno(text, TextColumn::Short),
          mvin(text, TextColumn::Short) {}
    BoundText ffid;
    BoundText alcd;
    BoundText flno;
    BoundText mvin;
    Poco::Nullable<Poco::Int64> sodt;
    Poco::Nullable<Poco::Int64> maid;
    Poco::Nullable<Poco::Int64> linkFlid;

    void set(const FlightKeys& keys) {
        ffid.set(keys.ffid);
        alcd.set(keys.alcd);
        flno.set(keys.flno);
        mvin.set(keys.mvin);
        sodt = nullable(keys.sodt);
        maid = nullable(keys.maid);
        linkFlid = nullable(keys.linkFlid);
    }
};

// flight.insert: FLID, FFID, ALCD, FLNO, MVIN, SODT, MAID, LINK_FLID, DELETED, STATE_VERSION,
// ATTRIBUTES, CREATED_AT, UPDATED_AT
struct CommitStatements::FlightInsert {
    explicit FlightInsert(const TextBinder& text) : keys(text), attributes(text, TextColumn::Long) {}
    Poco::Int64 flid = 0;
    FlightKeyValues keys;
    int deleted = 0;
    Poco::Int64 version = 0;
    BoundText attributes;
    Poco::Int64 createdAt = 0;
    Poco::Int64 updatedAt = 0;

    template <typename Use>
    void parameters(Use& use) {
        use(flid), use(keys.ffid), use(keys.alcd), use(keys.flno), use(keys.mvin), use(keys.sodt),
            use(keys.maid);
        use(keys.linkFlid), use(deleted), use(version), use(attributes), use(createdAt), use(updatedAt);
    }
};

// flight.update: FFID, ALCD, FLNO, MVIN, SODT, MAID, LINK_FLID, STATE_VERSION, ATTRIBUTES,
// UPDATED_AT, FLID
struct CommitStatements::FlightUpdate {
    explicit FlightUpdate(const TextBinder& text) : keys(text), attributes(text, TextColumn::Long) {}
    FlightKeyValues keys;
    Poco::Int64 version = 0;
    BoundText attributes;
    Poco::Int64 updatedAt = 0;
    Poco::Int64 flid = 0;

    template <typename Use>
    void parameters(Use& use) {
        use(keys.ffid), use(keys.alcd), use(keys.flno), use(keys.mvin), use(keys.sodt), use(keys.maid);
        use(keys.linkFlid), use(version), use(attributes), use(updatedAt), use(flid);
    }
};

// flight.mark-deleted: STATE_VERSION, UPDATED_AT, FLID
struct CommitStatements::FlightDelete {
    Poco::Int64 version = 0;
    Poco::Int64 updatedAt = 0;
    Poco::Int64 flid = 0;

    template <typename Use>
    void parameters(Use& use) {
        use(version), use(updatedAt), use(flid);
    }
};

// flight.delete-list: FLID, LIST_NAME
struct CommitStatements::ListKey {
    explicit ListKey(const TextBinder& text) : list(text, TextColumn::Short) {}
    Poco::Int64 flid = 0;
    BoundText list;

    template <typename Use>
    void parameters(Use& use) {
        use(flid), use(list);
    }
};

// flight.insert-item: FLID, LIST_NAME, SEQ, ITEM
struct CommitStatements::ListItem {
    explicit ListItem(const TextBinder& text) : list(text, TextColumn::Short), item(text, TextColumn::Long) {}
    Poco::Int64 flid = 0;
    BoundText list;
    int seq = 0;
    BoundText item;

    template <typename Use>
    void parameters(Use& use) {
        use(flid), use(list), use(seq), use(item);
    }
};

// flight.lock-versions: kIdsPerStatement flight ids.
struct CommitStatements::FlightIds {
    std::array<Poco::Int64, kIdsPerStatement> ids{}; // fixed storage: Poco binds the elements by reference

    template <typename Use>
    void parameters(Use& use) {
        for (auto& id : ids) {
            use(id);
        }
    }
};

} // namespace msgx::storage
