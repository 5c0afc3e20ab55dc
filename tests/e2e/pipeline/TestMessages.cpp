#include "TestMessages.h"

namespace msgx::test {

namespace {

std::string envelope(std::int64_t seqn, const std::string& type, const std::string& styp,
                     const std::string& body) {
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<MSG><META><SNDR>TEST</SNDR><SEQN>" +
           std::to_string(seqn) + "</SEQN><DTTM>20240612094000</DTTM><TYPE>" + type + "</TYPE><STYP>" + styp +
           "</STYP></META>" + body + "</MSG>";
}

} // namespace

std::string testSet(std::int64_t seqn, std::int64_t flid, const std::string& name, const std::string& value) {
    return envelope(seqn, "TEST", "SET",
                    "<TEST><FLID>" + std::to_string(flid) + "</FLID><NAME>" + name + "</NAME><VALUE>" +
                        value + "</VALUE></TEST>");
}

std::string testThrow(std::int64_t seqn) {
    return envelope(seqn, "TEST", "THRW", "<TEST><FLID>1</FLID></TEST>");
}

std::string unsupported(std::int64_t seqn) {
    return envelope(seqn, "TEST", "NONE", "<TEST><FLID>1</FLID></TEST>");
}

std::string ignored(std::int64_t seqn) {
    return envelope(seqn, "LDM", "TEST", "<LDM/>");
}

std::string malformed(std::int64_t seqn) {
    return "<MSG><META><SNDR>TEST</SNDR><SEQN>" + std::to_string(seqn) + "</SEQN><TYPE>TEST</TYPE>";
}

} // namespace msgx::test
