/// Sizes past which a picture is refused before allocating: by the decoder's header read, and by the app
/// reading what a helper says it decoded.
public enum DecodingLimits {
    /// A side no camera or screen reaches.
    public static let maximumSide = 16_384
    /// 64 megapixels: 256 MB as RGBA, the most one decode may allocate.
    public static let maximumPixels = 64_000_000
    /// The most an animation's frames may hold once decoded at the size shown: past it only the
    /// still (its first frame) is shown. 64 MiB: a 480 px square clip of 70 frames.
    public static let maximumFrameBytes = 64 << 20
    /// 40 MiB, above any photo a phone takes: the largest body the pipeline downloads, and so the
    /// most a helper is sent.
    public static let maximumBodyBytes = 40 << 20
}
