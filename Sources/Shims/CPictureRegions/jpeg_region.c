#include "picture_regions.h"
#include "box_filter.h"

#include <stdio.h>
#include <jpeglib.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    char *message;
    size_t message_size;
} jpeg_failure;

static void on_error(j_common_ptr info) {
    jpeg_failure *failure = (jpeg_failure *)info->err;
    char text[JMSG_LENGTH_MAX];
    (*info->err->format_message)(info, text);
    if (failure->message && failure->message_size) snprintf(failure->message, failure->message_size, "%s", text);
    longjmp(failure->jump, 1);
}

static void on_message(j_common_ptr info, int level) {
    (void)info;
    (void)level;
}

int tessera_jpeg_info(const uint8_t *bytes, size_t length, int *width, int *height, int *progressive) {
    struct jpeg_decompress_struct info;
    jpeg_failure failure;
    memset(&failure, 0, sizeof failure);
    info.err = jpeg_std_error(&failure.manager);
    failure.manager.error_exit = on_error;
    failure.manager.emit_message = on_message;
    if (setjmp(failure.jump)) {
        jpeg_destroy_decompress(&info);
        return 0;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, bytes, (unsigned long)length);
    jpeg_read_header(&info, TRUE);
    *width = (int)info.image_width;
    *height = (int)info.image_height;
    *progressive = jpeg_has_multiple_scans(&info) ? 1 : 0;
    jpeg_destroy_decompress(&info);
    return *width > 0 && *height > 0;
}

/// The EXIF orientation (1-8) in the APP1 markers saved, 1 when there is none.
static int orientation(j_decompress_ptr info) {
    for (jpeg_saved_marker_ptr marker = info->marker_list; marker; marker = marker->next) {
        const uint8_t *data = marker->data;
        unsigned int length = marker->data_length;
        if (marker->marker != JPEG_APP0 + 1 || length < 14 || memcmp(data, "Exif\0\0", 6) != 0) continue;
        const uint8_t *tiff = data + 6;
        unsigned int size = length - 6;
        int little = tiff[0] == 'I';
#define READ16(at) (little ? (unsigned)(tiff[(at)] | tiff[(at) + 1] << 8) : (unsigned)(tiff[(at)] << 8 | tiff[(at) + 1]))
#define READ32(at) (little ? ((uint32_t)READ16(at) | (uint32_t)READ16((at) + 2) << 16) : ((uint32_t)READ16(at) << 16 | (uint32_t)READ16((at) + 2)))
        // In 64 bits: an offset near 2^32 wrapped past the checks in 32 (found by the fuzzer).
        uint64_t directory = READ32(4);
        if (directory + 2 > size) return 1;
        unsigned int entries = READ16(directory);
        for (unsigned int i = 0; i < entries; i++) {
            uint64_t at = directory + 2 + (uint64_t)i * 12;
            if (at + 12 > size) break;
            if (READ16(at) == 0x0112) return (int)READ16(at + 8);
        }
#undef READ16
#undef READ32
    }
    return 1;
}

tessera_region_result tessera_jpeg_region(const uint8_t *bytes, size_t length, tessera_region region, uint8_t *out,
                                          uint8_t **profile, unsigned int *profile_length, char *message, size_t message_size) {
    *profile = NULL;
    *profile_length = 0;
    struct jpeg_decompress_struct info;
    jpeg_failure failure;
    memset(&failure, 0, sizeof failure);
    failure.message = message;
    failure.message_size = message_size;
    info.err = jpeg_std_error(&failure.manager);
    failure.manager.error_exit = on_error;
    failure.manager.emit_message = on_message;
    tessera_box_filter filter;
    memset(&filter, 0, sizeof filter);
    uint8_t *volatile row = NULL;
    volatile int filtering = 0;
    if (setjmp(failure.jump)) {
        if (filtering) tessera_box_filter_free(&filter);
        free(row);
        free(*profile);
        *profile = NULL;
        *profile_length = 0;
        jpeg_destroy_decompress(&info);
        return TESSERA_REGION_DAMAGED;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, bytes, (unsigned long)length);
    jpeg_save_markers(&info, JPEG_APP0 + 1, 0xffff);
    jpeg_save_markers(&info, JPEG_APP0 + 2, 0xffff);
    jpeg_read_header(&info, TRUE);
    // CMYK and YCCK (Adobe's) need their inversion and profile, and a turned picture its
    // turning: gdk-pixbuf's loader does both.
    if (info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK || orientation(&info) > 1
        || region.scaled_width > (int)info.image_width || region.scaled_height > (int)info.image_height
        || region.scaled_width < 1 || region.scaled_height < 1) {
        jpeg_destroy_decompress(&info);
        return TESSERA_REGION_UNSUPPORTED;
    }
    info.out_color_space = JCS_EXT_RGBA;
    // The smallest of libjpeg's scales (eighths) at least as large as the one asked: the
    // reduced inverse transform costs a fraction of the full one and of its memory.
    unsigned int eighths = 1;
    while (eighths < 8 && ((uint64_t)info.image_width * eighths < (uint64_t)region.scaled_width * 8
                           || (uint64_t)info.image_height * eighths < (uint64_t)region.scaled_height * 8)) {
        eighths++;
    }
    info.scale_num = eighths;
    info.scale_denom = 8;
    jpeg_start_decompress(&info);
    int width = (int)info.output_width, height = (int)info.output_height;
    if (region.scaled_width > width || region.scaled_height > height) {
        jpeg_abort_decompress(&info);
        jpeg_destroy_decompress(&info);
        return TESSERA_REGION_UNSUPPORTED;
    }
    if (!tessera_box_filter_init(&filter, region, width, height, out)) {
        jpeg_abort_decompress(&info);
        jpeg_destroy_decompress(&info);
        return TESSERA_REGION_UNSUPPORTED;
    }
    filtering = 1;
    JOCTET *icc = NULL;
    unsigned int icc_length = 0;
    if (jpeg_read_icc_profile(&info, &icc, &icc_length)) {
        *profile = icc;
        *profile_length = icc_length;
    }
    // Only the columns the region needs are decoded: libjpeg widens them to whole blocks, so the
    // row handed to the filter starts `skip` pixels in.
    JDIMENSION crop_x = (JDIMENSION)filter.source_x, crop_width = (JDIMENSION)filter.source_columns;
    if (crop_width > 0 && crop_width < (JDIMENSION)width) jpeg_crop_scanline(&info, &crop_x, &crop_width);
    else { crop_x = 0; crop_width = (JDIMENSION)width; }
    size_t skip = (size_t)filter.source_x - crop_x;
    row = malloc((size_t)crop_width * 4);
    if (!row) longjmp(failure.jump, 1);
    int first = tessera_box_filter_first_row(&filter), end = tessera_box_filter_end_row(&filter);
    if (first > 0) jpeg_skip_scanlines(&info, (JDIMENSION)first);
    JSAMPROW rows[1] = {row};
    for (int y = first; y < end; y++) {
        if (jpeg_read_scanlines(&info, rows, 1) != 1) break;
        tessera_box_filter_add_row(&filter, y, row + skip * 4);
    }
    tessera_box_filter_finish(&filter);
    tessera_box_filter_free(&filter);
    filtering = 0;
    free(row);
    row = NULL;
    // The rows below the region are never decoded.
    jpeg_abort_decompress(&info);
    jpeg_destroy_decompress(&info);
    return TESSERA_REGION_DECODED;
}
