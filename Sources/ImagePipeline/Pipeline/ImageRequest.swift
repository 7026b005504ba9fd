import Foundation

/// What to show: an image URL decoded to fit a box of pixels.
public struct ImageRequest: Sendable, Hashable {
    public var url: URL
    /// The largest width and height the image will be shown at, in device pixels.
    public var maximumPixelSize: Int
    /// Higher first: visible cells above prefetches.
    public var priority: Int

    public init(url: URL, maximumPixelSize: Int, priority: Int = ImageRequest.visible) {
        self.url = url
        self.maximumPixelSize = maximumPixelSize
        self.priority = priority
    }

    public static let visible = 10
    public static let prefetch = 0

    /// Sizes are rounded up to these buckets, so that near sizes share one decode and one cache entry.
    static let sizeBuckets = [32, 64, 96, 128, 192, 256, 384, 512, 768, 1024, 1536, 2048, 3072, 4096]

    var bucket: Int { Self.sizeBuckets.first { $0 >= maximumPixelSize } ?? Self.sizeBuckets.last! }

    /// The URL with its scheme and host lower-cased and any fragment dropped.
    var normalizedURL: String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return url.absoluteString }
        components.scheme = components.scheme?.lowercased()
        components.host = components.host?.lowercased()
        components.fragment = nil
        return components.string ?? url.absoluteString
    }

    /// Identifies the decoded result: same URL and size bucket, same image.
    var key: ImageKey { ImageKey(url: normalizedURL, bucket: bucket) }
}

struct ImageKey: Hashable, Sendable, CustomStringConvertible {
    let url: String
    let bucket: Int
    var description: String { "\(url)@\(bucket)" }
}
