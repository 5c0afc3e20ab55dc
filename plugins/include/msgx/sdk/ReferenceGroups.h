#pragma once

#include "msgx/codec/Element.h"
#include "msgx/codec/TimeZone.h"
#include "msgx/sdk/Checked.h"
#include "msgx/sdk/ReferenceMessages.h"

namespace msgx::sdk {

// The group readers of the reference types with repeat groups (reference.md §3.4, §3.5, §3.8), for
// ReferenceClassSpec::groups. A ReferenceItem is a flat map (it crosses the plugin ABI), so each
// group is stored as flat fields whose names carry the group's key. Text is trimmed; an entry whose
// text is empty is dropped (it neither sets nor clears a value of an earlier entry). A reason names
// the entry ("ABBR CODE=ABR3: ...", "TRML #2: ...", "SUBC CODE=CQ: ...", "SUBC #2: ...").
//
//   constexpr ReferenceGroupReader kAirportGroups[] = {readAbbreviationSlots};
//   decideReferenceMessage(context, message, {"ARPT", "ITCD", kAirportFields, kAirportGroups});

// ARPT / CITY `ABBR` (text C(30), attribute CODE ABR1..ABR6): field `ABRn` = the text of slot n.
// A slot with no ABBR, or only empty ones, is absent (an update clears it). A CODE that is absent,
// empty or not exactly one of ABR1..ABR6 (upper case) is ignored with the note
// "ABBR CODE=<code> ignored" (its text is not read). A text over 30 characters is a CodecError. Two
// ABBR for one slot: the later wins.
Checked<ReferenceGroupRead> readAbbreviationSlots(const codec::Element& record, const codec::TimeZone& zone);

// AIRL `TRML` (text C(5), attributes MVIN A/D and FLIN I/D): one field per combination,
// `TRML/<MVIN>/<FLIN>` with `-` for an attribute that is absent or empty ("TRML/A/D", "TRML/-/I"),
// valued the terminal. A TRML with an empty text is dropped whatever its attributes. A MVIN other
// than A or D, or a FLIN other than I or D (upper case, exactly), is well-formed but unusable: Reject
// "TRML #<n>: MVIN 'X' is not one of A, D". A text over 5 characters is a CodecError. Two TRML of one
// combination: the later wins.
Checked<ReferenceGroupRead> readDefaultTerminals(const codec::Element& record, const codec::TimeZone& zone);

// AIRL `SUBC` groups (CODE C(10), NAME C(30), NAMC C(30)): `SUBC` = the list of codes in document
// order (a repeated code appears once, at its first place), and `SUBC/<CODE>/NAME`,
// `SUBC/<CODE>/NAMC` for the names a group carries. A code given twice: its later group wins as a
// whole (a name only the earlier group had is gone). A SUBC without CODE (absent or empty, an empty
// `<SUBC/>` included) is a Reject; a value over its length a CodecError. No SUBC at all: no field
// (the airline has no sub-companies; an update removes the stored ones).
Checked<ReferenceGroupRead> readSubCompanies(const codec::Element& record, const codec::TimeZone& zone);

} // namespace msgx::sdk
