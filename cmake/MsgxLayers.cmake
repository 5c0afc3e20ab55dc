# The layers of msgexchange, bottom to top (docs/code-map.md):
#
#   sdk        msgx_codec_fields, msgx_plugin_sdk   the plugin SDK: message model, field types, handler contract
#              (msgx_handler_sdk: both as one shared library, for the shipped handlers)
#   base       msgx_base                            clock, logging, the JSON module
#   storage    msgx_storage                         Poco Data backends, its own settings types
#   delivery   msgx_delivery                        dispatchers, Kafka and file sinks, its own settings types
#   config     msgx_config                          the YAML file and its mapping onto storage and delivery
#                                                   settings
#   runtime    msgx_decoder, msgx_model,            the parts of the runtime, independent of each other:
#              msgx_plugin                          decoder, host-side SDK model, plugin host
#   pipeline   msgx_pipeline                        intake, routing, pump, back-fill, archive, lease
#   tooling    msgx_golden, msgx_daemon, msgx_http  golden runner / offline decisions; the daemon's parts;
#                                                   its HTTP side
#   executable msgxd, msgxctl
#
# A target links only targets of lower layers (sdk targets may also link each other). So storage
# and delivery see neither the configuration nor the daemon (no core/<lib>/include but their own and
# core/base's), and delivery does not link the plugin host. msgx_check_layers() refuses, at
# configure time, a link that breaks this; an #include across the rule fails to compile because each
# core library has its own include root (core/<lib>/include), on the path only of what links it.
# Handlers are checked by msgx_add_handler (the SDK only).
set(MSGX_LAYERS sdk base storage delivery config runtime pipeline tooling executable)
set(MSGX_OPEN_LAYERS sdk)
set_property(GLOBAL PROPERTY MSGX_LAYER_OF_msgx_codec_fields sdk)
set_property(GLOBAL PROPERTY MSGX_LAYER_OF_msgx_plugin_sdk sdk)
set_property(GLOBAL PROPERTY MSGX_LAYER_OF_msgx_handler_sdk sdk)

# msgx_layer(<target> <layer>): declares the layer of one of our targets.
function(msgx_layer target layer)
  if(NOT layer IN_LIST MSGX_LAYERS)
    message(FATAL_ERROR "msgx_layer(${target}): unknown layer '${layer}' (layers: ${MSGX_LAYERS})")
  endif()
  set_property(GLOBAL PROPERTY MSGX_LAYER_OF_${target} ${layer})
  set_property(GLOBAL APPEND PROPERTY MSGX_LAYERED_TARGETS ${target})
endfunction()

# The msgx_* targets `target` links directly (public and private), generator wrappers removed.
function(_msgx_direct_links target out)
  get_target_property(links ${target} LINK_LIBRARIES)
  set(result "")
  if(links)
    foreach(link IN LISTS links)
      string(REGEX REPLACE "^\\$<LINK_ONLY:(.*)>$" "\\1" link "${link}")
      if(TARGET ${link} AND link MATCHES "^msgx")
        list(APPEND result ${link})
      endif()
    endforeach()
  endif()
  set(${out} ${result} PARENT_SCOPE)
endfunction()

# The direct msgx_* links of every layered target, one "target: links..." line each, for the
# tests of tests/layers.
set(MSGX_LAYER_LINKS_FILE ${CMAKE_BINARY_DIR}/msgx-layer-links.txt)

function(msgx_check_layers)
  get_property(targets GLOBAL PROPERTY MSGX_LAYERED_TARGETS)
  list(APPEND targets msgx_codec_fields msgx_plugin_sdk msgx_handler_sdk)
  set(base_include ${PROJECT_SOURCE_DIR}/core/base/include)
  set(link_lines "")
  foreach(target IN LISTS targets)
    get_property(layer GLOBAL PROPERTY MSGX_LAYER_OF_${target})
    list(FIND MSGX_LAYERS ${layer} rank)
    _msgx_direct_links(${target} links)
    list(JOIN links " " joined)
    string(APPEND link_lines "${target}: ${joined}\n")
    foreach(link IN LISTS links)
      get_property(link_layer GLOBAL PROPERTY MSGX_LAYER_OF_${link})
      if(NOT link_layer)
        message(FATAL_ERROR "layers: ${target} links ${link}, which has no layer; declare it with msgx_layer() "
                            "(cmake/MsgxLayers.cmake)")
      endif()
      list(FIND MSGX_LAYERS ${link_layer} link_rank)
      if(link_rank GREATER rank OR (link_rank EQUAL rank AND NOT layer IN_LIST MSGX_OPEN_LAYERS))
        message(FATAL_ERROR "layers: ${target} (layer ${layer}) must not link ${link} (layer ${link_layer}): "
                            "a target links only lower layers (cmake/MsgxLayers.cmake, docs/code-map.md)")
      endif()
    endforeach()
    # Below the configuration nothing may see a core/<lib>/include other than core/base's and, for
    # delivery, its own (config, daemon, runtime headers).
    list(FIND MSGX_LAYERS config config_rank)
    if(rank LESS config_rank)
      foreach(property INCLUDE_DIRECTORIES INTERFACE_INCLUDE_DIRECTORIES)
        get_target_property(dirs ${target} ${property})
        foreach(dir IN LISTS dirs)
          if(dir MATCHES "^${PROJECT_SOURCE_DIR}/core/" AND NOT dir STREQUAL base_include
             AND NOT dir STREQUAL "${PROJECT_SOURCE_DIR}/core/${layer}/include")
            message(FATAL_ERROR "layers: ${target} (layer ${layer}) must not see ${dir}")
          endif()
        endforeach()
      endforeach()
    endif()
  endforeach()
  file(WRITE ${MSGX_LAYER_LINKS_FILE} "${link_lines}")
endfunction()
