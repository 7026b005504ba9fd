// What the files of this module share: GStreamer's headers, the functions Tessera calls, found
// in the libraries opened on first use (loader.c), and the raw formats both sides of the player
// helper's pipe use. Not part of the module's interface (that is include/CGStreamer.h).
#pragma once
#include "CGStreamer.h"
#include <gst/gst.h>
#include <gst/app/gstappsink.h>
#include <gst/app/gstappsrc.h>
#include <gst/video/video.h>

// Each function Tessera uses, with the library (0 core, 1 app, 2 video) that has it.
#define TESSERA_GST_FUNCTIONS(X) \
    X(0, gst_init_check) X(0, gst_parse_launch) X(0, gst_element_factory_make) \
    X(0, gst_object_ref_sink) X(0, gst_object_unref) X(0, gst_bin_get_by_name) \
    X(0, gst_element_set_state) X(0, gst_element_get_state) X(0, gst_element_query_duration) \
    X(0, gst_element_query_position) X(0, gst_element_seek_simple) X(0, gst_element_get_bus) \
    X(0, gst_bus_pop_filtered) X(0, gst_message_parse_error) X(0, gst_mini_object_unref) \
    X(0, gst_sample_get_caps) X(0, gst_sample_get_buffer) X(0, gst_buffer_map) X(0, gst_buffer_unmap) \
    X(0, gst_plugin_load_by_name) X(0, gst_parse_bin_from_description) X(0, gst_element_get_static_pad) \
    X(0, gst_pad_add_probe) X(0, gst_sample_get_segment) X(0, gst_segment_to_stream_time) \
    X(0, gst_bus_timed_pop_filtered) X(0, gst_caps_from_string) X(0, gst_buffer_new_allocate) \
    X(0, gst_buffer_get_size) X(0, gst_bin_add) X(0, gst_element_link) X(0, gst_pipeline_new) \
    X(0, gst_structure_get_uint64) X(0, gst_structure_free) X(0, gst_mini_object_weak_ref) \
    X(0, gst_buffer_new_wrapped_full) \
    X(1, gst_app_sink_try_pull_preroll) X(1, gst_app_sink_set_callbacks) X(1, gst_app_sink_pull_sample) \
    X(1, gst_app_src_push_buffer) X(1, gst_app_src_end_of_stream) X(1, gst_app_src_set_caps) \
    X(1, gst_app_src_set_callbacks) \
    X(2, gst_video_info_from_caps)

struct tessera_gst_functions {
#define TESSERA_FIELD(library, name) __typeof__(&name) name;
    TESSERA_GST_FUNCTIONS(TESSERA_FIELD)
#undef TESSERA_FIELD
};

/// The functions, resolved by `tessera_gst_start`; only called once it has said nothing failed.
extern struct tessera_gst_functions gst __attribute__((visibility("hidden")));

#define ELEMENT(element) ((GstElement *)(element))

/// The raw formats the helper hands over: what gtksink draws, and sound any output takes.
#define TESSERA_VIDEO_CAPS "video/x-raw,format=BGRx"
#define TESSERA_AUDIO_CAPS "audio/x-raw,format=S16LE,layout=interleaved,rate=48000,channels=2"
