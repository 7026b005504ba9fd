#ifndef TESSERA_CPIXELS_H
#define TESSERA_CPIXELS_H

#include <stdint.h>

/// Converts 8-bit RGB (3 channels) or RGBA (4 channels, straight alpha) rows, as gdk-pixbuf
/// holds them, into 32-bit pixels with premultiplied alpha in native byte order (A in the top
/// byte, then R, G, B: cairo's ARGB32), `destination_stride` bytes a row.
void tessera_pixels_to_premultiplied_argb(const uint8_t *source, int width, int height, int source_stride,
                                          int channels, uint8_t *destination, int destination_stride);

#endif
