#pragma once

#include "sql/Dialect.h"

namespace msgx::storage {

// FLIGHT's columns, in the order FlightRow (FlightRows.h) reads them and FlightInsert
// (CommitStatements.h) binds them. FLIGHT_HST has them too, with ARCHIVED_AT and GROUP_FLID.
inline const ColumnNames& flightColumns() {
    static const ColumnNames names{"FLID",       "FFID",       "ALCD",      "FLNO",    "MVIN",
                                   "SODT",       "MAID",       "LINK_FLID", "DELETED", "STATE_VERSION",
                                   "ATTRIBUTES", "CREATED_AT", "UPDATED_AT"};
    return names;
}

} // namespace msgx::storage
