#include "RefusedRollbacks.h"

#include <Poco/Data/ODBC/SessionImpl.h>

#include <atomic>
#include <dlfcn.h>
#include <sql.h>
#include <sqlext.h>
#include <stdexcept>

namespace msgx::test {
namespace {

std::atomic<SQLHDBC> failing{SQL_NULL_HDBC};
std::atomic<int> refused{0};

} // namespace

void refuseRollbacksOf(Poco::Data::Session& session) {
    auto* odbc = dynamic_cast<Poco::Data::ODBC::SessionImpl*>(session.impl());
    if (odbc == nullptr) {
        throw std::logic_error("not an ODBC session");
    }
    failing = odbc->dbc().handle();
}

void allowRollbacks() {
    failing = SQL_NULL_HDBC;
}

int refusedRollbacks() {
    return refused.load();
}

// Called by ODBC::SessionImpl::commit/rollback instead of unixODBC's (see the header).
bool refuses(SQLSMALLINT handleType, SQLHANDLE handle, SQLSMALLINT completionType) {
    if (completionType != SQL_ROLLBACK || handleType != SQL_HANDLE_DBC || handle != failing.load()) {
        return false;
    }
    ++refused;
    return true;
}

} // namespace msgx::test

extern "C" __attribute__((visibility("default"))) SQLRETURN
SQLEndTran(SQLSMALLINT handleType, SQLHANDLE handle, SQLSMALLINT completionType) {
    using EndTran = SQLRETURN (*)(SQLSMALLINT, SQLHANDLE, SQLSMALLINT);
    static const auto real = reinterpret_cast<EndTran>(dlsym(RTLD_NEXT, "SQLEndTran"));
    if (msgx::test::refuses(handleType, handle, completionType)) {
        return SQL_ERROR;
    }
    return real(handleType, handle, completionType);
}
