import FoundationEssentials
import Glibc

/// The player's protocol (docs/helper-wires.md): clip bytes in, frames in shared rings and sound back.
public enum PlaybackWire {
    /// The biggest frame side the app takes, 8K, so a broken helper cannot make it allocate without bound.
    public static let maximumFrameSide = 8192
    /// The most sound one sample may carry: a second of it.
    public static let maximumSoundLength = 48_000 * 4
    /// The most slots a ring of frames may have: the frames the helper may have with the app.
    public static let maximumSlots = 16

    /// The most bytes one `part` may carry: 4 MiB.
    public static let maximumPartLength = 4 << 20

    /// A line the helper reads.
    public enum Request: Equatable, Sendable {
        /// The clip's LENGTH bytes follow.
        case clip(length: Int)
        /// The clip is `length` bytes long; its bytes come in parts.
        case stream(length: Int)
        /// `length` bytes of the clip from `offset` follow.
        case part(offset: Int, length: Int)
        case seek(generation: Int, to: Duration)
        /// The app let `count` pieces of sound go: the helper may send as many more.
        case moreSound(Int)
        /// The app let the frame in `slot` of ring `ring` go: the helper may write there again.
        case released(ring: Int, slot: Int)
        /// A test asks the helper to try what its confinement must refuse.
        case probe(PosterWire.Probe)

        public var line: String { // not translated
            switch self {
            case .clip(let length): return "clip \(length)\n"
            case .stream(let length): return "stream \(length)\n"
            case .part(let offset, let length): return "part \(offset) \(length)\n"
            case .seek(let generation, let position): return "seek \(generation) \(position.nanoseconds)\n"
            case .moreSound(let count): return "more audio \(count)\n" // not translated
            case .released(let ring, let slot): return "released \(ring) \(slot)\n"
            case .probe(let probe): return "probe \(probe.rawValue)\n"
            }
        }

        /// Nil for a line that is none of them, or a clip longer than `maximumLength`.
        public init?(line: String, maximumLength: Int) {
            let parts = line.wireFields(omittingEmpty: false)
            switch (parts.first, parts.count) {
            case ("clip", 2):
                guard let length = Int(parts[1]), length > 0, length <= maximumLength else { return nil }
                self = .clip(length: length)
            case ("stream", 2):
                guard let length = Int(parts[1]), length > 0, length <= maximumLength else { return nil }
                self = .stream(length: length)
            case ("part", 3):
                guard let offset = Int(parts[1]), let length = Int(parts[2]), offset >= 0, offset < maximumLength,
                      length > 0, length <= PlaybackWire.maximumPartLength else { return nil }
                self = .part(offset: offset, length: length)
            case ("seek", 3):
                guard let generation = Int(parts[1]), let nanoseconds = Int64(parts[2]), nanoseconds >= 0 else { return nil }
                self = .seek(generation: generation, to: .nanoseconds(nanoseconds))
            case ("more", 3):
                guard parts[1] == "audio", let count = Int(parts[2]), count > 0 else { return nil }
                self = .moreSound(count)
            case ("released", 3):
                guard let ring = Int(parts[1]), let slot = Int(parts[2]), ring > 0, slot >= 0 else { return nil }
                self = .released(ring: ring, slot: slot)
            case ("probe", 2):
                guard let probe = PosterWire.Probe(rawValue: String(parts[1])) else { return nil }
                self = .probe(probe)
            default:
                return nil
            }
        }
    }

    /// Which stream a sample or an end belongs to.
    public enum Stream: String, Sendable {
        case video, audio
    }

    /// A decoded sample's header: `length` bytes follow it.
    public struct Sample: Equatable, Sendable {
        public var stream: Stream
        public var time: Duration?
        public var duration: Duration?
        public var width = 0
        public var height = 0
        public var aspect = (numerator: 1, denominator: 1)
        public var length: Int
        /// Where a frame is: its ring's number and its slot there (sound comes in the socket).
        public var ring = 0
        public var slot = 0

        public init(stream: Stream, length: Int) {
            self.stream = stream
            self.length = length
        }

        public static func == (lhs: Sample, rhs: Sample) -> Bool {
            lhs.stream == rhs.stream && lhs.time == rhs.time && lhs.duration == rhs.duration && lhs.width == rhs.width
                && lhs.height == rhs.height && lhs.aspect == rhs.aspect && lhs.length == rhs.length
                && lhs.ring == rhs.ring && lhs.slot == rhs.slot
        }

        public var line: String { // not translated
            let time = time?.nanoseconds ?? -1, duration = duration?.nanoseconds ?? -1
            switch stream {
            case .video: return "video \(time) \(duration) \(width) \(height) \(aspect.numerator) \(aspect.denominator) \(length) \(ring) \(slot)\n"
            case .audio: return "audio \(time) \(duration) \(length)\n"
            }
        }

        /// Reads the fields after `video` or `audio`, refusing sizes no clip has.
        init?(_ stream: Stream, fields: [Substring]) {
            self.stream = stream
            let numbers = fields.compactMap { Int64($0) }
            guard numbers.count == fields.count else { return nil }
            time = numbers.first.flatMap { $0 >= 0 ? .nanoseconds($0) : nil }
            duration = numbers.dropFirst().first.flatMap { $0 >= 0 ? .nanoseconds($0) : nil }
            switch stream {
            case .video:
                guard numbers.count == 9, numbers[7] > 0, (0..<Int64(PlaybackWire.maximumSlots)).contains(numbers[8]) else { return nil }
                let (width, height) = (Int(numbers[2]), Int(numbers[3]))
                let side = 1...PlaybackWire.maximumFrameSide, ratio = 1...100_000
                guard side.contains(width), side.contains(height), ratio.contains(Int(numbers[4])), ratio.contains(Int(numbers[5])),
                      numbers[6] == Int64(width * height * 4) else { return nil }
                self.width = width
                self.height = height
                aspect = (Int(numbers[4]), Int(numbers[5]))
                length = Int(numbers[6])
                ring = Int(numbers[7])
                slot = Int(numbers[8])
            case .audio:
                guard numbers.count == 3, numbers[2] > 0, numbers[2] <= PlaybackWire.maximumSoundLength, numbers[2] % 4 == 0 else { return nil }
                length = Int(numbers[2])
            }
        }
    }

    /// A line the app reads.
    public enum Answer: Equatable, Sendable {
        case ready(duration: Duration?, video: Bool, audio: Bool)
        /// A ring of `count` slots of `slotSize` bytes; one byte carrying its memory file follows the line.
        case frames(ring: Int, slotSize: Int, count: Int)
        /// For sound, `Sample.length` bytes follow the line; a frame is in its ring's slot.
        case sample(Sample)
        case ended(Stream)
        case seeked(generation: Int)
        case failed(reason: String)
        case probed(refused: Bool, detail: String)
        /// A streamed clip must be read from `offset`, whose bytes have not come.
        case wants(offset: Int)

        public var line: String { // not translated
            switch self {
            case .ready(let duration, let video, let audio):
                return "ready \(duration?.nanoseconds ?? -1) \(video ? 1 : 0) \(audio ? 1 : 0)\n"
            case .frames(let ring, let slotSize, let count): return "frames \(ring) \(slotSize) \(count)\n"
            case .sample(let sample): return sample.line
            case .ended(let stream): return "ended \(stream.rawValue)\n"
            case .seeked(let generation): return "seeked \(generation)\n"
            case .wants(let offset): return "wants \(offset)\n"
            case .failed(let reason): return "failed \(reason.replacing("\n", with: " "))\n"
            case .probed(let refused, let detail):
                return "probed \(refused ? "refused" : "allowed") \(detail.replacing("\n", with: " "))\n"
            }
        }

        /// Nil for a line that is none of them.
        public init?(line: String) {
            let parts = line.wireFields(maxSplits: 1, omittingEmpty: false)
            let rest = parts.count == 2 ? parts[1] : ""
            let fields = rest.wireFields()
            switch parts[0] {
            case "ready":
                guard fields.count == 3, let nanoseconds = Int64(fields[0]) else { return nil }
                self = .ready(duration: nanoseconds > 0 ? .nanoseconds(nanoseconds) : nil, video: fields[1] == "1", audio: fields[2] == "1")
            case "frames":
                let maximumSlotSize = PlaybackWire.maximumFrameSide * PlaybackWire.maximumFrameSide * 4
                guard fields.count == 3, let ring = Int(fields[0]), let slotSize = Int(fields[1]), let count = Int(fields[2]),
                      ring > 0, (1...maximumSlotSize).contains(slotSize), (1...PlaybackWire.maximumSlots).contains(count) else { return nil }
                self = .frames(ring: ring, slotSize: slotSize, count: count)
            case "video", "audio":
                guard let sample = Sample(parts[0] == "video" ? .video : .audio, fields: fields) else { return nil }
                self = .sample(sample)
            case "ended":
                guard let stream = Stream(rawValue: String(rest)) else { return nil }
                self = .ended(stream)
            case "seeked":
                guard let generation = Int(rest) else { return nil }
                self = .seeked(generation: generation)
            case "failed":
                self = .failed(reason: String(rest))
            case "wants":
                guard let offset = Int(rest), offset >= 0 else { return nil }
                self = .wants(offset: offset)
            case "probed":
                let words = rest.wireFields(maxSplits: 1, omittingEmpty: false)
                guard words.count == 2, words[0] == "refused" || words[0] == "allowed" else { return nil }
                self = .probed(refused: words[0] == "refused", detail: String(words[1]))
            default:
                return nil
            }
        }
    }
}

extension Duration {
    /// The whole nanoseconds, as GStreamer counts time.
    public var nanoseconds: Int64 { components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000 }
}
