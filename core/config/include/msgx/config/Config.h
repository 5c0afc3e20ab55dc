#pragma once

#include "msgx/config/DeliveryConfig.h"
#include "msgx/config/FlightsConfig.h"
#include "msgx/config/HousekeepingConfig.h"
#include "msgx/config/HttpConfig.h"
#include "msgx/config/LimitsConfig.h"
#include "msgx/config/LogConfig.h"
#include "msgx/config/MailboxConfig.h"
#include "msgx/config/Milliseconds.h"
#include "msgx/config/PipelineConfig.h"
#include "msgx/config/RefreshConfig.h"
#include "msgx/config/RequestsConfig.h"
#include "msgx/config/StoreConfig.h"
#include "msgx/config/ValueFormats.h"

#include <string>
#include <string_view>

// The validated configuration of msgexchange: one struct per section of the YAML file, one field
// per key (architecture.md §12, docs/configuration.md); each section in its own header, so that a
// component includes only the sections it takes. The default member values are the one
// source of the defaults: the loader gives an absent key the value of a default-constructed Config
// (ConfigSections.cpp writes no default of its own), and a test holds docs/configuration.md's
// default column against them. A new key gets its default here and nowhere else. Two defaults are
// not a member value: store.migrate-on-start depends on the profile (true with embedded; the member
// holds production's false) and a dialect defaults to its backend's own. Keys without a default
// (profile, store.connect, mailbox.connect, delivery.targets, kafka.bootstrap) are filled in by the
// loader or refused by it.
namespace msgx::config {

enum class Profile { Embedded, Production };
// The spelling used in the YAML file ("production", "postgresql", "oracle", ...); every other
// enumeration's name() is declared beside it.
std::string_view name(Profile p);

struct PluginsConfig {
    std::string dir = "/usr/lib/msgx/handlers";
    bool watch = false;
};

struct ControlConfig {
    std::string socket = "/run/msgx/msgxd.sock";
};

struct Config {
    Profile profile = Profile::Production;
    StoreConfig store;
    MailboxConfig mailbox;
    PipelineConfig pipeline;
    BackfillConfig backfill;
    ArchiveConfig archive;
    FlightsConfig flights;
    HistoryConfig history;
    LeaseConfig lease;
    RequestsConfig requests;
    RefreshConfig refresh;
    bool shadow = false;
    PluginsConfig plugins;
    DeliveryConfig delivery;
    KafkaConfig kafka;
    ControlConfig control;
    HttpConfig http;
    LimitsConfig limits;
    LogConfig log;
};

} // namespace msgx::config
