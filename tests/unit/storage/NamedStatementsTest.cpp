// The parameter slots of a named statement (session/NamedStatements.h): made once for the kinds of the
// first call, set in place by every later call, and a call with other kinds refused instead of binding
// a value into a slot of another type.
#include "session/NamedStatements.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

namespace msgx::storage {
namespace {

// What parameters() binds, slot by slot, and where.
struct Bound {
    std::vector<std::string> values;
    std::vector<const void*> addresses;

    void operator()(Poco::Int64& v) { add("int64:" + std::to_string(v), &v); }
    void operator()(int& v) { add("int:" + std::to_string(v), &v); }
    void operator()(BoundText& v) { add(v.isNull() ? "text:NULL" : "text:" + v.text(), &v); }

    void add(std::string value, const void* address) {
        values.push_back(std::move(value));
        addresses.push_back(address);
    }
};

Bound bind(ParameterSlots& slots) {
    Bound bound;
    slots.parameters(bound);
    return bound;
}

const TextBinder kPostgres(DatabaseBackend::PostgreSql, SqlDialect::PostgreSql);

TEST(NamedStatements, ALaterCallSetsTheSameSlotsInPlace) {
    const std::vector<Parameter> first{Parameter::shortText("msg"), Parameter::int64(7),
                                       Parameter::integer(1)};
    ParameterSlots slots(kPostgres, kindsOf(first));
    slots.set(first);
    const Bound before = bind(slots);
    EXPECT_EQ(before.values, (std::vector<std::string>{"text:msg", "int64:7", "int:1"}));

    slots.set(
        {Parameter::shortText(std::nullopt), Parameter::int64(-3000000000LL), Parameter::integer(1000)});
    const Bound after = bind(slots);
    EXPECT_EQ(after.values, (std::vector<std::string>{"text:NULL", "int64:-3000000000", "int:1000"}));
    EXPECT_EQ(after.addresses, before.addresses) << "Poco binds the slots by reference once";
}

TEST(NamedStatements, ACallWithOtherKindsIsRefused) {
    ParameterSlots slots(kPostgres, {Parameter::Kind::Int64, Parameter::Kind::ShortText});
    EXPECT_THROW(slots.set({Parameter::shortText("x"), Parameter::int64(1)}), std::logic_error);
    EXPECT_THROW(slots.set({Parameter::int64(1)}), std::logic_error);
    EXPECT_THROW(slots.set({Parameter::int64(1), Parameter::shortText("x"), Parameter::int64(2)}),
                 std::logic_error);
    slots.set({Parameter::int64(1), Parameter::shortText("x")});
    EXPECT_EQ(bind(slots).values, (std::vector<std::string>{"int64:1", "text:x"}));
}

TEST(NamedStatements, MicrosAreTheTimestampsEpochMicroseconds) {
    const Timestamp t = fromEpochMicros(1'710'745'200'123'456);
    EXPECT_EQ(Parameter::micros(t).number(), 1'710'745'200'123'456);
    EXPECT_EQ(Parameter::micros(t).kind(), Parameter::Kind::Int64);
}

} // namespace
} // namespace msgx::storage

namespace msgx::storage {
namespace {

struct ShortRow {
    Poco::Int64 id = 0;
};
struct LongRow {
    static constexpr const char* kWholeTexts = "test.whole-payload"; // repository/rows/LongTexts.h
    std::string payload;
};

// A row type with a long text column is not kept prepared through ODBC (NamedQueries).
static_assert(!hasLongText<ShortRow>());
static_assert(!hasLongText<Poco::Int64>());
static_assert(hasLongText<LongRow>());

} // namespace
} // namespace msgx::storage
