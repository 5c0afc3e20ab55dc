#pragma once

#include "msgx/config/MailboxConfig.h"
#include "msgx/config/PipelineConfig.h"

namespace msgx::config {
struct Config;
} // namespace msgx::config

namespace msgx::pipeline {

// What intake takes of the configuration: the mailbox section (tables, accepted STATUS values), the
// pipeline section (batch size, gap timings, the sweep), where a store that never polled starts, and
// whether intake may write the mailbox (a backlog skip marks rows only outside shadow mode).
struct IntakeSettings {
    config::MailboxConfig mailbox;
    config::PipelineConfig pipeline;
    // pipeline.first-start resolved by the profile (never Auto): Beginning on embedded, Refuse on
    // production.
    config::FirstStart firstStart = config::FirstStart::Refuse;
    bool shadow = false;

    static IntakeSettings of(const config::Config& config);
};

} // namespace msgx::pipeline
