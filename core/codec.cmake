# Codec (codec/): included from core/CMakeLists.txt.
#
# msgx_codec - the safe XML decoder (Poco XML on the system expat). It fills the message model of
#              msgx_codec_fields, which is part of the plugin SDK (plugins/CMakeLists.txt) so that
#              handlers can read messages without the XML parser.
add_library(msgx_codec STATIC
  ${CMAKE_CURRENT_LIST_DIR}/src/codec/MessageDecoder.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/codec/SafeXmlReader.cpp
)
target_include_directories(msgx_codec PUBLIC ${CMAKE_CURRENT_LIST_DIR}/include)
target_link_libraries(msgx_codec PUBLIC msgx_codec_fields PRIVATE Poco::XML)
msgx_target_warnings(msgx_codec)
