# Codec (codec/): included from core/CMakeLists.txt.
#
# msgx_codec_fields - the decoded message model (Message, Element), the field value parsers, the
#                     error classes and the time-zone conversion. No Poco, so the plugin SDK and the
#                     handler plugins can link it without pulling in the XML parser.
# msgx_codec        - the safe XML decoder (Poco XML on the system expat), on top of the above.
add_library(msgx_codec_fields STATIC
  ${CMAKE_CURRENT_LIST_DIR}/src/codec/DateTimeFields.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/codec/DaysOfOperation.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/codec/Element.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/codec/ErrorClass.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/codec/FieldResult.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/codec/FieldTextSupport.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/codec/Message.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/codec/NumberFields.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/codec/RoutingKey.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/codec/TextFields.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/codec/TimeZone.cpp
)
target_include_directories(msgx_codec_fields PUBLIC ${CMAKE_CURRENT_LIST_DIR}/include)
msgx_target_warnings(msgx_codec_fields)

add_library(msgx_codec STATIC
  ${CMAKE_CURRENT_LIST_DIR}/src/codec/MessageDecoder.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/codec/SafeXmlReader.cpp
)
target_link_libraries(msgx_codec PUBLIC msgx_codec_fields PRIVATE Poco::XML)
msgx_target_warnings(msgx_codec)
