import Foundation
import HelperWire

/// Where a progressive JPEG's passes end in its arriving bytes (closed, a whole JPEG); by hand, as libjpeg
/// reads from a source its decoder drives and the bytes arrive elsewhere.
struct ProgressivePasses {
    /// Bytes read so far: the next marker, or the coded data still to search, starts here.
    private var position = 0
    /// Inside a scan's coded data.
    private var inScan = false
    private var progressive = false
    /// A baseline (or extended) JPEG: one scan, from the top row down.
    private var sequential = false
    /// A started baseline scan: bytes so far decode to rows so far; no more is read.
    private(set) var readsTopRows = false
    /// Not a progressive JPEG, or bytes that do not read as one: nothing more is read.
    private(set) var givenUp = false
    /// The end-of-image marker was read: the latest scan is whole too.
    private(set) var endRead = false
    /// Scans begun in the bytes read.
    private var scansBegun = 0
    /// Where the latest scan began (its marker).
    private var latestScanStart = 0
    /// Whether the latest scan carries only each block's average (its DC coefficients).
    private var latestScanIsAverages = false
    /// Every whole pass carries only blocks' averages: the picture at an eighth of its size, no more.
    private(set) var holdsOnlyAverages = true
    /// The picture's size, from its frame header.
    private(set) var pictureSize: (width: Int, height: Int)?
    /// The frame's components (luma and chroma) with their sampling, from its frame header.
    private var components: [(id: UInt8, horizontal: Int, vertical: Int)] = []
    /// The latest scan's components (by place in the frame), coefficients (zigzag order) and lowest bit.
    private var latestBand: (components: [Int], coefficients: ClosedRange<Int>, lowestBit: UInt8)?
    /// Per component and coefficient, the lowest bit the whole passes bring (`unknown`: not yet carried).
    private var lowestBitKnown: [[UInt8]] = []
    private static let unknown: UInt8 = .max

    /// The size the whole passes hold detail for, when less than the picture's.
    var detailSize: (width: Int, height: Int)? {
        guard holdsOnlyAverages, let pictureSize else { return nil }
        return ((pictureSize.width + 7) / 8, (pictureSize.height + 7) / 8)
    }

    /// Passes whole in the bytes read: every scan begun but the one under way.
    var wholePasses: Int { max(0, scansBegun - 1) }

    /// The end-of-image marker that closes the passes' bytes.
    static let end: [UInt8] = [0xFF, 0xD9]

    /// The whole passes' bytes in `body` (ending where the latest scan begins), closed; nil while none.
    func wholePassesBytes(of body: UnsafeRawBufferPointer) -> Data? {
        guard wholePasses > 0, latestScanStart <= body.count else { return nil }
        let length = latestScanStart
        var bytes = Data(capacity: length + 2)
        bytes.append(contentsOf: body[..<length])
        bytes.append(contentsOf: Self.end)
        return bytes
    }

    /// Reads what `body` (the body so far, of which earlier calls were given the start) adds.
    mutating func read(_ body: UnsafeRawBufferPointer) {
        let count = body.count
        guard !givenUp else { return }
        if position == 0 {
            guard count >= 2 else { return }
            guard body[0] == 0xFF, body[1] == 0xD8 else { return giveUp() }
            position = 2
        }
        while position < count, !givenUp {
            if inScan {
                // Data ends at an 0xFF not stuffed (FF 00), a restart (FF D0-D7) or fill.
                guard let found = Self.firstFF(in: body, from: position) else {
                    position = count
                    return
                }
                guard found + 1 < count else {
                    position = found
                    return
                }
                let next = body[found + 1]
                if next == 0x00 || (0xD0...0xD7).contains(next) {
                    position = found + 2
                } else if next == 0xFF {
                    position = found + 1
                } else {
                    inScan = false
                    position = found
                }
                continue
            }
            guard position + 1 < count else { return }
            guard body[position] == 0xFF else { return giveUp() }
            let marker = body[position + 1]
            switch marker {
            case 0xFF: // a fill byte
                position += 1
                continue
            case 0xD9: // the end of the image: every pass is whole, and the picture with them
                addLatestBand()
                endRead = true
                return giveUp()
            case 0x01, 0xD0...0xD8:
                position += 2
                continue
            default: break
            }
            guard position + 3 < count else { return }
            let length = Int(body[position + 2]) << 8 | Int(body[position + 3])
            guard length >= 2 else { return giveUp() }
            switch marker {
            // Progressive frames (C2, CA) have passes; baseline (C0) and extended (C1) ones rows from the top.
            case 0xC0, 0xC1, 0xC2, 0xCA:
                // Precision, height, width, components, then id, sampling and table for each.
                guard position + 2 + length <= count, length >= 8 else { return }
                progressive = marker == 0xC2 || marker == 0xCA
                sequential = !progressive
                pictureSize = (Int(body[position + 7]) << 8 | Int(body[position + 8]),
                               Int(body[position + 5]) << 8 | Int(body[position + 6]))
                let componentCount = Int(body[position + 9])
                guard componentCount > 0, 8 + 3 * componentCount <= length else { return giveUp() }
                components = (0..<componentCount).map { index in
                    let at = position + 10 + 3 * index
                    return (body[at], max(1, Int(body[at + 1] >> 4)), max(1, Int(body[at + 1] & 0x0F)))
                }
                lowestBitKnown = Array(repeating: Array(repeating: Self.unknown, count: 64), count: componentCount)
            case 0xC0...0xCF where marker != 0xC4 && marker != 0xC8 && marker != 0xCC: return giveUp()
            case 0xDA:
                // Coded data is searched from the header's end; other segments are stepped over, ended or not.
                guard position + 2 + length <= count else { return }
                guard progressive else {
                    // A baseline scan of every component: its rows come from the top.
                    readsTopRows = sequential && Int(body[position + 4]) == components.count
                    return giveUp()
                }
                // The scan before this one is whole now.
                if scansBegun > 0 {
                    holdsOnlyAverages = holdsOnlyAverages && latestScanIsAverages
                    addLatestBand()
                }
                scansBegun += 1
                latestScanStart = position
                // Components, id and tables each, first and last coefficient, and the bits it brings.
                let scanComponents = Int(body[position + 4])
                let spectrum = position + 5 + 2 * scanComponents
                guard spectrum + 2 < position + 2 + length else { return giveUp() }
                latestScanIsAverages = body[spectrum] == 0 && body[spectrum + 1] == 0
                let places = (0..<scanComponents).compactMap { index in
                    components.firstIndex { $0.id == body[position + 5 + 2 * index] }
                }
                let first = Int(body[spectrum]), last = Int(body[spectrum + 1])
                guard places.count == scanComponents, first <= last, last < 64 else { return giveUp() }
                latestBand = (places, first...last, body[spectrum + 2] & 0x0F)
                inScan = true
            default: break
            }
            position += 2 + length
        }
    }

    /// The latest scan, whole now: what it brings is known.
    private mutating func addLatestBand() {
        guard let band = latestBand else { return }
        for place in band.components {
            for coefficient in band.coefficients {
                lowestBitKnown[place][coefficient] = min(lowestBitKnown[place][coefficient], band.lowestBit)
            }
        }
    }

    /// Whether the whole passes decode at `target` exactly as all bytes would, so the download can stop: at an
    /// eighth libjpeg reads only block averages; from a quarter, everything.
    func areWhole(at target: DecodingTarget) -> Bool {
        guard wholePasses > 0 || endRead, let pictureSize, !components.isEmpty, target.region == nil else { return false }
        let shown = target.filling ? min(pictureSize.width, pictureSize.height) : max(pictureSize.width, pictureSize.height)
        // The largest reduction still at least the size asked (libjpeg's rounding may make it larger).
        let reduction = [8, 4, 2].first { $0 * target.side <= shown } ?? 1
        let smallest = 8 / reduction
        let widest = components.map(\.horizontal).max()!, tallest = components.map(\.vertical).max()!
        for (place, component) in components.enumerated() {
            // libjpeg-turbo's block size for the component: doubled while its sampling allows.
            var size = smallest
            while size < 8, (widest * smallest) % (component.horizontal * size * 2) == 0,
                  (tallest * smallest) % (component.vertical * size * 2) == 0 {
                size *= 2
            }
            let needed = size == 1 ? lowestBitKnown[place].prefix(1) : lowestBitKnown[place][...]
            guard needed.allSatisfy({ $0 == 0 }) else { return false }
        }
        return true
    }

    /// `areWhole(at:)` for `passes` closed by `wholePassesBytes`.
    static func areWhole(_ passes: Data, at target: DecodingTarget) -> Bool {
        var reader = ProgressivePasses()
        return passes.withUnsafeBytes { body in
            reader.read(body)
            return reader.areWhole(at: target)
        }
    }

    private mutating func giveUp() {
        givenUp = true
    }

    private static func firstFF(in body: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard let base = body.baseAddress, start < body.count,
              let found = memchr(base + start, 0xFF, body.count - start) else { return nil }
        return base.distance(to: UnsafeRawPointer(found))
    }
}
