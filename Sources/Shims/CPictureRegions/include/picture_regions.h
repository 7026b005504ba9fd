#ifndef TESSERA_PICTURE_REGIONS_H
#define TESSERA_PICTURE_REGIONS_H
// A part of a picture at a scale, decoded by streaming its rows through libpng or libjpeg-turbo:
// only the rows down to the part's last are read, and what is kept is the part itself plus one
// row of sums. A 100-megapixel picture is never whole in memory (what eog and Loupe allocate).

#include <stddef.h>
#include <stdint.h>

/// A rectangle of the picture scaled to `scaled_width` x `scaled_height`.
typedef struct {
    int scaled_width, scaled_height;
    int x, y, width, height;
} tessera_region;

typedef enum {
    /// `out` holds the region.
    TESSERA_REGION_DECODED = 0,
    /// This decoder does not stream this picture (interlaced, CMYK, 16 bits it cannot strip...):
    /// decode it whole another way.
    TESSERA_REGION_UNSUPPORTED = 1,
    /// The bytes are damaged; `message` says how.
    TESSERA_REGION_DAMAGED = 2,
} tessera_region_result;

/// The picture's size as its header says (0 when unreadable); for a PNG, whether it is
/// interlaced, and for a JPEG, whether it is progressive (both hold the whole picture to decode).
int tessera_png_info(const uint8_t *bytes, size_t length, int *width, int *height, int *interlaced);
int tessera_jpeg_info(const uint8_t *bytes, size_t length, int *width, int *height, int *progressive);

/// Decodes `region` into `out`: 8-bit RGBA, not premultiplied, `region.width * 4` bytes a row.
/// Each pixel is the average of the picture's pixels it covers (box filter, weighted by alpha).
/// `region.scaled_*` must not be larger than the picture. The colour profile the file carries,
/// if any, is put in `*profile` (malloc'd: the caller frees it). `message` gets a reason on
/// failure. A JPEG turned by its EXIF orientation is not streamed (its rows are not the
/// picture's).
tessera_region_result tessera_png_region(const uint8_t *bytes, size_t length, tessera_region region, uint8_t *out,
                                         uint8_t **profile, unsigned int *profile_length, char *message, size_t message_size);
tessera_region_result tessera_jpeg_region(const uint8_t *bytes, size_t length, tessera_region region, uint8_t *out,
                                          uint8_t **profile, unsigned int *profile_length, char *message, size_t message_size);

#endif
