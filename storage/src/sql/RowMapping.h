#pragma once

#include <Poco/Data/AbstractExtractor.h>
#include <Poco/Data/AbstractPreparator.h>
#include <Poco/Data/TypeHandler.h>

#include <cstddef>

// Reading whole result rows into a struct with Poco's into(std::vector<Row>). A row struct lists
// its columns once, in SELECT order, in a member template
//
//     template <typename Columns> void columns(Columns& c) { c(id); c(name); c(updatedAt); }
//
// with members of types Poco can extract (Poco::Int64, int, std::string, Poco::Nullable<...>, or a
// struct of several columns that has its own MSGX_ROW_TYPE_HANDLER, such as LongText), and
// MSGX_ROW_TYPE_HANDLER(Row) (at global scope) lets Poco prepare, count and extract it from that
// single list, so the three can never disagree.
namespace msgx::storage::rows {

class Counting {
public:
    template <typename T>
    void operator()(T&) {
        count += Poco::Data::TypeHandler<T>::size();
    }
    std::size_t count = 0;
};

class Preparing {
public:
    Preparing(std::size_t pos, Poco::Data::AbstractPreparator::Ptr preparator)
        : pos_(pos), preparator_(preparator) {}
    template <typename T>
    void operator()(T& value) {
        Poco::Data::TypeHandler<T>::prepare(pos_, value, preparator_);
        pos_ += Poco::Data::TypeHandler<T>::size();
    }

private:
    std::size_t pos_;
    Poco::Data::AbstractPreparator::Ptr preparator_;
};

class Extracting {
public:
    Extracting(std::size_t pos, Poco::Data::AbstractExtractor::Ptr extractor)
        : pos_(pos), extractor_(extractor) {}
    template <typename T>
    void operator()(T& value) {
        Poco::Data::TypeHandler<T>::extract(pos_, value, T(), extractor_);
        pos_ += Poco::Data::TypeHandler<T>::size();
    }

private:
    std::size_t pos_;
    Poco::Data::AbstractExtractor::Ptr extractor_;
};

template <typename Row>
class RowTypeHandler : public Poco::Data::AbstractTypeHandler {
public:
    static std::size_t size() {
        Row row;
        Counting counting;
        row.columns(counting);
        return counting.count;
    }
    static void prepare(std::size_t pos, const Row& row, Poco::Data::AbstractPreparator::Ptr preparator) {
        Row copy = row;
        Preparing preparing(pos, preparator);
        copy.columns(preparing);
    }
    static void extract(std::size_t pos, Row& row, const Row&, Poco::Data::AbstractExtractor::Ptr extractor) {
        Extracting extracting(pos, extractor);
        row.columns(extracting);
    }
};

} // namespace msgx::storage::rows

#define MSGX_ROW_TYPE_HANDLER(Row)                                                                           \
    namespace Poco::Data {                                                                                   \
    template <>                                                                                              \
    class TypeHandler<Row> : public msgx::storage::rows::RowTypeHandler<Row> {};                             \
    }
