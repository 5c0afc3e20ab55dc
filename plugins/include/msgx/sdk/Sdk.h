#pragma once

// Everything a handler plugin includes: `#include "msgx/sdk/Sdk.h"`. The message model and field
// parsers (msgx::codec, in plugins/include/msgx/codec) are part of the SDK; their names are also
// available in msgx::sdk so a handler reads in one namespace.

#include "msgx/codec/Ascii.h"
#include "msgx/codec/DateTimeFields.h"
#include "msgx/codec/Element.h"
#include "msgx/codec/ErrorClass.h"
#include "msgx/codec/FieldResult.h"
#include "msgx/codec/FieldTextSupport.h"
#include "msgx/codec/Message.h"
#include "msgx/codec/NumberFields.h"
#include "msgx/codec/TextFields.h"
#include "msgx/codec/TimeZone.h"
#include "msgx/sdk/AttributeGroup.h"
#include "msgx/sdk/AttributeRules.h"
#include "msgx/sdk/Checked.h"
#include "msgx/sdk/Decision.h"
#include "msgx/sdk/DetailListSpecs.h"
#include "msgx/sdk/FieldSpec.h"
#include "msgx/sdk/FlightBatch.h"
#include "msgx/sdk/FlightDeletion.h"
#include "msgx/sdk/FlightDiff.h"
#include "msgx/sdk/FlightDocument.h"
#include "msgx/sdk/FlightView.h"
#include "msgx/sdk/FlopRecords.h"
#include "msgx/sdk/Handler.h"
#include "msgx/sdk/HandlerContext.h"
#include "msgx/sdk/HandlerPlugin.h"
#include "msgx/sdk/ListHandler.h"
#include "msgx/sdk/ListRules.h"
#include "msgx/sdk/MergeLists.h"
#include "msgx/sdk/ReferenceHandler.h"
#include "msgx/sdk/ReferenceMessages.h"
#include "msgx/sdk/ReferenceView.h"
#include "msgx/sdk/ReplaceLists.h"
#include "msgx/sdk/ScheduleFlow.h"
#include "msgx/sdk/ScheduleRecords.h"
#include "msgx/sdk/SingleFieldHandlers.h"
#include "msgx/sdk/StandUpdates.h"
#include "msgx/sdk/UtcTime.h"
#include "msgx/sdk/Value.h"

namespace msgx::sdk {

using codec::Element;
using codec::FieldState;
using codec::Message;
using codec::TimeZone;

} // namespace msgx::sdk
