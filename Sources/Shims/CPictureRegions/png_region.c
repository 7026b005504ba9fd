#include "picture_regions.h"
#include "box_filter.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const uint8_t *bytes;
    size_t length, at;
    char *message;
    size_t message_size;
} png_source;

static void read_bytes(png_structp png, png_bytep into, size_t count) {
    png_source *source = png_get_io_ptr(png);
    if (source->length - source->at < count) png_error(png, "the file ends early");
    memcpy(into, source->bytes + source->at, count);
    source->at += count;
}

static void on_error(png_structp png, png_const_charp text) {
    png_source *source = png_get_error_ptr(png);
    if (source && source->message && source->message_size) snprintf(source->message, source->message_size, "%s", text);
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

int tessera_png_info(const uint8_t *bytes, size_t length, int *width, int *height, int *interlaced) {
    // The IHDR chunk follows the 8-byte signature: length, "IHDR", width, height, depth, colour
    // type, compression, filter, interlace.
    if (length < 33 || png_sig_cmp(bytes, 0, 8) != 0 || memcmp(bytes + 12, "IHDR", 4) != 0) return 0;
    *width = (int)((uint32_t)bytes[16] << 24 | (uint32_t)bytes[17] << 16 | (uint32_t)bytes[18] << 8 | bytes[19]);
    *height = (int)((uint32_t)bytes[20] << 24 | (uint32_t)bytes[21] << 16 | (uint32_t)bytes[22] << 8 | bytes[23]);
    *interlaced = bytes[28] != 0;
    return *width > 0 && *height > 0;
}

tessera_region_result tessera_png_region(const uint8_t *bytes, size_t length, tessera_region region, uint8_t *out,
                                         uint8_t **profile, unsigned int *profile_length, char *message, size_t message_size) {
    *profile = NULL;
    *profile_length = 0;
    png_source source = {bytes, length, 0, message, message_size};
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &source, on_error, on_warning);
    if (!png) return TESSERA_REGION_UNSUPPORTED;
    png_infop info = png_create_info_struct(png);
    // Volatile: read after a longjmp.
    uint8_t *volatile row = NULL;
    tessera_box_filter filter;
    memset(&filter, 0, sizeof filter);
    volatile int filtering = 0;
    if (!info || setjmp(png_jmpbuf(png))) {
        if (filtering) tessera_box_filter_free(&filter);
        free(*profile);
        *profile = NULL;
        *profile_length = 0;
        free(row);
        png_destroy_read_struct(&png, info ? &info : NULL, NULL);
        return TESSERA_REGION_DAMAGED;
    }
    png_set_read_fn(png, &source, read_bytes);
    // The decoder's limits are the app's (checked before), not libpng's million-pixel default.
    png_set_user_limits(png, 0x7fffffff, 0x7fffffff);
    png_read_info(png, info);
    int width = (int)png_get_image_width(png, info), height = (int)png_get_image_height(png, info);
    if (png_get_interlace_type(png, info) != PNG_INTERLACE_NONE
        || region.scaled_width > width || region.scaled_height > height || region.scaled_width < 1 || region.scaled_height < 1) {
        png_destroy_read_struct(&png, &info, NULL);
        return TESSERA_REGION_UNSUPPORTED;
    }
    png_charp profile_name;
    int compression;
    png_bytep profile_bytes;
    png_uint_32 profile_size;
    if (png_get_iCCP(png, info, &profile_name, &compression, &profile_bytes, &profile_size) && profile_size > 0
        && (*profile = malloc(profile_size))) {
        memcpy(*profile, profile_bytes, profile_size);
        *profile_length = profile_size;
    }
    // Every PNG as 8-bit RGBA.
    png_set_expand(png);
    png_set_strip_16(png);
    png_set_gray_to_rgb(png);
    png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
    png_read_update_info(png, info);
    row = png_get_rowbytes(png, info) == (size_t)width * 4 ? malloc((size_t)width * 4) : NULL;
    if (!row || !tessera_box_filter_init(&filter, region, width, height, out)) {
        free(row);
        free(*profile);
        *profile = NULL;
        *profile_length = 0;
        png_destroy_read_struct(&png, &info, NULL);
        return TESSERA_REGION_UNSUPPORTED;
    }
    filtering = 1;
    int first = tessera_box_filter_first_row(&filter), end = tessera_box_filter_end_row(&filter);
    // Rows above the region are read (a PNG is one compressed stream) and dropped; rows below it
    // are never read.
    for (int y = 0; y < end; y++) {
        png_read_row(png, row, NULL);
        if (y >= first) tessera_box_filter_add_row(&filter, y, row + (size_t)filter.source_x * 4);
    }
    tessera_box_filter_finish(&filter);
    tessera_box_filter_free(&filter);
    free(row);
    png_destroy_read_struct(&png, &info, NULL);
    return TESSERA_REGION_DECODED;
}
