#pragma once

// Writes the layout of C++ types as the text of an ABI table (tests/unit/sdk/abi-v<N>.txt): per
// type its size and alignment, per aggregate the number of its data members, per data member its
// offset and type, per interface its vtable length, per virtual function its signature and vtable
// slot, per enumeration its underlying type and the value of each enumerator.
//
// C++20 cannot list a class's members, so the members are named by hand (BoundaryTypes.cpp) and
// each is written with the type spelled next to it. The spelling is checked against the compiled
// type (std::is_same), never produced from it: a table is then the same text with every compiler,
// and a member whose type changed is written as "<type is not …>", which no recorded table holds.
//
// Offsets and slots are read from the representation of member pointers, which the Itanium C++
// ABI fixes (§2.3): a data member pointer is the member's offset as a ptrdiff_t; a member function
// pointer is {ptr, adj} where a virtual function's ptr is 1 + its byte offset in the vtable. The
// guard runs where that ABI is the platform's (x86-64 Linux with libstdc++, AbiGuardTest.cpp).

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

namespace msgx::abi {

// `spelled` with its white space normalised: a space between two words ("const T"), before a word
// that follows `)`, `*`, `&` or `>` ("T* const", "int(long) const") and after a comma; none
// elsewhere. The table does not change when a formatter re-spaces a macro argument.
std::string normalisedSpelling(std::string_view spelled);

// The offset of the data member `member` points to (Itanium: the pointer's representation).
template <class Class, class Member>
std::ptrdiff_t offsetOf(Member Class::*member) {
    static_assert(std::is_member_object_pointer_v<decltype(member)>);
    static_assert(sizeof(member) == sizeof(std::ptrdiff_t), "not the Itanium C++ ABI");
    std::ptrdiff_t offset = 0;
    std::memcpy(&offset, &member, sizeof offset);
    return offset;
}

// The vtable slot (index of its entry, counted from the address point) of the virtual function
// `function` points to; -1 when it is not virtual (Itanium x86-64: ptr is 1 + the byte offset).
template <class Class, class Function>
std::ptrdiff_t vtableSlotOf(Function Class::*function) {
    static_assert(std::is_member_function_pointer_v<decltype(function)>);
    struct Representation {
        std::uintptr_t ptr;
        std::ptrdiff_t adj;
    };
    static_assert(sizeof(function) == sizeof(Representation), "not the Itanium C++ ABI");
    Representation r{};
    std::memcpy(&r, &function, sizeof r);
    if ((r.ptr & 1U) == 0) {
        return -1;
    }
    return static_cast<std::ptrdiff_t>((r.ptr - 1) / sizeof(void*));
}

// The member type of a data member pointer, e.g. MemberType<int Meta::*> is int.
template <class Pointer>
struct MemberTypeOf;
template <class Class, class Member>
struct MemberTypeOf<Member Class::*> {
    using type = Member;
};
template <class Pointer>
using MemberType = typename MemberTypeOf<Pointer>::type;

// The number of data members of an aggregate, counted the way Boost.PFR counts them: T{m1, …, mN}
// compiles for N up to the number of members and not beyond, with each mi an AnyMember, which
// converts to a reference to anything (it is used in unevaluated operands only). The largest such N
// is the count (smaller N may not compile: a reference member needs its initializer). A member the
// table does not list still changes the count, even where it fits into padding.
struct AnyMember {
    template <class T>
    operator T&() const&&; // NOLINT(google-explicit-constructor): implicit on purpose, never defined
};
template <class T, std::size_t... Index>
constexpr bool bracedFromAnyMembers(std::index_sequence<Index...>) {
    return requires {
        T{(static_cast<void>(Index), AnyMember{})...};
    };
}
template <class T, std::size_t... Count>
constexpr std::size_t largestBracedCount(std::index_sequence<Count...>) {
    std::size_t largest = 0;
    ((largest = bracedFromAnyMembers<T>(std::make_index_sequence<Count>()) ? Count : largest), ...);
    return largest;
}
template <class T>
constexpr std::size_t aggregateMemberCount() {
    static_assert(std::is_aggregate_v<T>, "only an aggregate's members can be counted");
    return largestBracedCount<T>(std::make_index_sequence<33>()); // up to 32 members
}

// The pointer-to-member type of a function type such as `int(long) const` in Class.
template <class Class, class Function>
using MemberFunction = Function Class::*;

// Hands out a pointer to a private data member, whose layout crosses the boundary like any other.
// An explicit instantiation is where C++ lets a program name a private member ([temp.spec.general]:
// access is not checked in the names of an explicit instantiation); the friend function it defines
// passes the pointer on. MSGX_ABI_PRIVATE_MEMBER declares the tag and the instantiation.
template <class Tag, auto Member>
struct PrivateMemberAccess {
    friend constexpr auto privateMember(Tag) { return Member; }
};

// The text of an ABI table, one line per entry (the order of the calls).
class LayoutTable {
public:
    template <class T>
    void type(std::string_view kind, std::string_view spelled) {
        std::string line = std::string(kind) + " " + normalisedSpelling(spelled) + ": size " +
                           std::to_string(sizeof(T)) + ", align " + std::to_string(alignof(T));
        if constexpr (std::is_polymorphic_v<T>) {
            line += ", polymorphic";
        }
        add(line);
    }

    template <class Alias>
    void alias(std::string_view spelledAlias, std::string_view spelledType, bool sameType) {
        add("alias " + normalisedSpelling(spelledAlias) + " = " + checkedSpelling(spelledType, sameType) +
            ": size " + std::to_string(sizeof(Alias)) + ", align " + std::to_string(alignof(Alias)));
    }

    void field(std::string_view name, std::ptrdiff_t offset, std::string_view spelledType, bool sameType) {
        add("  " + std::string(name) + ": " + checkedSpelling(spelledType, sameType) + " at " +
            std::to_string(offset));
    }

    void virtualFunction(std::string_view name, std::ptrdiff_t slot, std::string_view spelledSignature,
                         bool sameSignature) {
        add("  virtual " + std::string(name) + ": " + checkedSpelling(spelledSignature, sameSignature) +
            (slot < 0 ? std::string(", not virtual") : ", slot " + std::to_string(slot)));
    }

    // The number of data members of an aggregate, listed or not.
    void memberCount(std::size_t members) { add("  members: " + std::to_string(members)); }

    // The number of slots of a polymorphic class's vtable, listed or not.
    void vtableLength(std::ptrdiff_t slots) { add("  vtable: " + std::to_string(slots) + " slots"); }

    template <class Enum, class Underlying>
    void enumeration(std::string_view spelled, std::string_view spelledUnderlying) {
        add("enum " + normalisedSpelling(spelled) + ": " +
            checkedSpelling(spelledUnderlying, std::is_same_v<std::underlying_type_t<Enum>, Underlying>) +
            ", size " + std::to_string(sizeof(Enum)));
    }

    template <class Enum>
    void enumerator(std::string_view name, Enum value) {
        add("  " + std::string(name) + " = " +
            std::to_string(static_cast<long long>(static_cast<std::underlying_type_t<Enum>>(value))));
    }

    [[nodiscard]] const std::string& text() const { return text_; }

private:
    static std::string checkedSpelling(std::string_view spelled, bool same) {
        return same ? normalisedSpelling(spelled) : "<type is not " + normalisedSpelling(spelled) + ">";
    }
    void add(const std::string& line) { text_ += line + "\n"; }

    std::string text_;
};

// The table of every type that crosses the plugin boundary, as compiled (BoundaryTypes.cpp).
std::string boundaryLayoutTable();

} // namespace msgx::abi

// A struct or class (kind "struct" / "class") and its size, alignment and polymorphism.
#define MSGX_ABI_TYPE(table, kind, ...) (table).type<__VA_ARGS__>(kind, #__VA_ARGS__)
// A struct that is an aggregate: its size, alignment and the number of its data members.
#define MSGX_ABI_AGGREGATE(table, ...)                                                                       \
    ((table).type<__VA_ARGS__>("struct", #__VA_ARGS__),                                                      \
     (table).memberCount(::msgx::abi::aggregateMemberCount<__VA_ARGS__>()))
// A type alias and the type it must name.
#define MSGX_ABI_ALIAS(table, Alias, ...)                                                                    \
    (table).alias<Alias>(#Alias, #__VA_ARGS__, std::is_same_v<Alias, __VA_ARGS__>)
// A public data member of Class and its type.
#define MSGX_ABI_FIELD(table, Class, member, ...)                                                            \
    (table).field(#member, ::msgx::abi::offsetOf(&Class::member), #__VA_ARGS__,                              \
                  std::is_same_v<decltype(Class::member), __VA_ARGS__>)
// A private data member of Class (declared with MSGX_ABI_PRIVATE_MEMBER(Tag, …)) and its type.
#define MSGX_ABI_PRIVATE_FIELD(table, Tag, member, ...)                                                      \
    (table).field(#member, ::msgx::abi::offsetOf(privateMember(Tag{})), #__VA_ARGS__,                        \
                  std::is_same_v<::msgx::abi::MemberType<decltype(privateMember(Tag{}))>, __VA_ARGS__>)
// A virtual function of Class and its signature, a function type such as `int(long) const`.
#define MSGX_ABI_VIRTUAL(table, Class, function, ...)                                                        \
    (table).virtualFunction(                                                                                 \
        #function, ::msgx::abi::vtableSlotOf(&Class::function), #__VA_ARGS__,                                \
        std::is_same_v<decltype(&Class::function), ::msgx::abi::MemberFunction<Class, __VA_ARGS__>>)
// The vtable length of the interface Probe derives from: Probe declares one pure virtual function,
// slotAfterTheLast, which takes the first slot after the interface's own (Itanium: a class's vtable
// starts with its primary base's), so a virtual function added to the interface anywhere moves it.
#define MSGX_ABI_VTABLE_LENGTH(table, Probe)                                                                 \
    (table).vtableLength(::msgx::abi::vtableSlotOf(&Probe::slotAfterTheLast))
// An enumeration and its underlying type; then each enumerator with MSGX_ABI_ENUMERATOR.
#define MSGX_ABI_ENUM(table, Enum, Underlying) (table).enumeration<Enum, Underlying>(#Enum, #Underlying)
#define MSGX_ABI_ENUMERATOR(table, Enum, name) (table).enumerator(#name, Enum::name)
// Declares Tag, through which MSGX_ABI_PRIVATE_FIELD reaches the private member Class::member. Use
// it in namespace msgx::abi: the friend Tag declares and the one the instantiation defines are one
// function only when both belong to that namespace.
#define MSGX_ABI_PRIVATE_MEMBER(Tag, Class, member)                                                          \
    struct Tag {                                                                                             \
        friend constexpr auto privateMember(Tag);                                                            \
    };                                                                                                       \
    template struct ::msgx::abi::PrivateMemberAccess<Tag, &Class::member>
