#include "repository/CommitStatements.h"

#include "repository/IdChunks.h"

#include <algorithm>
#include <array>

namespace msgx::storage {

namespace {

Poco::Nullable<Poco::Int64> nullable(const std::optional<std::int64_t>& v) {
    return v ? Poco::Nullable<Poco::Int64>(*v) : Poco::Nullable<Poco::Int64>();
}

Poco::Nullable<Poco::Int64> nullable(const std::optional<Timestamp>& t) {
    return t ? Poco::Nullable<Poco::Int64>(toEpochMicros(*t)) : Poco::Nullable<Poco::Int64>();
}

} // namespace

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

// event.insert: TARGET, FLID, PAYLOAD, STATE, ATTEMPTS, NEXT_ATTEMPT_AT, SOURCE_ID, CREATED_AT
struct CommitStatements::EventInsert {
    explicit EventInsert(const TextBinder& text)
        : target(text, TextColumn::Short), payload(text, TextColumn::Long), state(text, TextColumn::Short) {}
    BoundText target;
    Poco::Nullable<Poco::Int64> flid;
    BoundText payload;
    BoundText state;
    int attempts = 0;
    Poco::Int64 nextAttemptAt = 0;
    Poco::Nullable<Poco::Int64> sourceId;
    Poco::Int64 createdAt = 0;

    template <typename Use>
    void parameters(Use& use) {
        use(target), use(flid), use(payload), use(state), use(attempts), use(nextAttemptAt), use(sourceId);
        use(createdAt);
    }
};

// event.insert-many: kEventsPerInsert rows of event.insert's parameters.
struct CommitStatements::EventInsertMany {
    explicit EventInsertMany(const TextBinder& text) {
        rows.reserve(kEventsPerInsert); // never grows: Poco binds the members by reference
        for (int i = 0; i < kEventsPerInsert; ++i) {
            rows.emplace_back(text);
        }
    }
    std::vector<EventInsert> rows;

    template <typename Use>
    void parameters(Use& use) {
        for (auto& row : rows) {
            row.parameters(use);
        }
    }
};

// processing.finish: STATE, ERROR_CLASS, LAST_ERROR, NOTE, IDENTITY_KEY, PROCESSING_STARTED_AT,
// UPDATED_AT, PROCESSED_AT, BACKFILL_STATE, BACKFILL_NEXT_AT, BACKFILL_STATUS_VALUE, CMINMSGS_ID
// processing.finish: the outcome, then kFinishesPerUpdate (id, identity), kFinishesPerUpdate (id,
// processing start), the times and back-fill, and the kFinishesPerUpdate ids.
struct CommitStatements::FinishUpdate {
    explicit FinishUpdate(const TextBinder& text)
        : state(text, TextColumn::Short), errorClass(text, TextColumn::Short),
          lastError(text, TextColumn::Long), note(text, TextColumn::Long),
          backfillState(text, TextColumn::Short), status(text, TextColumn::Short) {
        for (int i = 0; i < kFinishesPerUpdate; ++i) {
            identityKeys.emplace_back(text, TextColumn::Short);
        }
    }
    BoundText state;
    BoundText errorClass;
    BoundText lastError;
    BoundText note;
    std::array<Poco::Int64, kFinishesPerUpdate> ids{}; // fixed storage: Poco binds by reference
    std::vector<BoundText> identityKeys;               // made once in the constructor
    std::array<Poco::Nullable<Poco::Int64>, kFinishesPerUpdate> processingStartedAt;
    Poco::Int64 updatedAt = 0;
    Poco::Int64 processedAt = 0;
    BoundText backfillState;
    Poco::Nullable<Poco::Int64> backfillNextAt;
    BoundText status;

    template <typename Use>
    void parameters(Use& use) {
        use(state), use(errorClass), use(lastError), use(note);
        for (int i = 0; i < kFinishesPerUpdate; ++i) {
            use(ids[i]), use(identityKeys[i]);
        }
        for (int i = 0; i < kFinishesPerUpdate; ++i) {
            use(ids[i]), use(processingStartedAt[i]);
        }
        use(updatedAt), use(processedAt), use(backfillState), use(backfillNextAt), use(status);
        for (auto& id : ids) {
            use(id);
        }
    }
};

// processing.identity-holders: kIdentityKeysPerLookup keys for PROC_STATE, the same for PROC_STATE_HST
struct CommitStatements::IdentityKeys {
    explicit IdentityKeys(const TextBinder& text) {
        for (int i = 0; i < kIdentityKeysPerLookup; ++i) {
            keys.emplace_back(text, TextColumn::Short);
        }
    }
    std::vector<BoundText> keys; // reserved once: Poco binds the elements by reference

    template <typename Use>
    void parameters(Use& use) {
        for (int table = 0; table < 2; ++table) {
            for (auto& key : keys) {
                use(key);
            }
        }
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

// processing.lock-range: low, high
struct CommitStatements::IdRange {
    Poco::Int64 low = 0;
    Poco::Int64 high = 0;

    template <typename Use>
    void parameters(Use& use) {
        use(low), use(high);
    }
};

CommitStatements::CommitStatements(Poco::Data::Session& session, const SqlContext& ctx)
    : lock_(std::make_unique<PreparedQuery<LockedRow, KeyParameter>>(session, ctx["processing.lock"])),
      flightInsert_(
          std::make_unique<PreparedStatement<FlightInsert>>(session, ctx["flight.insert"], ctx.text)),
      flightUpdate_(
          std::make_unique<PreparedStatement<FlightUpdate>>(session, ctx["flight.update"], ctx.text)),
      flightDelete_(std::make_unique<PreparedStatement<FlightDelete>>(session, ctx["flight.mark-deleted"])),
      deleteAllLists_(
          std::make_unique<PreparedStatement<KeyParameter>>(session, ctx["flight.delete-all-lists"])),
      deleteList_(std::make_unique<PreparedStatement<ListKey>>(session, ctx["flight.delete-list"], ctx.text)),
      insertItem_(
          std::make_unique<PreparedStatement<ListItem>>(session, ctx["flight.insert-item"], ctx.text)),
      eventInsert_(std::make_unique<PreparedStatement<EventInsert>>(session, ctx["event.insert"], ctx.text)),
      eventInsertMany_(ctx.sql->all().count("event.insert-many") == 0
                           ? nullptr
                           : std::make_unique<PreparedStatement<EventInsertMany>>(
                                 session, ctx["event.insert-many"], ctx.text)),
      finish_(std::make_unique<PreparedStatement<FinishUpdate>>(session, ctx["processing.finish"], ctx.text)),
      identityHolders_(std::make_unique<PreparedQuery<IdentityHolderRow, IdentityKeys>>(
          session, ctx["processing.identity-holders"], ctx.text)),
      lockRange_(
          std::make_unique<PreparedQuery<LockedRangeRow, IdRange>>(session, ctx["processing.lock-range"])),
      flightVersions_(std::make_unique<PreparedQuery<FlightVersionRow, FlightIds>>(
          session, ctx["flight.lock-versions"])) {}

CommitStatements& CommitStatements::of(Transaction& tx, const SqlContext& ctx) {
    return tx.prepared().get<CommitStatements>(
        [&tx, &ctx] { return std::make_shared<CommitStatements>(tx.session(), ctx); });
}

std::optional<LockedRow> CommitStatements::lockRow(MailboxId id) {
    lock_->values.key = id;
    const auto& rows = lock_->execute();
    return rows.empty() ? std::nullopt : std::optional(rows.front());
}

std::map<MailboxId, LockedRow> CommitStatements::lockRange(MailboxId low, MailboxId high) {
    lockRange_->values.low = low;
    lockRange_->values.high = high;
    std::map<MailboxId, LockedRow> rows;
    for (const auto& row : lockRange_->execute()) {
        rows.emplace(row.id, row.row);
    }
    return rows;
}

void CommitStatements::lockFlights(const std::vector<FlightId>& flids) {
    std::vector<std::int64_t> missing;
    for (const FlightId flid : flids) {
        if (!lockedVersions_.contains(flid) && !writtenVersions_.contains(flid)) {
            lockedVersions_.emplace(flid, std::nullopt);
            missing.push_back(flid);
        }
    }
    for (const auto& chunk : idChunks(missing)) {
        std::copy(chunk.begin(), chunk.end(), flightVersions_->values.ids.begin());
        for (const auto& row : flightVersions_->execute()) {
            lockedVersions_[row.flid] = row.version;
        }
    }
}

void CommitStatements::beginTransaction() {
    queuedFinishes_.clear();
    lockedVersions_.clear();
    writtenVersions_.clear();
    queuedEvents_.clear();
}

std::optional<std::string> CommitStatements::applyFlightWrite(const FlightWrite& write, Timestamp stamp) {
    std::optional<std::int64_t> current;
    if (const auto known = writtenVersions_.find(write.flid); known != writtenVersions_.end()) {
        current = known->second;
    } else {
        lockFlights({write.flid}); // a no-op when the batch locked its flights up front (commitAll)
        current = lockedVersions_.at(write.flid);
    }
    if (current != write.expectedVersion) {
        const auto text = [](const std::optional<std::int64_t>& v) {
            return v ? "version " + std::to_string(*v) : std::string("absent");
        };
        return "FLIGHT " + std::to_string(write.flid) + " is " + text(current) + ", the decision expected " +
               text(write.expectedVersion);
    }
    const Poco::Int64 micros = toEpochMicros(stamp);
    if (write.kind == FlightWrite::Kind::Delete) {
        if (!current) {
            return std::nullopt; // deleting a flight that is not there changes nothing
        }
        writtenVersions_[write.flid] = *current + 1;
        flightDelete_->values.version = *current + 1;
        flightDelete_->values.updatedAt = micros;
        flightDelete_->values.flid = write.flid;
        flightDelete_->execute();
        deleteAllLists_->values.key = write.flid;
        deleteAllLists_->execute();
        return std::nullopt;
    }
    if (!current) {
        auto& v = flightInsert_->values;
        v.flid = write.flid;
        v.keys.set(write.keys);
        v.deleted = 0;
        v.version = 1;
        v.attributes.set(write.attributesJson);
        v.createdAt = micros;
        v.updatedAt = micros;
        flightInsert_->execute();
        writtenVersions_[write.flid] = 1;
    } else {
        auto& v = flightUpdate_->values;
        v.keys.set(write.keys);
        v.version = *current + 1;
        v.attributes.set(write.attributesJson);
        v.updatedAt = micros;
        v.flid = write.flid;
        flightUpdate_->execute();
        writtenVersions_[write.flid] = *current + 1;
    }
    for (const auto& list : write.lists) {
        replaceList(write.flid, list);
    }
    return std::nullopt;
}

void CommitStatements::replaceList(FlightId flid, const DetailList& list) {
    deleteList_->values.flid = flid;
    deleteList_->values.list.set(list.name);
    deleteList_->execute();
    auto& item = insertItem_->values;
    item.flid = flid;
    item.list.set(list.name);
    item.seq = 0;
    for (const auto& json : list.itemsJson) {
        item.item.set(json);
        insertItem_->execute();
        ++item.seq;
    }
}

namespace {

void setEvent(auto& v, const NewEvent& event, std::optional<MailboxId> source, Timestamp stamp) {
    v.target.set(event.target);
    v.flid = nullable(event.flid);
    v.payload.set(event.payloadJson);
    v.state.set(std::string(eventStateName(EventState::Pending)));
    v.attempts = 0;
    v.nextAttemptAt = toEpochMicros(stamp);
    v.sourceId = nullable(source);
    v.createdAt = toEpochMicros(stamp);
}

} // namespace

void CommitStatements::addEvent(const NewEvent& event, std::optional<MailboxId> source, Timestamp stamp) {
    queuedEvents_.push_back({event, source, stamp});
}

void CommitStatements::writeEvents() {
    std::size_t next = 0;
    if (eventInsertMany_) {
        for (; queuedEvents_.size() - next >= static_cast<std::size_t>(kEventsPerInsert);
             next += kEventsPerInsert) {
            for (int i = 0; i < kEventsPerInsert; ++i) {
                const auto& queued = queuedEvents_[next + i];
                setEvent(eventInsertMany_->values.rows[i], queued.event, queued.source, queued.stamp);
            }
            eventInsertMany_->execute();
        }
    }
    for (; next < queuedEvents_.size(); ++next) {
        const auto& queued = queuedEvents_[next];
        setEvent(eventInsert_->values, queued.event, queued.source, queued.stamp);
        eventInsert_->execute();
    }
    queuedEvents_.clear();
}

std::map<std::string, MailboxId> CommitStatements::identityHolders(const std::vector<std::string>& keys) {
    std::map<std::string, MailboxId> holders;
    auto& bound = identityHolders_->values.keys;
    for (std::size_t first = 0; first < keys.size(); first += kIdentityKeysPerLookup) {
        for (std::size_t i = 0; i < bound.size(); ++i) {
            bound[i].set(keys[std::min(first + i, keys.size() - 1)]); // the last key fills the list
        }
        for (const auto& row : identityHolders_->execute()) {
            const auto [it, inserted] = holders.emplace(row.key, row.id);
            if (!inserted) {
                it->second = std::min<MailboxId>(it->second, row.id);
            }
        }
    }
    return holders;
}

void CommitStatements::finish(MailboxId id, const Finish& finish, Timestamp stamp) {
    queuedFinishes_.push_back({id, finish, stamp});
}

void CommitStatements::writeFinishes() {
    const auto sameOutcome = [](const QueuedFinish& a, const QueuedFinish& b) {
        return a.stamp == b.stamp && a.finish.state == b.finish.state &&
               a.finish.errorClass == b.finish.errorClass && a.finish.lastError == b.finish.lastError &&
               a.finish.note == b.finish.note && a.finish.backfillStatus == b.finish.backfillStatus;
    };
    std::vector<bool> written(queuedFinishes_.size(), false);
    for (std::size_t first = 0; first < queuedFinishes_.size(); ++first) {
        if (written[first]) {
            continue;
        }
        std::vector<const QueuedFinish*> group;
        for (std::size_t i = first; i < queuedFinishes_.size(); ++i) {
            if (!written[i] && sameOutcome(queuedFinishes_[first], queuedFinishes_[i])) {
                group.push_back(&queuedFinishes_[i]);
                written[i] = true;
            }
        }
        const QueuedFinish& outcome = *group.front();
        auto& v = finish_->values;
        const bool backfill = outcome.finish.backfillStatus.has_value();
        v.state.set(outcome.finish.state);
        v.errorClass.set(outcome.finish.errorClass);
        v.lastError.set(outcome.finish.lastError);
        v.note.set(outcome.finish.note);
        v.updatedAt = toEpochMicros(outcome.stamp);
        v.processedAt = toEpochMicros(outcome.stamp);
        v.backfillState.set(
            std::string(backfillStateName(backfill ? BackfillState::Due : BackfillState::None)));
        v.backfillNextAt = backfill ? Poco::Nullable<Poco::Int64>(toEpochMicros(outcome.stamp))
                                    : Poco::Nullable<Poco::Int64>();
        v.status.set(outcome.finish.backfillStatus);
        for (std::size_t from = 0; from < group.size(); from += kFinishesPerUpdate) {
            for (std::size_t slot = 0; slot < static_cast<std::size_t>(kFinishesPerUpdate); ++slot) {
                // A short list repeats its last row: the same id with the same values changes nothing.
                const QueuedFinish& row = *group[std::min(from + slot, group.size() - 1)];
                v.ids[slot] = row.id;
                v.identityKeys[slot].set(row.finish.identityKey);
                v.processingStartedAt[slot] = nullable(row.finish.processingStartedAt);
            }
            finish_->execute();
        }
    }
    queuedFinishes_.clear();
}

} // namespace msgx::storage
