#include "session/NamedStatements.h"

#include <stdexcept>

namespace msgx::storage {

bool keepsLongTextStatements(const Poco::Data::Session& session) {
    const std::string connector = session.connector();
    return connector == "postgresql" || connector == "sqlite" || connector == "mysql";
}

std::vector<Parameter::Kind> kindsOf(const std::vector<Parameter>& values) {
    std::vector<Parameter::Kind> kinds;
    kinds.reserve(values.size());
    for (const auto& value : values) {
        kinds.push_back(value.kind());
    }
    return kinds;
}

ParameterSlots::ParameterSlots(const TextBinder& binder, const std::vector<Parameter::Kind>& kinds)
    : kinds_(kinds) {
    for (const auto kind : kinds) {
        switch (kind) {
        case Parameter::Kind::Int64:
            slots_.emplace_back(std::in_place_type<Poco::Int64>, 0);
            break;
        case Parameter::Kind::Int:
            slots_.emplace_back(std::in_place_type<int>, 0);
            break;
        case Parameter::Kind::ShortText:
            slots_.emplace_back(std::in_place_type<BoundText>, binder, TextColumn::Short);
            break;
        }
    }
}

void ParameterSlots::set(const std::vector<Parameter>& values) {
    if (kindsOf(values) != kinds_) {
        throw std::logic_error(
            "a named statement was run with other parameter kinds than when it was prepared");
    }
    auto slot = slots_.begin();
    for (const auto& value : values) {
        switch (value.kind()) {
        case Parameter::Kind::Int64:
            std::get<Poco::Int64>(*slot) = value.number();
            break;
        case Parameter::Kind::Int:
            std::get<int>(*slot) = static_cast<int>(value.number());
            break;
        case Parameter::Kind::ShortText:
            std::get<BoundText>(*slot).set(value.text());
            break;
        }
        ++slot;
    }
}

std::size_t NamedCommands::run(const std::string& name, const std::string& sql,
                               const std::vector<Parameter>& values) {
    auto& command = commands_[name];
    if (!command) {
        command =
            std::make_unique<PreparedStatement<ParameterSlots>>(session_, sql, binder_, kindsOf(values));
    }
    command->values.set(values);
    return command->execute();
}

} // namespace msgx::storage
