#include "msgx/pipeline/intake/MissingIdTracker.h"

#include <algorithm>

namespace msgx::pipeline {

std::string describe(const IdRange& range) {
    if (range.first == range.last) {
        return std::to_string(range.first);
    }
    return std::to_string(range.first) + "-" + std::to_string(range.last);
}

std::string describe(const std::vector<IdRange>& ranges) {
    std::string text;
    for (const auto& range : ranges) {
        if (!text.empty()) {
            text += ", ";
        }
        text += describe(range);
    }
    return text;
}

const std::vector<MissingRange>& MissingIdTracker::update(const std::vector<IdRange>& missing,
                                                          storage::Timestamp now) {
    std::vector<MissingRange> next;
    std::size_t old = 0;
    for (const auto& wanted : missing) {
        while (old < ranges_.size() && ranges_[old].ids.last < wanted.first) {
            ++old;
        }
        storage::MailboxId pos = wanted.first;
        // Old ranges overlapping `wanted`, in order; `old` is not advanced past one that reaches
        // beyond `wanted`, because it may overlap the next wanted range too.
        for (std::size_t i = old; i < ranges_.size() && ranges_[i].ids.first <= wanted.last; ++i) {
            const auto& known = ranges_[i];
            if (known.ids.first > pos) {
                next.push_back({{pos, known.ids.first - 1}, now});
            }
            const storage::MailboxId from = std::max(known.ids.first, pos);
            const storage::MailboxId to = std::min(known.ids.last, wanted.last);
            if (from <= to) {
                next.push_back({{from, to}, known.since});
                pos = to + 1;
            }
        }
        if (pos <= wanted.last) {
            next.push_back({{pos, wanted.last}, now});
        }
    }
    ranges_ = std::move(next);
    return ranges_;
}

void MissingIdTracker::add(IdRange range, storage::Timestamp since) {
    std::vector<MissingRange> pieces;
    storage::MailboxId pos = range.first;
    for (const auto& known : ranges_) {
        if (known.ids.last < pos) {
            continue;
        }
        if (known.ids.first > range.last) {
            break;
        }
        if (known.ids.first > pos) {
            pieces.push_back({{pos, known.ids.first - 1}, since});
        }
        pos = known.ids.last + 1;
    }
    if (pos <= range.last) {
        pieces.push_back({{pos, range.last}, since});
    }
    ranges_.insert(ranges_.end(), pieces.begin(), pieces.end());
    std::sort(ranges_.begin(), ranges_.end(),
              [](const MissingRange& a, const MissingRange& b) { return a.ids.first < b.ids.first; });
}

void MissingIdTracker::forgetBelow(storage::MailboxId id) {
    std::vector<MissingRange> kept;
    for (auto range : ranges_) {
        if (range.ids.last < id) {
            continue;
        }
        range.ids.first = std::max(range.ids.first, id);
        kept.push_back(range);
    }
    ranges_ = std::move(kept);
}

} // namespace msgx::pipeline
