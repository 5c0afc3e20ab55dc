# Decoder (decoder/): included from core/CMakeLists.txt.
#
# msgx_decoder - the safe XML decoder (Poco XML on the system expat). It fills the message model of
#                msgx_codec_fields, which is part of the plugin SDK (plugins/CMakeLists.txt) so that
#                handlers can read messages without the XML parser. Its headers are msgx/decoder/;
#                msgx/codec/ is the SDK's.
add_library(msgx_decoder STATIC
  ${CMAKE_CURRENT_LIST_DIR}/src/decoder/MessageDecoder.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/decoder/SafeXmlReader.cpp
)
target_include_directories(msgx_decoder PUBLIC ${CMAKE_CURRENT_LIST_DIR}/include)
target_link_libraries(msgx_decoder PUBLIC msgx_codec_fields PRIVATE Poco::XML)
msgx_target_warnings(msgx_decoder)
msgx_layer(msgx_decoder runtime)
