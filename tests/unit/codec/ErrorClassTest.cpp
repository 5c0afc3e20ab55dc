#include "msgx/codec/ErrorClass.h"

#include <gtest/gtest.h>

using msgx::ErrorClass;

TEST(ErrorClass, NamesAreTheStoredUpperCaseWords) {
    EXPECT_EQ(msgx::errorClassName(ErrorClass::Malformed), "MALFORMED");
    EXPECT_EQ(msgx::errorClassName(ErrorClass::CodecError), "CODEC_ERROR");
    EXPECT_EQ(msgx::errorClassName(ErrorClass::Unsupported), "UNSUPPORTED");
    EXPECT_EQ(msgx::errorClassName(ErrorClass::Infra), "INFRA");
    EXPECT_EQ(msgx::errorClassName(ErrorClass::Exhausted), "EXHAUSTED");
}

TEST(ErrorClass, NameReadsBackToTheSameClass) {
    for (ErrorClass errorClass : {ErrorClass::Malformed, ErrorClass::CodecError, ErrorClass::Unsupported,
                                  ErrorClass::Infra, ErrorClass::Exhausted}) {
        EXPECT_EQ(msgx::errorClassFromName(msgx::errorClassName(errorClass)), errorClass);
    }
}

TEST(ErrorClass, OtherTextIsNoClass) {
    EXPECT_EQ(msgx::errorClassFromName("malformed"), std::nullopt);
    EXPECT_EQ(msgx::errorClassFromName("CODEC ERROR"), std::nullopt);
    EXPECT_EQ(msgx::errorClassFromName(""), std::nullopt);
}
