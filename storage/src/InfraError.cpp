#include "msgx/storage/InfraError.h"

namespace msgx::storage {

InfraError::InfraError(Reason reason, std::string operation, std::string cause,
                       std::optional<std::string> sqlState, Outcome outcome)
    : std::runtime_error(operation + " failed (" + reasonName(reason) +
                         (outcome == Outcome::Unknown ? ", outcome unknown" : "") + "): " + cause),
      reason_(reason), operation_(std::move(operation)), cause_(std::move(cause)),
      sqlState_(std::move(sqlState)), outcome_(outcome) {}

const char* reasonName(InfraError::Reason reason) {
    switch (reason) {
    case InfraError::Reason::Unavailable:
        return "unavailable";
    case InfraError::Reason::Timeout:
        return "timeout";
    case InfraError::Reason::ValueTooLong:
        return "value-too-long";
    case InfraError::Reason::Constraint:
        return "constraint";
    case InfraError::Reason::Statement:
        return "statement";
    case InfraError::Reason::Fenced:
        return "fenced";
    }
    return "statement";
}

} // namespace msgx::storage
