// libFuzzer target for CPictureRegions: untrusted bytes through the PNG and JPEG header readers
// and the streamed region decoders with their box filter, as the decoder helper calls them.
// Input: one byte choosing PNG (even) or JPEG (odd), four bytes choosing the region, the file.

#include "picture_regions.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/// Pictures larger than this are not decoded here: the helper's own limit keeps them out too.
#define MAXIMUM_PIXELS (4096 * 4096)

static int pick(uint8_t byte, int limit) { return limit <= 1 ? (limit > 0 ? 1 : 0) : 1 + byte % limit; }

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 5) return 0;
    int jpeg = data[0] & 1;
    const uint8_t *choice = data + 1, *bytes = data + 5;
    size_t length = size - 5;
    int width = 0, height = 0, layered = 0;
    int known = jpeg ? tessera_jpeg_info(bytes, length, &width, &height, &layered)
                     : tessera_png_info(bytes, length, &width, &height, &layered);
    if (!known || width <= 0 || height <= 0 || (long long)width * height > MAXIMUM_PIXELS) return 0;
    tessera_region region;
    region.scaled_width = pick(choice[0], width);
    region.scaled_height = pick(choice[1], height);
    region.x = choice[2] % region.scaled_width;
    region.y = choice[3] % region.scaled_height;
    region.width = pick(choice[2] >> 4, region.scaled_width - region.x);
    region.height = pick(choice[3] >> 4, region.scaled_height - region.y);
    uint8_t *out = malloc((size_t)region.width * region.height * 4);
    if (!out) return 0;
    uint8_t *profile = NULL;
    unsigned int profile_length = 0;
    char message[256];
    if (jpeg) tessera_jpeg_region(bytes, length, region, out, &profile, &profile_length, message, sizeof message);
    else tessera_png_region(bytes, length, region, out, &profile, &profile_length, message, sizeof message);
    free(profile);
    free(out);
    return 0;
}
