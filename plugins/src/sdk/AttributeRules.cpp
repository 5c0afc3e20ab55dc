#include "msgx/sdk/AttributeRules.h"

#include <string>

namespace msgx::sdk {

Checked<FlightEdit> clearableRule(const codec::Element& record, const FieldSpec& field,
                                  const HandlerContext& context) {
    FieldRead read = readField(record, field, context.businessZone);
    if (auto problem = problemOf(read, field)) {
        return *problem;
    }
    if (read.state == codec::FieldState::Absent) {
        return FlightEdit([](FlightDocument&) {});
    }
    return FlightEdit(
        [name = std::string(field.name), value = std::move(read.value)](FlightDocument& flight) {
            flight.set(name, value); // null (empty element) clears
        });
}

Checked<FlightEdit> mandatoryRule(const codec::Element& record, const FieldSpec& field,
                                  const HandlerContext& context) {
    FieldRead read = readField(record, field, context.businessZone);
    if (read.state == codec::FieldState::Invalid) {
        return *problemOf(read, field);
    }
    if (!read.hasValue()) {
        return Problem::reject(std::string(field.source) + " cannot be empty");
    }
    return FlightEdit([name = std::string(field.name),
                       value = std::move(read.value)](FlightDocument& flight) { flight.set(name, value); });
}

} // namespace msgx::sdk
