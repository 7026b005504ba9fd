import CGdkPixbuf
import Companions
import Foundation
import ImagePipeline

/// What the app and `tessera-poster` say to each other over the helper's standard input and
/// output. Words between programs, never shown, so nothing here is translated.
///
/// The app writes one request per line: `SIDE fit|fill TIMEOUT_MS URL`. The helper answers each in turn,
/// either `frame WIDTH HEIGHT ROWSTRIDE CHANNELS DURATION_NS` followed by the pixels, 8-bit RGB
/// (CHANNELS 3) or RGBA (4), row after row ROWSTRIDE apart, the last row only as long as its pixels
/// (`payloadLength`, as a GdkPixbuf keeps them), or `failed REASON` (already in the user's words).
/// DURATION_NS is -1 when the clip does not say its length.
public enum PosterWire {
    public struct Request: Equatable, Sendable {
        public var url: URL
        public var target: DecodingTarget
        /// How long the clip may take to give its first frame.
        public var timeout: Duration

        public init(url: URL, target: DecodingTarget, timeout: Duration) {
            self.url = url
            self.target = target
            self.timeout = timeout
        }

        public var line: String {
            "\(target.side) \(target.filling ? "fill" : "fit") \(timeout.milliseconds) \(url.absoluteString)\n" // not translated
        }

        /// Reads a request line (without its newline); nil when it is not one.
        public init?(line: String) {
            let parts = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
            guard parts.count == 4, let side = Int(parts[0]), side > 0, parts[1] == "fit" || parts[1] == "fill",
                  let milliseconds = Int(parts[2]), milliseconds > 0,
                  let url = URL(string: String(parts[3])) else { return nil }
            self.init(url: url, target: DecodingTarget(side: side, filling: parts[1] == "fill"), timeout: .milliseconds(milliseconds))
        }
    }

    /// The header line of a frame: `payloadLength` bytes of pixels follow it.
    public struct FrameHeader: Equatable, Sendable {
        public var width: Int
        public var height: Int
        public var rowstride: Int
        public var channels: Int
        public var duration: Duration?

        public init(width: Int, height: Int, rowstride: Int, channels: Int, duration: Duration?) {
            self.width = width
            self.height = height
            self.rowstride = rowstride
            self.channels = channels
            self.duration = duration
        }

        /// The bytes of pixels after the header.
        public var payloadLength: Int { rowstride * (height - 1) + width * channels }

        public var line: String {
            let nanoseconds = duration.map { $0.components.seconds * 1_000_000_000 + $0.components.attoseconds / 1_000_000_000 } ?? -1
            return "frame \(width) \(height) \(rowstride) \(channels) \(nanoseconds)\n" // not translated
        }

        /// Reads a frame line, refusing sizes no poster has (a broken helper must not make the
        /// app allocate without bound).
        public init?(line: String) {
            let parts = line.split(separator: " ")
            guard parts.count == 6, parts[0] == "frame",
                  let width = Int(parts[1]), let height = Int(parts[2]), let rowstride = Int(parts[3]),
                  let channels = Int(parts[4]), let nanoseconds = Int64(parts[5]),
                  (1...PixbufImageDecoder.maximumSide).contains(width), (1...PixbufImageDecoder.maximumSide).contains(height),
                  width * height <= PixbufImageDecoder.maximumPixels, channels == 3 || channels == 4,
                  rowstride >= width * channels, rowstride <= width * channels + 64 else { return nil }
            self.init(width: width, height: height, rowstride: rowstride, channels: channels,
                      duration: nanoseconds >= 0 ? .nanoseconds(nanoseconds) : nil)
        }
    }

    static let failurePrefix = "failed " // not translated

    /// The answer for a failure, on one line.
    public static func failureLine(_ reason: String) -> String {
        failurePrefix + reason.replacingOccurrences(of: "\n", with: " ") + "\n"
    }

    /// The reason in a failure line, or nil when the line is not one.
    public static func failureReason(in line: String) -> String? {
        line.hasPrefix(failurePrefix) ? String(line.dropFirst(failurePrefix.count)) : nil
    }

    /// The answer for `image`: its header line and its pixels.
    public static func frame(_ image: DecodedImage) -> (header: FrameHeader, pixels: UnsafeRawBufferPointer) {
        let pixbuf = image.pixbuf
        let header = FrameHeader(width: image.width, height: image.height,
                                 rowstride: Int(gdk_pixbuf_get_rowstride(pixbuf)),
                                 channels: Int(gdk_pixbuf_get_n_channels(pixbuf)), duration: image.duration)
        return (header, UnsafeRawBufferPointer(start: gdk_pixbuf_read_pixels(pixbuf), count: header.payloadLength))
    }
}
