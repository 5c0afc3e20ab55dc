#pragma once

#include "msgx/config/Milliseconds.h"
#include "msgx/config/ValueFormats.h"

#include <chrono>
#include <string>

namespace msgx::config {

// Requests to AODB through COUTMSGS (architecture.md §7, mailbox.md §3, §4).
struct RequestsConfig {
    std::string sender = "VIEW";                         // META/SNDR of every request
    std::string rqfdRoutingId = "VIEWRQFD";              // ROUTINGID of a schedule request
    std::string rqrdRoutingId = "VIEWRQRD";              // ROUTINGID of a reference request
    Milliseconds rqfdTimeout = std::chrono::seconds(60); // from the confirmed send to EXPIRED
    Milliseconds rqrdTimeout = std::chrono::seconds(30);
    Milliseconds sendTimeout = std::chrono::minutes(10);  // REGISTERED but never sent: EXPIRED then
    Milliseconds checkInterval = std::chrono::seconds(1); // send, recover and expire every this often
    bool matchSeqnEcho = true;       // a RESP whose META/SEQN is an open request's SEQN matches it first
    bool dailySchedule = false;      // register an RQFD every day at dailyScheduleAt
    TimeOfDay dailyScheduleAt{4, 0}; // wall clock in pipeline.business-time-zone
    int dailyScheduleDays = 2;       // the window: today 00:00 to the end of today + days - 1
};

} // namespace msgx::config
