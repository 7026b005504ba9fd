import Foundation
import HelperWire

/// What to show: an image URL decoded to fit a box of pixels, or to cover it.
public struct ImageRequest: Sendable, Hashable {
    public var url: URL
    /// The box the image will be shown in, in device pixels (width and height).
    public var maximumPixelSize: Int
    /// Higher first: visible cells above prefetches.
    public var priority: Int
    /// `fit`: longer side to the box; `fill`: shorter side, cropped (square tiles).
    public var sizing: Sizing

    public enum Sizing: Sendable, Hashable { case fit, fill }
    /// What the URL holds: a still image, or a clip whose first frame is shown (its poster).
    public var content: Content

    public enum Content: Sendable, Hashable { case image, videoFrame }
    /// Every frame of an animated GIF or WebP, not only the still.
    public var animates = false
    /// Exactly `maximumPixelSize`, no bucket: a viewer's zoom.
    public var exactSize = false
    /// Only this part of the picture at that size (a zoomed viewer's view); nil for all of it.
    public var region: PictureRegion?
    /// What the download is for; not part of the request's identity, so sections share loads and entries.
    public var account: DownloadAccount = DownloadAccount(nil)
    /// Only the first bytes (a clip's poster); set by the pipeline, not part of the identity.
    public var firstBytes: Int?
    /// Saving data: stop at passes that are the picture here; the pipeline's, not identity.
    public var enoughAt: DecodingTarget?
    /// The rest of kept bytes, if unchanged; the pipeline's, not identity.
    public var rest: RestOfBytes?

    /// Where the rest starts, and the validator saying the bytes are the same (`rangeValidator`).
    public struct RestOfBytes: Sendable, Hashable {
        public var offset: Int
        public var validator: String

        public init(offset: Int, validator: String) {
            self.offset = offset
            self.validator = validator
        }
    }

    public init(url: URL, maximumPixelSize: Int, sizing: Sizing = .fit, content: Content = .image,
                priority: Int = ImageRequest.visible) {
        self.url = url
        self.maximumPixelSize = maximumPixelSize
        self.sizing = sizing
        self.content = content
        self.priority = priority
    }

    public static let visible = 10
    public static let prefetch = 0
    /// A load nobody waits for any more, in its grace (`abandonedLoadGrace`): behind every other.
    static let abandoned = -10

    /// Sizes are rounded up to these buckets, so that near sizes share one decode and one cache entry.
    static let sizeBuckets = [32, 64, 96, 128, 192, 256, 384, 512, 768, 1024, 1536, 2048, 3072, 4096]

    var bucket: Int {
        if exactSize { return min(max(1, maximumPixelSize), DecodingLimits.maximumSide) }
        return Self.sizeBuckets.first { $0 >= maximumPixelSize } ?? Self.sizeBuckets.last!
    }

    /// The URL with its scheme and host lower-cased and any fragment dropped.
    var normalizedURL: String {
        let string = url.absoluteString
        // Most URLs are normal already, and URLComponents cost more than the HTTP headers.
        if Self.isNormal(string) { return string }
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return url.absoluteString }
        components.scheme = components.scheme?.lowercased()
        components.host = components.host?.lowercased()
        components.fragment = nil
        return components.string ?? url.absoluteString
    }

    /// No fragment; scheme and authority ASCII without capitals or escapes.
    private static func isNormal(_ string: String) -> Bool {
        let bytes = string.utf8
        guard !bytes.contains(UInt8(ascii: "#")), let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return false }
        let rest = bytes[bytes.index(after: colon)...]
        let authority = rest.starts(with: "//".utf8) ? rest.dropFirst(2) : rest.prefix(0)
        let authorityEnd = authority.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") } ?? authority.endIndex
        return bytes[..<authorityEnd].allSatisfy { $0 < 0x80 && $0 != UInt8(ascii: "%") && !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }
    }

    /// Identifies the decoded result: same URL, size bucket, sizing and content, same image.
    var key: ImageKey { ImageKey(url: normalizedURL, bucket: bucket, sizing: sizing, content: content, animates: animates, region: region) }
}

struct ImageKey: Hashable, Sendable, CustomStringConvertible {
    let url: String
    let bucket: Int
    var sizing: ImageRequest.Sizing = .fit
    var content: ImageRequest.Content = .image
    var animates = false
    var region: PictureRegion?
    /// A decode of a download's first passes, waiting for its slot under a name of its own.
    var passes: Int?
    /// A request with this key (for its priority to be changed in the queues it waits in).
    var request: ImageRequest {
        var request = ImageRequest(url: URL(string: url) ?? URL(fileURLWithPath: "/"), maximumPixelSize: bucket, sizing: sizing, content: content)
        request.animates = animates
        request.exactSize = !ImageRequest.sizeBuckets.contains(bucket)
        request.region = region
        return request
    }

    var description: String {
        "\(url)@\(bucket)\(sizing == .fill ? "-fill" : "")\(content == .videoFrame ? "-frame" : "")\(animates ? "-animated" : "")\(region.map { "-" + $0.field } ?? "")\(passes.map { "-passes\($0)" } ?? "")"
    }
}
