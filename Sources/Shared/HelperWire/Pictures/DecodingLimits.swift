/// Sizes refused before allocating, by the decoder's header read and by the app reading a helper.
public enum DecodingLimits {
    /// A side no camera or screen reaches.
    public static let maximumSide = 16_384
    /// 64 megapixels: 256 MB as RGBA, the most one decode may allocate.
    public static let maximumPixels = 64_000_000
    /// An animation's most decoded bytes; past it only the still shows.
    public static let maximumFrameBytes = 64 << 20
    /// The largest body downloaded, and so sent to a helper: above any phone's photo.
    public static let maximumBodyBytes = 40 << 20
}
