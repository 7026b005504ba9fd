// Runs in its own process, tessera-decoder: pictures' bytes to pixels, confined.

/// When the decoder helper gives back the memory its decodes freed.
enum DecoderIdleness {
    /// A burst of thumbnails (a feed page, a scroll) sends pictures within milliseconds of each
    /// other; a second without one means the burst is over, and the heap the decodes left
    /// (tens of megabytes after a viewer's large pictures) is returned rather than held while
    /// the helper waits, perhaps for hours.
    static let trimAfter: Duration = .seconds(1)
}
