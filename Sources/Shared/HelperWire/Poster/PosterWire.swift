import CGdkPixbuf
import HelperPipes
import FoundationEssentials
import Glibc

/// The poster's protocol (docs/helper-wires.md): clip bytes in, first frame and length back, by id.
public enum PosterWire {
    public struct Request: Equatable, Sendable {
        /// Chosen by the app; the answer carries it back.
        public var id: Int
        public var target: DecodingTarget
        /// How long the clip may take to give its first frame.
        public var timeout: Duration
        /// The clip's length in bytes, which follow the line.
        public var length: Int

        public init(id: Int, target: DecodingTarget, timeout: Duration, length: Int) {
            self.id = id
            self.target = target
            self.timeout = timeout
            self.length = length
        }

        public var line: String {
            "\(id) \(target.side) \(target.filling ? "fill" : "fit") \(timeout.milliseconds) \(length)\n" // not translated
        }

        /// A request line; nil when it is none or announces more than `maximumLength` bytes.
        public init?(line: String, maximumLength: Int) {
            let parts = line.wireFields(omittingEmpty: false)
            guard parts.count == 5, let id = Int(parts[0]), let side = Int(parts[1]), side > 0,
                  parts[2] == "fit" || parts[2] == "fill", let milliseconds = Int(parts[3]), milliseconds > 0,
                  let length = Int(parts[4]), length > 0, length <= maximumLength else { return nil }
            self.init(id: id, target: DecodingTarget(side: side, filling: parts[2] == "fill"),
                      timeout: .milliseconds(milliseconds), length: length)
        }
    }

    /// What a test asks the helper to try: what confinement must refuse, or `stall` until it ends.
    public enum Probe: String, CaseIterable, Sendable {
        case open, connect, spawn, stall

        /// The line asking for it as request `id`.
        public func line(for id: Int) -> String { "\(id) probe \(rawValue)\n" } // not translated
    }

    /// A line the helper reads: a clip's request, or a probe.
    public enum Incoming: Equatable, Sendable {
        case clip(Request)
        case probe(id: Int, Probe)

        /// Nil for a line that is neither.
        public init?(line: String, maximumLength: Int) {
            let parts = line.wireFields(omittingEmpty: false)
            if parts.count == 3, let id = Int(parts[0]), parts[1] == "probe", let probe = Probe(rawValue: String(parts[2])) {
                self = .probe(id: id, probe)
            } else if let request = Request(line: line, maximumLength: maximumLength) {
                self = .clip(request)
            } else {
                return nil
            }
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

        /// Refuses sizes no poster has, so a broken helper cannot make the app allocate without bound.
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
        /// What a probe found: whether the confinement refused it, and the system's words.
        case probed(id: Int, refused: Bool, detail: String)

        /// Nil for a line that is neither.
        public init?(line: String) {
            let parts = line.wireFields(maxSplits: 2, omittingEmpty: false)
            guard parts.count == 3, let id = Int(parts[0]) else { return nil }
            switch parts[1] {
            case "frame": // not translated
                guard let header = FrameHeader(fields: parts[2].wireFields()) else { return nil }
                self = .frame(id: id, header)
            case "failed": // not translated
                self = .failed(id: id, reason: String(parts[2]))
            case "probed": // not translated
                let fields = parts[2].wireFields(maxSplits: 1, omittingEmpty: false)
                guard fields.count == 2, fields[0] == "refused" || fields[0] == "allowed" else { return nil }
                self = .probed(id: id, refused: fields[0] == "refused", detail: String(fields[1]))
            default:
                return nil
            }
        }
    }

    /// The answer's line for what probe `id` found.
    public static func probedLine(refused: Bool, detail: String, for id: Int) -> String {
        "\(id) probed \(refused ? "refused" : "allowed") \(detail.replacing("\n", with: " "))\n" // not translated
    }

    /// The answer's line for a failure of request `id`.
    public static func failureLine(_ reason: String, for id: Int) -> String {
        "\(id) failed \(reason.replacing("\n", with: " "))\n" // not translated
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
