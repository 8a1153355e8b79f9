# The sources of each module of src/, listed: a new file is added here (and
# its shim made with tools/sync-shims). What each module may use is read from
# src/modules.txt; tools/check-layers checks both against the tree.
set(CKEY_core_SOURCES last_error.cpp status.cpp)
set(CKEY_text_SOURCES shown_text.cpp)
set(CKEY_codec_SOURCES
  blocks.cpp c_api.cpp crc32c.cpp decode.cpp encodation.cpp field.cpp format.cpp galois.cpp golay.cpp mask.cpp
  reed_solomon.cpp segments.cpp symbol.cpp)
set(CKEY_image_SOURCES
  atomic_file.cpp byte_source.cpp c_api.cpp image_file.cpp jpeg_reader.cpp orientation.cpp pixel_formats.cpp png_reader.cpp pnm_reader.cpp)
set(CKEY_payload_SOURCES
  address.cpp c_api.cpp classify.cpp geo.cpp host.cpp lookalike.cpp mailto.cpp mecard.cpp punycode.cpp script.cpp
  sms.cpp tel.cpp text.cpp unicode_tables.cpp vcard.cpp web.cpp)
set(CKEY_scan_SOURCES
  binarize.cpp c_api.cpp candidates.cpp equalise.cpp geometry.cpp read_format.cpp read_modules.cpp refine_edges.cpp
  ring_pieces.cpp ring_sides.cpp sampler.cpp scanner.cpp small_blobs.cpp)
set(CKEY_session_SOURCES c_api.cpp scan_session.cpp)
set(CKEY_render_SOURCES
  c_api.cpp logo.cpp marks.cpp paint.cpp pdf_writer.cpp png_writer.cpp rasterizer.cpp style.cpp
  style_check.cpp svg_writer.cpp vector_paths.cpp)
set(CKEY_certify_SOURCES
  c_api.cpp camera_c_api.cpp camera_frame.cpp camera_geometry.cpp camera_optics.cpp camera_render.cpp
  camera_scene.cpp camera_sensor.cpp certify_report.cpp envelope_predict.cpp envelope_scene.cpp grade_c_api.cpp
  grade_card.cpp grade_font.cpp grade_measure.cpp grade_report.cpp grade_rules.cpp)
set(CKEY_actions_SOURCES
  base64url.cpp c_api.cpp claims.cpp ed25519.cpp ed25519_openssl.cpp json.cpp key_ring.cpp reason.cpp replay.cpp
  request_info.cpp signer.cpp verifier.cpp)
set(CKEY_telemetry_SOURCES
  aggregate.cpp batch_json.cpp c_api.cpp directory_lock.cpp outbox.cpp outbox_names.cpp recorder.cpp retry_after.cpp)

# System libraries by module (the public library links them all).
set(CKEY_image_LIBRARIES PNG::PNG JPEG::JPEG)
set(CKEY_render_LIBRARIES PNG::PNG)
set(CKEY_certify_LIBRARIES JPEG::JPEG)
set(CKEY_actions_LIBRARIES OpenSSL::Crypto)
set(CKEY_session_LIBRARIES Threads::Threads)
set(CKEY_telemetry_LIBRARIES Threads::Threads)

# One OBJECT library per module, ckey_<module>, in the order of
# src/modules.txt; CKEY_MODULES lists them.
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/src/modules.txt)
file(STRINGS ${PROJECT_SOURCE_DIR}/src/modules.txt ckey_module_lines REGEX "^[a-z]")
set(CKEY_MODULES "")
foreach(line ${ckey_module_lines})
  string(REGEX REPLACE "[ \t]+" ";" fields "${line}")
  list(POP_FRONT fields module target)
  if(NOT DEFINED CKEY_${module}_SOURCES)
    message(FATAL_ERROR "src/modules.txt names module ${module}, which cmake/modules.cmake does not list")
  endif()
  list(TRANSFORM CKEY_${module}_SOURCES PREPEND ${PROJECT_SOURCE_DIR}/src/${module}/)
  add_library(ckey_${module} OBJECT ${CKEY_${module}_SOURCES})
  target_include_directories(ckey_${module} PUBLIC ${PROJECT_SOURCE_DIR}/include)
  target_compile_options(ckey_${module} PRIVATE -Wall -Wextra)
  foreach(dependency ${fields})
    # Usage requirements only: an OBJECT library's objects are not linked into another's.
    target_link_libraries(ckey_${module} PUBLIC ckey_${dependency})
  endforeach()
  if(CKEY_${module}_LIBRARIES)
    target_link_libraries(ckey_${module} PUBLIC ${CKEY_${module}_LIBRARIES})
  endif()
  list(APPEND CKEY_MODULES ${module})
endforeach()
set(CKEY_OBJECTS "")
foreach(module ${CKEY_MODULES})
  list(APPEND CKEY_OBJECTS $<TARGET_OBJECTS:ckey_${module}>)
endforeach()
