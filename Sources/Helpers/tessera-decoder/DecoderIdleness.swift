// Runs in its own process, tessera-decoder: pictures' bytes to pixels, confined.

/// When the decoder helper gives back the memory its decodes freed.
enum DecoderIdleness {
    /// A second without a picture ends a burst: the heap the decodes left is returned, not held for hours.
    static let trimAfter: Duration = .seconds(1)
}
