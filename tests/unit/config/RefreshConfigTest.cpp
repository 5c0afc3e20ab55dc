// The refresh section (docs/configuration.md "refresh", docs/reference-refresh.md): the classes of
// the admin-API refresh load with their RTYPE, the defaults, and every refusal: a name that is no
// class, two classes of one RTYPE, https, a missing or empty part of a class, unknown keys.
#include "ConfigTestSupport.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

using namespace msgx::config;
using msgx::config::test::errorTexts;
using msgx::config::test::fakeEnv;
using msgx::config::test::minimalEmbedded;
using testing::HasSubstr;

using Texts = std::vector<std::string>;

// minimalEmbedded(extra): `extra` starts on line 15 of test.yaml.

namespace {

Config embeddedWithAdminApi(const std::string& extra) {
    return parseConfig(minimalEmbedded(extra), "test.yaml",
                       fakeEnv({{"ADMIN_API", "http://admin.example:8080"}}));
}

} // namespace

TEST(RefreshConfig, TheSectionLoadsEveryKeyAndTheClassesWithTheirRtype) {
    const Config config = embeddedWithAdminApi(
        "refresh:\n"                                      // 15
        "  interval: 30m\n"                               // 16
        "  timeout: 300ms\n"                              // 17
        "  max-document-size: 2MB\n"                      // 18
        "  precedence: aodb\n"                            // 19
        "  in-shadow: true\n"                             // 20
        "  classes:\n"                                    // 21
        "    GLST:\n"                                     // 22
        "      url: ${ADMIN_API}/api/gates?active=true\n" // 23
        "      key: gateCode\n"                           // 24
        "      fields: {GCOD: gateCode, GTNM: name, GTML: terminal}\n"
        "    ORMS_STAND: {url: 'http://admin.example/api/stands', key: code,\n"
        "                 fields: {SCOD: code, REMT: remote}}\n"
        "    ORMS_STAND_AIRBRIDGE:\n"
        "      url: http://admin.example/api/bridges\n"
        "      key: bridge\n"
        "      fields: {ABCD: bridge, STND: stands}\n"
        "    REGN: {url: 'http://admin.example/api/regs', key: reg, fields: {RNUM: reg}}\n");
    const RefreshConfig& r = config.refresh;
    EXPECT_EQ(r.interval, std::chrono::minutes(30));
    EXPECT_EQ(r.timeout, std::chrono::milliseconds(300));
    EXPECT_EQ(r.maxDocumentSize, 2u * 1024 * 1024);
    EXPECT_EQ(r.precedence, RefreshPrecedence::Aodb);
    EXPECT_TRUE(r.inShadow);
    ASSERT_EQ(r.classes.size(), 4u);
    const RefreshClass gates{"GLST",
                             "http://admin.example:8080/api/gates?active=true",
                             "gateCode",
                             {{"GCOD", "gateCode"}, {"GTNM", "name"}, {"GTML", "terminal"}}};
    EXPECT_EQ(r.classes.at("GLST"), gates);
    EXPECT_EQ(r.classes.at("ORMS_STAND").rtype, "SLST");
    EXPECT_EQ(r.classes.at("ORMS_STAND_AIRBRIDGE").rtype, "ABDG");
    EXPECT_EQ(r.classes.at("ORMS_STAND_AIRBRIDGE").fields.at("STND"), "stands");
    EXPECT_EQ(r.classes.at("REGN").rtype, "REGN") << "REGN may be refreshed";
}

TEST(RefreshConfig, DefaultsRefreshNothing) {
    const Config config = embeddedWithAdminApi("");
    EXPECT_EQ(config.refresh.interval, std::chrono::hours(1));
    EXPECT_EQ(config.refresh.timeout, std::chrono::seconds(10));
    EXPECT_EQ(config.refresh.maxDocumentSize, 50u * 1024 * 1024);
    EXPECT_EQ(config.refresh.precedence, RefreshPrecedence::AdminApi);
    EXPECT_FALSE(config.refresh.inShadow);
    EXPECT_TRUE(config.refresh.classes.empty());
    EXPECT_TRUE(embeddedWithAdminApi("refresh:\n  classes: {}\n").refresh.classes.empty());
    EXPECT_TRUE(embeddedWithAdminApi("refresh:\n  classes:\n").refresh.classes.empty());
    EXPECT_EQ(name(RefreshPrecedence::AdminApi), "admin-api");
    EXPECT_EQ(name(RefreshPrecedence::Aodb), "aodb");
}

TEST(RefreshConfig, ANameThatIsNoClassIsRefused) {
    const auto errors =
        errorTexts(minimalEmbedded("refresh:\n"
                                   "  classes:\n"
                                   "    GATES: {url: 'http://a/g', key: k, fields: {GCOD: k}}\n"
                                   "    glst: {url: 'http://a/g', key: k, fields: {GCOD: k}}\n"
                                   "    SCHS: {url: 'http://a/s', key: k, fields: {SNAM: k}}\n"));
    ASSERT_EQ(errors.size(), 3u);
    EXPECT_THAT(errors[0],
                HasSubstr("refresh.classes.GATES: unknown class: a class is one of the 23 reference "
                          "types (ABDG ABNR AIRC AIRL ARPT BLST CHLT CITY CLST COUL DLYL FLTL GLST "
                          "HLTR ORGN PLST REGL REGN SLST STTS TLST VIPL VIPS), ORMS_STAND (stored as "
                          "SLST) or ORMS_STAND_AIRBRIDGE (stored as ABDG) (test.yaml line 17)"));
    EXPECT_THAT(errors[1],
                HasSubstr("refresh.classes.glst: unknown class (class names are upper case: GLST)"));
    EXPECT_THAT(errors[2], HasSubstr("refresh.classes.SCHS: unknown class"));
}

TEST(RefreshConfig, TwoClassesOfOneRtypeAreRefused) {
    EXPECT_EQ(errorTexts(minimalEmbedded("refresh:\n"
                                         "  classes:\n"
                                         "    SLST: {url: 'http://a/s', key: k, fields: {SCOD: k}}\n"
                                         "    ORMS_STAND: {url: 'http://b/s', key: k, fields: {SCOD: k}}\n")),
              Texts{"refresh.classes.ORMS_STAND: is stored as SLST, like refresh.classes.SLST: a class is "
                    "refreshed from one endpoint only (test.yaml line 18)"});
}

TEST(RefreshConfig, HttpsAndOtherUnusableUrlsAreRefusedWithTheReason) {
    const auto urlError = [](const std::string& url) {
        const auto errors = errorTexts(minimalEmbedded("refresh:\n  classes:\n    GLST: {url: '" + url +
                                                       "', key: k, fields: {GCOD: k}}\n"));
        return errors.size() == 1 ? errors[0] : "errors: " + std::to_string(errors.size());
    };
    EXPECT_EQ(
        urlError("https://admin.example/api/gates"),
        "refresh.classes.GLST.url: must be an http:// URL (https is not supported: msgexchange is built "
        "without Poco NetSSL (use http://, e.g. through a local TLS-terminating proxy)), got "
        "https://admin.example/api/gates (test.yaml line 17)");
    EXPECT_THAT(urlError("HTTPS://admin.example/"), HasSubstr("https is not supported"));
    EXPECT_THAT(urlError("ftp://admin.example/gates"), HasSubstr("(the scheme must be http://)"));
    EXPECT_THAT(urlError("admin.example/gates"), HasSubstr("(the scheme must be http://)"));
    EXPECT_THAT(urlError("http:///gates"), HasSubstr("(the host is missing)"));
    EXPECT_THAT(urlError("http://admin.example:0/gates"), HasSubstr("(the port must be 1..65535)"));
    EXPECT_THAT(urlError("http://admin.example:http/gates"), HasSubstr("(the port must be 1..65535)"));
    EXPECT_THAT(urlError("http://admin.example/my gates"), HasSubstr("(blanks and control characters"));
    EXPECT_THAT(urlError("http://user:pw@admin.example/gates"), HasSubstr("(user information"));
    EXPECT_EQ(urlError("http://ADMIN.example:65535/api/gates?x=1"), "errors: 0");
}

TEST(RefreshConfig, AClassNeedsUrlKeyAndAtLeastOneField) {
    EXPECT_EQ(errorTexts(minimalEmbedded("refresh:\n  classes:\n    GLST: {fields: {GCOD: k}}\n")),
              (Texts{"refresh.classes.GLST.url: required key is missing (test.yaml line 17)",
                     "refresh.classes.GLST.key: required key is missing (test.yaml line 17)"}));
    EXPECT_EQ(errorTexts(minimalEmbedded("refresh:\n  classes:\n    GLST: {url: 'http://a/g', key: k}\n")),
              Texts{"refresh.classes.GLST.fields: required key is missing (test.yaml line 17)"});
    EXPECT_EQ(
        errorTexts(
            minimalEmbedded("refresh:\n  classes:\n    GLST: {url: 'http://a/g', key: k, fields: {}}\n")),
        Texts{"refresh.classes.GLST.fields: must map at least one reference field onto a JSON member, got "
              "none (test.yaml line 17)"});
    EXPECT_EQ(errorTexts(minimalEmbedded(
                  "refresh:\n  classes:\n    GLST: {url: 'http://a/g', key: k, fields: {GCOD: ''}}\n")),
              Texts{"refresh.classes.GLST.fields.GCOD: must name a JSON member, got an empty value "
                    "(test.yaml line 17)"});
    EXPECT_EQ(errorTexts(minimalEmbedded(
                  "refresh:\n  classes:\n    GLST: {url: 'http://a/g', key: '', fields: {GCOD: k}}\n")),
              Texts{"refresh.classes.GLST.key: must be the name of a JSON member, got an empty value "
                    "(test.yaml line 17)"});
    EXPECT_EQ(errorTexts(minimalEmbedded("refresh:\n  classes:\n    GLST: 5\n")),
              Texts{"refresh.classes.GLST: must be a map of keys, got 5 (test.yaml line 17)"});
    EXPECT_EQ(errorTexts(minimalEmbedded("refresh:\n  classes: [GLST]\n")),
              Texts{"refresh.classes: must be a map of names, got a list (test.yaml line 16)"});
}

TEST(RefreshConfig, UnknownKeysAndBadValuesAreErrorsAsEverywhere) {
    EXPECT_EQ(errorTexts(minimalEmbedded("refresh:\n  classes:\n    GLST: {url: 'http://a/g', key: k, "
                                         "fields: {GCOD: k}, method: POST}\n")),
              Texts{"refresh.classes.GLST.method: unknown key (test.yaml line 17)"});
    EXPECT_EQ(errorTexts(minimalEmbedded("refresh:\n  intervall: 1h\n")),
              Texts{"refresh.intervall: unknown key (did you mean refresh.interval?) (test.yaml line 16)"});
    EXPECT_EQ(errorTexts(minimalEmbedded("refresh:\n  interval: 30s\n")),
              Texts{"refresh.interval: must be 1m..7d, got 30s (test.yaml line 16)"});
    EXPECT_EQ(errorTexts(minimalEmbedded("refresh:\n  interval: 8d\n")),
              Texts{"refresh.interval: must be 1m..7d, got 8d (test.yaml line 16)"});
    EXPECT_EQ(errorTexts(minimalEmbedded("refresh:\n  timeout: 50ms\n")),
              Texts{"refresh.timeout: must be 100ms..5m, got 50ms (test.yaml line 16)"});
    EXPECT_EQ(errorTexts(minimalEmbedded("refresh:\n  max-document-size: 2GB\n")),
              Texts{"refresh.max-document-size: must be 1KB..1GB, got 2GB (test.yaml line 16)"});
    EXPECT_EQ(errorTexts(minimalEmbedded("refresh:\n  precedence: message\n")),
              Texts{"refresh.precedence: must be one of admin-api|aodb, got message (test.yaml line 16)"});
    EXPECT_EQ(errorTexts(minimalEmbedded("refresh:\n  in-shadow: yes\n")),
              Texts{"refresh.in-shadow: must be true or false, got yes (test.yaml line 16)"});
}
