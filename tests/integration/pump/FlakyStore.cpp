#include "FlakyStore.h"

#include "msgx/storage/InfraError.h"

namespace msgx::test {
namespace {

[[noreturn]] void unavailable(const char* operation) {
    throw storage::InfraError(storage::InfraError::Reason::Unavailable, operation,
                              "test: store switched off");
}

} // namespace

class FlakyStore::Queue final : public storage::ProcessingQueue {
public:
    Queue(storage::ProcessingQueue& inner, const FlakyStore& owner) : inner_(inner), owner_(owner) {}

    std::vector<storage::MailboxId> enqueue(const std::vector<storage::NewMessage>& messages,
                                            const std::optional<storage::InboxCursor>& cursor) override {
        return inner_.enqueue(messages, cursor);
    }
    std::optional<storage::ProcessingRecord> head() override { return inner_.head(); }
    std::optional<storage::ProcessingRecord> find(storage::MailboxId id) override { return inner_.find(id); }
    std::int64_t unfinishedCount() override { return inner_.unfinishedCount(); }
    storage::Timestamp markProcessingStarted(storage::MailboxId id) override {
        check("markProcessingStarted");
        return inner_.markProcessingStarted(id);
    }
    storage::IdentityBinding bindIdentity(storage::MailboxId id, const std::string& key) override {
        check("bindIdentity");
        return inner_.bindIdentity(id, key);
    }
    std::optional<storage::ProcessingRecord> findAnywhere(storage::MailboxId id) override {
        check("findAnywhere");
        return inner_.findAnywhere(id);
    }
    std::vector<storage::MailboxId> knownIds(storage::MailboxId first, storage::MailboxId last) override {
        check("knownIds");
        return inner_.knownIds(first, last);
    }
    std::map<std::string, storage::MailboxId> identityHolders(const std::vector<std::string>& keys) override {
        check("identityHolders");
        return inner_.identityHolders(keys);
    }
    bool releaseIdentity(storage::MailboxId holder, const std::string& key) override {
        check("releaseIdentity");
        return inner_.releaseIdentity(holder, key);
    }
    storage::WriteResult recordFailure(storage::MailboxId id, const storage::QueueGuard& expected,
                                       const storage::ProcessingFailure& failure) override {
        check("recordFailure");
        return inner_.recordFailure(id, expected, failure);
    }
    storage::WriteResult commit(const storage::ProcessingCommit& commit) override {
        check("commit");
        owner_.runBeforeCommit();
        return inner_.commit(commit);
    }
    storage::WriteResult commitAll(const std::vector<storage::ProcessingCommit>& commits) override {
        check("commitAll");
        owner_.runBeforeCommit();
        return inner_.commitAll(commits);
    }
    storage::WriteResult resetForReplay(storage::MailboxId id, const storage::QueueGuard& expected) override {
        return inner_.resetForReplay(id, expected);
    }
    std::vector<storage::StateCount> countByState() override { return inner_.countByState(); }
    std::vector<storage::ProcessingRecord> list(const storage::MessageFilter& filter,
                                                storage::MailboxId afterId, int limit) override {
        return inner_.list(filter, afterId, limit);
    }
    std::vector<storage::ProcessingRecord> nextUnfinished(storage::MailboxId afterId, int limit) override {
        return inner_.nextUnfinished(afterId, limit);
    }

private:
    void check(const char* operation) const {
        if (owner_.failProcessingWrites) {
            unavailable(operation);
        }
    }

    storage::ProcessingQueue& inner_;
    const FlakyStore& owner_;
};

class FlakyStore::Flights final : public storage::FlightRepository {
public:
    Flights(storage::FlightRepository& inner, const FlakyStore& owner) : inner_(inner), owner_(owner) {}

    std::optional<storage::FlightRecord> byFlid(storage::FlightId flid) override {
        check("byFlid");
        return inner_.byFlid(flid);
    }
    std::vector<storage::FlightRecord> sharedFlightsOf(storage::FlightId master) override {
        check("sharedFlightsOf");
        return inner_.sharedFlightsOf(master);
    }
    std::vector<storage::FlightRecord> linkingTo(storage::FlightId flid) override {
        check("linkingTo");
        return inner_.linkingTo(flid);
    }
    std::vector<storage::DetailList> detailLists(storage::FlightId flid) override {
        check("detailLists");
        return inner_.detailLists(flid);
    }
    std::vector<std::pair<storage::FlightRecord, std::vector<storage::DetailList>>>
    historyGroupsOf(const std::vector<storage::FlightId>& flids, storage::Timestamp movedSince) override {
        check("historyGroupsOf");
        return inner_.historyGroupsOf(flids, movedSince);
    }

private:
    void check(const char* operation) const {
        if (owner_.failFlightReads) {
            unavailable(operation);
        }
    }

    storage::FlightRepository& inner_;
    const FlakyStore& owner_;
};

FlakyStore::FlakyStore(storage::OwnStore& inner)
    : inner_(inner), queue_(std::make_unique<Queue>(inner.processing(), *this)),
      flights_(std::make_unique<Flights>(inner.flights(), *this)) {}

FlakyStore::~FlakyStore() = default;

storage::MigrationReport FlakyStore::migrate(const std::filesystem::path& migrationsRoot) {
    return inner_.migrate(migrationsRoot);
}

storage::ProcessingQueue& FlakyStore::processing() {
    return *queue_;
}

storage::FlightRepository& FlakyStore::flights() {
    return *flights_;
}

} // namespace msgx::test
