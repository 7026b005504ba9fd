#include "box_filter.h"

#include <stdlib.h>
#include <string.h>

// Source column (or row) `s` of `source` lands in output column floor(s * scaled / source): a
// partition, each output column getting at least one source column while scaled <= source.
static int first_source(int out, int scaled, int source) {
    return (int)(((int64_t)out * source + scaled - 1) / scaled);
}

static int output_of(int s, int scaled, int source) {
    return (int)((int64_t)s * scaled / source);
}

int tessera_box_filter_init(tessera_box_filter *filter, tessera_region region, int source_width, int source_height, uint8_t *out) {
    memset(filter, 0, sizeof *filter);
    filter->region = region;
    filter->source_width = source_width;
    filter->source_height = source_height;
    filter->out = out;
    filter->source_x = first_source(region.x, region.scaled_width, source_width);
    int end = first_source(region.x + region.width, region.scaled_width, source_width);
    if (end > source_width) end = source_width;
    filter->source_columns = end - filter->source_x;
    filter->column_of = malloc(sizeof(int) * (size_t)(filter->source_columns > 0 ? filter->source_columns : 1));
    filter->sums = calloc((size_t)region.width * 4, sizeof(uint64_t));
    filter->counts = calloc((size_t)region.width, sizeof(uint32_t));
    if (!filter->column_of || !filter->sums || !filter->counts) {
        tessera_box_filter_free(filter);
        return 0;
    }
    for (int i = 0; i < filter->source_columns; i++) {
        filter->column_of[i] = output_of(filter->source_x + i, region.scaled_width, source_width) - region.x;
    }
    return 1;
}

void tessera_box_filter_free(tessera_box_filter *filter) {
    free(filter->column_of);
    free(filter->sums);
    free(filter->counts);
    filter->column_of = NULL;
    filter->sums = NULL;
    filter->counts = NULL;
}

int tessera_box_filter_first_row(const tessera_box_filter *filter) {
    return first_source(filter->region.y, filter->region.scaled_height, filter->source_height);
}

int tessera_box_filter_end_row(const tessera_box_filter *filter) {
    int end = first_source(filter->region.y + filter->region.height, filter->region.scaled_height, filter->source_height);
    return end > filter->source_height ? filter->source_height : end;
}

/// Writes the row of sums as output row `filter->row` and clears it.
static void emit(tessera_box_filter *filter) {
    if (filter->row < 0 || filter->row >= filter->region.height) return;
    uint8_t *row = filter->out + (size_t)filter->row * (size_t)filter->region.width * 4;
    for (int c = 0; c < filter->region.width; c++) {
        uint64_t *sum = filter->sums + (size_t)c * 4;
        uint32_t count = filter->counts[c];
        uint8_t *pixel = row + (size_t)c * 4;
        if (count == 0 || sum[3] == 0) {
            memset(pixel, 0, 4);
        } else {
            pixel[0] = (uint8_t)((sum[0] + sum[3] / 2) / sum[3]);
            pixel[1] = (uint8_t)((sum[1] + sum[3] / 2) / sum[3]);
            pixel[2] = (uint8_t)((sum[2] + sum[3] / 2) / sum[3]);
            pixel[3] = (uint8_t)((sum[3] + count / 2) / count);
        }
    }
    memset(filter->sums, 0, (size_t)filter->region.width * 4 * sizeof(uint64_t));
    memset(filter->counts, 0, (size_t)filter->region.width * sizeof(uint32_t));
}

void tessera_box_filter_add_row(tessera_box_filter *filter, int y, const uint8_t *pixels) {
    int row = output_of(y, filter->region.scaled_height, filter->source_height) - filter->region.y;
    if (row < 0 || row >= filter->region.height) return;
    if (row != filter->row) {
        emit(filter);
        filter->row = row;
    }
    for (int i = 0; i < filter->source_columns; i++) {
        const uint8_t *pixel = pixels + (size_t)i * 4;
        uint64_t *sum = filter->sums + (size_t)filter->column_of[i] * 4;
        uint64_t alpha = pixel[3];
        sum[0] += pixel[0] * alpha;
        sum[1] += pixel[1] * alpha;
        sum[2] += pixel[2] * alpha;
        sum[3] += alpha;
        filter->counts[filter->column_of[i]] += 1;
    }
}

void tessera_box_filter_finish(tessera_box_filter *filter) {
    emit(filter);
}
