#include "repository/CommitStatements.h"

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

// processing.finish: STATE, ERROR_CLASS, LAST_ERROR, NOTE, UPDATED_AT, PROCESSED_AT,
// BACKFILL_STATE, BACKFILL_NEXT_AT, BACKFILL_STATUS_VALUE, CMINMSGS_ID
struct CommitStatements::FinishUpdate {
    explicit FinishUpdate(const TextBinder& text)
        : state(text, TextColumn::Short), errorClass(text, TextColumn::Short),
          lastError(text, TextColumn::Long), note(text, TextColumn::Long),
          backfillState(text, TextColumn::Short), status(text, TextColumn::Short) {}
    BoundText state;
    BoundText errorClass;
    BoundText lastError;
    BoundText note;
    Poco::Int64 updatedAt = 0;
    Poco::Int64 processedAt = 0;
    BoundText backfillState;
    Poco::Nullable<Poco::Int64> backfillNextAt;
    BoundText status;
    Poco::Int64 id = 0;

    template <typename Use>
    void parameters(Use& use) {
        use(state), use(errorClass), use(lastError), use(note), use(updatedAt), use(processedAt);
        use(backfillState), use(backfillNextAt), use(status), use(id);
    }
};

CommitStatements::CommitStatements(Poco::Data::Session& session, const SqlContext& ctx)
    : lock_(std::make_unique<PreparedQuery<LockedRow, KeyParameter>>(session, ctx["processing.lock"])),
      flightVersion_(
          std::make_unique<PreparedQuery<Poco::Int64, KeyParameter>>(session, ctx["flight.lock-version"])),
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
      finish_(
          std::make_unique<PreparedStatement<FinishUpdate>>(session, ctx["processing.finish"], ctx.text)) {}

CommitStatements& CommitStatements::of(Transaction& tx, const SqlContext& ctx) {
    return tx.prepared().get<CommitStatements>(
        [&tx, &ctx] { return std::make_shared<CommitStatements>(tx.session(), ctx); });
}

std::optional<LockedRow> CommitStatements::lockRow(MailboxId id) {
    lock_->values.key = id;
    const auto& rows = lock_->execute();
    return rows.empty() ? std::nullopt : std::optional(rows.front());
}

std::optional<std::string> CommitStatements::applyFlightWrite(const FlightWrite& write, Timestamp stamp) {
    flightVersion_->values.key = write.flid;
    const auto& versions = flightVersion_->execute();
    const std::optional<std::int64_t> current =
        versions.empty() ? std::nullopt : std::optional<std::int64_t>(versions.front());
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
    } else {
        auto& v = flightUpdate_->values;
        v.keys.set(write.keys);
        v.version = *current + 1;
        v.attributes.set(write.attributesJson);
        v.updatedAt = micros;
        v.flid = write.flid;
        flightUpdate_->execute();
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

void CommitStatements::insertEvent(const NewEvent& event, std::optional<MailboxId> source, Timestamp stamp) {
    auto& v = eventInsert_->values;
    v.target.set(event.target);
    v.flid = nullable(event.flid);
    v.payload.set(event.payloadJson);
    v.state.set(std::string(eventStateName(EventState::Pending)));
    v.attempts = 0;
    v.nextAttemptAt = toEpochMicros(stamp);
    v.sourceId = nullable(source);
    v.createdAt = toEpochMicros(stamp);
    eventInsert_->execute();
}

void CommitStatements::finish(MailboxId id, const Finish& finish, Timestamp stamp) {
    auto& v = finish_->values;
    const bool backfill = finish.backfillStatus.has_value();
    v.state.set(finish.state);
    v.errorClass.set(finish.errorClass);
    v.lastError.set(finish.lastError);
    v.note.set(finish.note);
    v.updatedAt = toEpochMicros(stamp);
    v.processedAt = toEpochMicros(stamp);
    v.backfillState.set(std::string(backfillStateName(backfill ? BackfillState::Due : BackfillState::None)));
    v.backfillNextAt =
        backfill ? Poco::Nullable<Poco::Int64>(toEpochMicros(stamp)) : Poco::Nullable<Poco::Int64>();
    v.status.set(finish.backfillStatus);
    v.id = id;
    finish_->execute();
}

} // namespace msgx::storage
