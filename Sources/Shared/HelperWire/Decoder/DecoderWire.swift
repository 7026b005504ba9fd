import FoundationEssentials
import Glibc

/// The decoder's socket protocol (docs/helper-wires.md): bytes in, sealed pixels or a refusal back.
public enum DecoderWire {
    /// The helper's first line.
    public enum Ready: Equatable, Sendable {
        /// Namespaces (no network, an empty file system) and the system-call filter.
        case namespaces
        /// The filter alone; why namespaces could not be had.
        case filterOnly(String)
        /// Not confined, and so not used; why.
        case unconfined(String)

        public var line: String {
            switch self {
            case .namespaces: "ready namespaces\n"
            case .filterOnly(let why): "ready filter-only \(why)\n"
            case .unconfined(let why): "unconfined \(why)\n"
            }
        }

        public init?(line: String) {
            if line.utf8.elementsEqual("ready namespaces".utf8) { self = .namespaces }
            else if let why = line.wireRest(after: "ready filter-only ") { self = .filterOnly(String(why)) }
            else if let why = line.wireRest(after: "unconfined ") { self = .unconfined(String(why)) }
            else { return nil }
        }
    }

    /// What a test may ask the helper to try, to see the confinement refuse it.
    public enum Probe: String, CaseIterable, Sendable {
        /// Open a file of the system's for reading.
        case open
        /// Make a socket and connect to loopback.
        case connect
        /// Start a program.
        case spawn
        /// Allocate more than the address-space limit.
        case allocate
    }

    public enum Request: Equatable, Sendable {
        /// `length` bytes of the picture follow the line.
        case decode(id: Int, target: DecodingTarget, length: Int)
        /// `length` bytes of the picture follow the line: its metadata is wanted, not its pixels.
        case details(id: Int, length: Int)
        case probe(id: Int, Probe)

        public var line: String {
            switch self {
            case .decode(let id, let target, let length):
                "\(id) decode \(target.side) \(target.filling ? "fill" : "fit") \(target.animates ? "animated" : "still") \(length)"
                    + (target.region.map { " " + $0.field } ?? "") + "\n"
            case .details(let id, let length):
                "\(id) details \(length)\n"
            case .probe(let id, let probe):
                "\(id) probe \(probe.rawValue)\n"
            }
        }

        /// Nil for a line that is neither, or a picture longer than `maximumLength`.
        public init?(line: String, maximumLength: Int) {
            let parts = line.wireFields(omittingEmpty: false)
            guard parts.count >= 3, let id = Int(parts[0]) else { return nil }
            switch parts[1] {
            case "decode" where parts.count == 6 || parts.count == 7:
                guard let side = Int(parts[2]), side > 0, parts[3] == "fit" || parts[3] == "fill",
                      parts[4] == "still" || parts[4] == "animated",
                      let length = Int(parts[5]), (1...maximumLength).contains(length) else { return nil }
                let region = parts.count == 7 ? PictureRegion(field: parts[6]) : nil
                guard parts.count == 6 || region != nil else { return nil }
                self = .decode(id: id, target: DecodingTarget(side: side, filling: parts[3] == "fill", animates: parts[4] == "animated",
                                                              region: region),
                               length: length)
            case "details" where parts.count == 3:
                guard let length = Int(parts[2]), (1...maximumLength).contains(length) else { return nil }
                self = .details(id: id, length: length)
            case "probe" where parts.count == 3:
                guard let probe = Probe(rawValue: String(parts[2])) else { return nil }
                self = .probe(id: id, probe)
            default:
                return nil
            }
        }
    }

    /// The pixels' layout: a memory file of `byteCount` bytes follows the line.
    public struct Pixels: Equatable, Sendable {
        public var width: Int
        public var height: Int
        public var rowstride: Int
        public var channels: Int
        /// Each frame's delay in milliseconds; empty for a still.
        public var delays: [Int]

        /// The picture's own size, of which these pixels are a scaled copy (`DecodedImage`).
        public var originalWidth: Int
        public var originalHeight: Int
        /// The name of the colour profile the picture carried (`DecodedImage.colourProfile`).
        public var colourProfile: String?
        /// Four channels as cairo's ARGB32, sent as `4p`: a viewer's part.
        public var premultiplied: Bool

        public init(width: Int, height: Int, rowstride: Int, channels: Int, delays: [Int],
                    originalWidth: Int? = nil, originalHeight: Int? = nil, colourProfile: String? = nil, premultiplied: Bool = false) {
            self.premultiplied = premultiplied && channels == 4
            self.width = width
            self.height = height
            self.rowstride = rowstride
            self.channels = channels
            self.delays = delays
            self.originalWidth = originalWidth ?? width
            self.originalHeight = originalHeight ?? height
            // One line of single-spaced words, at most 120 scalars (by scalars, as `wireFields` splits).
            self.colourProfile = colourProfile.map { name in
                let words = name.unicodeScalars.prefix(480).split(whereSeparator: \.properties.isWhitespace)
                let line = String(String.UnicodeScalarView(words.joined(separator: [" "]).prefix(120)))
                return line.wireFields().joined(separator: " ")
            }.flatMap { $0.isEmpty ? nil : $0 }
        }

        public var frameCount: Int { max(1, delays.count) }
        public var frameBytes: Int { rowstride * height }
        public var byteCount: Int { frameBytes * frameCount }

        /// Refuses what no decode gives: a subverted helper must not make the app map without bound.
        init?(fields parts: [Substring]) {
            guard parts.count >= 7, let width = Int(parts[0]), let height = Int(parts[1]),
                  let rowstride = Int(parts[2]), let channels = Int(parts[3] == "4p" ? "4" : parts[3]),
                  let originalWidth = Int(parts[5]), let originalHeight = Int(parts[6]),
                  (1...DecodingLimits.maximumSide).contains(width), (1...DecodingLimits.maximumSide).contains(height),
                  (1...DecodingLimits.maximumSide).contains(originalWidth), (1...DecodingLimits.maximumSide).contains(originalHeight),
                  channels == 3 || channels == 4, rowstride >= width * channels, rowstride <= width * channels + 64 else { return nil }
            var delays: [Int] = []
            if parts[4] != "-" {
                for field in parts[4].split(separator: ",") {
                    guard let delay = Int(field), delay > 0 else { return nil }
                    delays.append(delay)
                }
                guard delays.count > 1 else { return nil }
            }
            self.init(width: width, height: height, rowstride: rowstride, channels: channels, delays: delays,
                      originalWidth: originalWidth, originalHeight: originalHeight,
                      colourProfile: parts.count > 7 ? parts[7...].joined(separator: " ") : nil, premultiplied: parts[3] == "4p")
            guard width * height * frameCount <= DecodingLimits.maximumPixels,
                  delays.isEmpty || byteCount <= DecodingLimits.maximumFrameBytes else { return nil }
        }

        public func line(for id: Int) -> String {
            "\(id) image \(width) \(height) \(rowstride) \(premultiplied ? "4p" : String(channels)) \(delays.isEmpty ? "-" : delays.map(String.init).joined(separator: ",")) \(originalWidth) \(originalHeight)\(colourProfile.map { " " + $0 } ?? "")\n"
        }
    }

    public enum Answer: Equatable, Sendable {
        case image(id: Int, Pixels)
        /// Checked (`PictureDetails.checked`) on both sides; as JSON on the line.
        case details(id: Int, PictureDetails)
        case refused(id: Int, PictureRefusal)
        case probed(id: Int, refused: Bool, detail: String)

        public var id: Int {
            switch self {
            case .image(let id, _), .details(let id, _), .refused(let id, _), .probed(let id, _, _): id
            }
        }

        public var line: String {
            switch self {
            case .image(let id, let pixels): pixels.line(for: id)
            case .details(let id, let details):
                "\(id) details \(String(decoding: (try? JSONEncoder().encode(details.checked)) ?? Data("{}".utf8), as: UTF8.self))\n"
            case .refused(let id, .notAnImage): "\(id) refused not-a-picture\n"
            case .refused(let id, .tooLarge(let width, let height)): "\(id) refused too-large \(width) \(height)\n"
            case .refused(let id, .undecodable(let detail)): "\(id) refused damaged \(detail.replacing("\n", with: " "))\n"
            case .refused(let id, let error): "\(id) refused damaged \(error.description.replacing("\n", with: " "))\n"
            case .probed(let id, let refused, let detail): "\(id) probed \(refused ? "refused" : "allowed") \(detail)\n"
            }
        }

        /// Nil for a line that is none of these.
        public init?(line: String) {
            let parts = line.wireFields(maxSplits: 2, omittingEmpty: false)
            guard parts.count == 3, let id = Int(parts[0]) else { return nil }
            let rest = parts[2]
            switch parts[1] {
            case "image":
                guard let pixels = Pixels(fields: rest.wireFields()) else { return nil }
                self = .image(id: id, pixels)
            case "details":
                guard let details = try? JSONDecoder().decode(PictureDetails.self, from: Data(rest.utf8)) else { return nil }
                self = .details(id: id, details.checked)
            case "refused":
                let fields = rest.wireFields(maxSplits: 1)
                switch fields.first {
                case "not-a-picture": self = .refused(id: id, .notAnImage)
                case "too-large":
                    let size = rest.wireFields()
                    guard size.count == 3, let width = Int(size[1]), let height = Int(size[2]) else { return nil }
                    self = .refused(id: id, .tooLarge(width: width, height: height))
                case "damaged": self = .refused(id: id, .undecodable(fields.count > 1 ? String(fields[1]) : ""))
                default: return nil
                }
            case "probed":
                let fields = rest.wireFields(maxSplits: 1)
                guard let verdict = fields.first, verdict == "refused" || verdict == "allowed" else { return nil }
                self = .probed(id: id, refused: verdict == "refused", detail: fields.count > 1 ? String(fields[1]) : "")
            default:
                return nil
            }
        }
    }
}
