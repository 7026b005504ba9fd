#ifndef TESSERA_BOX_FILTER_H
#define TESSERA_BOX_FILTER_H
// Sums the source rows that fall in the region into its output rows, one row of sums at a time.

#include <stdint.h>
#include "picture_regions.h"

typedef struct {
    tessera_region region;
    /// The source's size (the picture, or the JPEG's scaled output).
    int source_width, source_height;
    /// The first source column read, and how many (the caller's row starts there).
    int source_x, source_columns;
    /// For each source column read, its output column.
    int *column_of;
    /// Premultiplied sums per output column and channel, and the alpha-weighted counts.
    uint64_t *sums;
    uint32_t *counts;
    /// The output row being summed, relative to the region.
    int row;
    uint8_t *out;
} tessera_box_filter;

/// Sets up for `region` of a source `source_width` x `source_height`; 0 when out of memory.
int tessera_box_filter_init(tessera_box_filter *filter, tessera_region region, int source_width, int source_height, uint8_t *out);
void tessera_box_filter_free(tessera_box_filter *filter);
/// The first and one past the last source row the region needs.
int tessera_box_filter_first_row(const tessera_box_filter *filter);
int tessera_box_filter_end_row(const tessera_box_filter *filter);
/// Adds source row `y`: `pixels` are RGBA from column `source_x`, `source_columns` of them.
void tessera_box_filter_add_row(tessera_box_filter *filter, int y, const uint8_t *pixels);
/// Writes the last output row (once every row was added).
void tessera_box_filter_finish(tessera_box_filter *filter);

#endif
