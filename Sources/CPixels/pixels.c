#include "CPixels.h"

/* x * alpha / 255, rounded, without a division (exact for 8-bit values). */
static inline uint32_t multiply(uint32_t x, uint32_t alpha) {
    uint32_t t = x * alpha + 128;
    return (t + (t >> 8)) >> 8;
}

void tessera_pixels_to_premultiplied_argb(const uint8_t *source, int width, int height, int source_stride,
                                          int channels, uint8_t *destination, int destination_stride) {
    for (int y = 0; y < height; y++) {
        const uint8_t *in = source + (long)y * source_stride;
        uint32_t *out = (uint32_t *)(destination + (long)y * destination_stride);
        if (channels == 4) {
            for (int x = 0; x < width; x++, in += 4) {
                uint32_t alpha = in[3];
                out[x] = alpha == 255 ? 0xFF000000u | (uint32_t)in[0] << 16 | (uint32_t)in[1] << 8 | in[2]
                                      : alpha << 24 | multiply(in[0], alpha) << 16 | multiply(in[1], alpha) << 8 | multiply(in[2], alpha);
            }
        } else {
            for (int x = 0; x < width; x++, in += 3)
                out[x] = 0xFF000000u | (uint32_t)in[0] << 16 | (uint32_t)in[1] << 8 | in[2];
        }
    }
}
