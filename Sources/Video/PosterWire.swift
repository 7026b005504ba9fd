import CGdkPixbuf
import Companions
import Foundation
import ImagePipeline

/// What the app and `tessera-poster` say to each other over the helper's standard input and
/// output. Words between programs, never shown, so nothing here is translated.
///
/// The app writes one request per line: `ID SIDE fit|fill TIMEOUT_MS URL`. The helper reads a few
/// at once and answers each when it is done, in any order, under the request's ID: either
/// `ID frame WIDTH HEIGHT ROWSTRIDE CHANNELS DURATION_NS` followed by the pixels, 8-bit RGB
/// (CHANNELS 3) or RGBA (4), row after row ROWSTRIDE apart, the last row only as long as its pixels
/// (`payloadLength`, as a GdkPixbuf keeps them), or `ID failed REASON` (already in the user's
/// words). DURATION_NS is -1 when the clip does not say its length.
public enum PosterWire {
    public struct Request: Equatable, Sendable {
        /// Chosen by the app; the answer carries it back.
        public var id: Int
        public var url: URL
        public var target: DecodingTarget
        /// How long the clip may take to give its first frame.
        public var timeout: Duration

        public init(id: Int, url: URL, target: DecodingTarget, timeout: Duration) {
            self.id = id
            self.url = url
            self.target = target
            self.timeout = timeout
        }

        public var line: String {
            "\(id) \(target.side) \(target.filling ? "fill" : "fit") \(timeout.milliseconds) \(url.absoluteString)\n" // not translated
        }

        /// Reads a request line (without its newline); nil when it is not one.
        public init?(line: String) {
            let parts = line.split(separator: " ", maxSplits: 4, omittingEmptySubsequences: false)
            guard parts.count == 5, let id = Int(parts[0]), let side = Int(parts[1]), side > 0,
                  parts[2] == "fit" || parts[2] == "fill", let milliseconds = Int(parts[3]), milliseconds > 0,
                  let url = URL(string: String(parts[4])) else { return nil }
            self.init(id: id, url: url, target: DecodingTarget(side: side, filling: parts[2] == "fill"),
                      timeout: .milliseconds(milliseconds))
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

        /// The answer's line for request `id`.
        public func line(for id: Int) -> String {
            let nanoseconds = duration.map { $0.components.seconds * 1_000_000_000 + $0.components.attoseconds / 1_000_000_000 } ?? -1
            return "\(id) frame \(width) \(height) \(rowstride) \(channels) \(nanoseconds)\n" // not translated
        }

        /// Reads the fields after `ID frame`, refusing sizes no poster has (a broken helper must
        /// not make the app allocate without bound).
        init?(fields parts: [Substring]) {
            guard parts.count == 5,
                  let width = Int(parts[0]), let height = Int(parts[1]), let rowstride = Int(parts[2]),
                  let channels = Int(parts[3]), let nanoseconds = Int64(parts[4]),
                  (1...DecodingLimits.maximumSide).contains(width), (1...DecodingLimits.maximumSide).contains(height),
                  width * height <= DecodingLimits.maximumPixels, channels == 3 || channels == 4,
                  rowstride >= width * channels, rowstride <= width * channels + 64 else { return nil }
            self.init(width: width, height: height, rowstride: rowstride, channels: channels,
                      duration: nanoseconds >= 0 ? .nanoseconds(nanoseconds) : nil)
        }
    }

    /// What the helper answered, from its line.
    public enum Answer: Equatable, Sendable {
        /// `FrameHeader.payloadLength` bytes of pixels follow the line.
        case frame(id: Int, FrameHeader)
        case failed(id: Int, reason: String)

        /// Nil for a line that is neither.
        public init?(line: String) {
            let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3, let id = Int(parts[0]) else { return nil }
            switch parts[1] {
            case "frame": // not translated
                guard let header = FrameHeader(fields: parts[2].split(separator: " ")) else { return nil }
                self = .frame(id: id, header)
            case "failed": // not translated
                self = .failed(id: id, reason: String(parts[2]))
            default:
                return nil
            }
        }
    }

    /// The answer's line for a failure of request `id`.
    public static func failureLine(_ reason: String, for id: Int) -> String {
        "\(id) failed \(reason.replacingOccurrences(of: "\n", with: " "))\n" // not translated
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
