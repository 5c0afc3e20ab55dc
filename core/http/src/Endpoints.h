#pragma once

// The endpoint groups of HttpApi.cpp's table, one file each.
#include "msgx/http/HttpApi.h"

#include <vector>

namespace msgx::http::detail {

void addHealthRoutes(std::vector<Route>& routes, HttpServices* services);
void addMetricsRoutes(std::vector<Route>& routes, HttpServices* services);
void addConsoleRoutes(std::vector<Route>& routes, HttpServices* services);
void addInjectRoutes(std::vector<Route>& routes, HttpServices* services);
void addScheduleSyncRoutes(std::vector<Route>& routes, HttpServices* services);
void addFlightsRoutes(std::vector<Route>& routes, HttpServices* services);
void addOpsMessageRoutes(std::vector<Route>& routes, HttpServices* services);
void addOpsControlRoutes(std::vector<Route>& routes, HttpServices* services);

} // namespace msgx::http::detail
