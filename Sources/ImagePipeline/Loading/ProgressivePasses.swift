import Foundation

/// Where a progressive JPEG's passes end in its bytes as they arrive. A progressive JPEG is sent
/// as a series of scans, the first a blurred whole picture and each after it adding detail; the
/// bytes up to the start of the latest scan, closed with an end-of-image marker, are a whole JPEG
/// of the passes before it, which any decoder draws. Over a slow link the picture then shows
/// blurred after a tenth of its bytes and sharpens, where it showed nothing until its last byte.
///
/// Reads the markers from the start: segments step over by their lengths (an Exif or colour
/// profile segment may hold any bytes), and the coded data of a scan up to the next marker that is
/// not a stuffed byte or a restart. A picture that is not a progressive JPEG (a baseline JPEG
/// shows nothing useful until it is whole: a band of its top) is given up at its frame header.
/// Written by hand: libjpeg reads a JPEG whole or through a suspending source a decoder drives,
/// and the bytes here arrive on the network's thread while the decoders are in another process.
struct ProgressivePasses {
    /// Bytes read so far: the next marker, or the coded data still to search, starts here.
    private var position = 0
    /// Inside a scan's coded data.
    private var inScan = false
    private var progressive = false
    /// Not a progressive JPEG, or bytes that do not read as one: nothing more is read.
    private(set) var givenUp = false
    /// Scans begun in the bytes read.
    private var scansBegun = 0
    /// Where the latest scan began (its marker).
    private var latestScanStart = 0
    /// Whether the latest scan carries only each block's average (its DC coefficients).
    private var latestScanIsAverages = false
    /// Whether every whole pass carries only each 8×8 block's average (the first passes of most
    /// progressive JPEGs): they hold the picture at an eighth of its size, no more.
    private(set) var holdsOnlyAverages = true
    /// The picture's size, from its frame header.
    private(set) var pictureSize: (width: Int, height: Int)?

    /// The size the whole passes hold detail for, when less than the picture's: an eighth of it
    /// while they hold only the blocks' averages (`DownloadProgress.Passes.detailSize`).
    var detailSize: (width: Int, height: Int)? {
        guard holdsOnlyAverages, let pictureSize else { return nil }
        return ((pictureSize.width + 7) / 8, (pictureSize.height + 7) / 8)
    }

    /// Passes whole in the bytes read: every scan begun but the one under way.
    var wholePasses: Int { max(0, scansBegun - 1) }

    /// The end-of-image marker that closes the passes' bytes.
    static let end: [UInt8] = [0xFF, 0xD9]

    /// The bytes of the whole passes in `body` (what `read` last read, or more of it: they end
    /// where the latest scan begins), closed with an end of image; nil while there are none.
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
                // The coded data ends at the first 0xFF that is not a stuffed byte (FF 00), a
                // restart (FF D0-D7) or a fill byte before a marker.
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
            // Frame headers: only progressive Huffman (C2) and arithmetic (CA) ones have passes.
            case 0xC2, 0xCA:
                // Its size is read whole: precision (1 byte), height and width (2 each).
                guard position + 9 <= count else { return }
                progressive = true
                pictureSize = (Int(body[position + 7]) << 8 | Int(body[position + 8]),
                               Int(body[position + 5]) << 8 | Int(body[position + 6]))
            case 0xC0...0xCF where marker != 0xC4 && marker != 0xC8 && marker != 0xCC: return giveUp()
            case 0xDA:
                guard progressive else { return giveUp() }
                // Its coded data is searched from the end of its header; another segment is
                // stepped over even while its end has not come.
                guard position + 2 + length <= count else { return }
                // The scan before this one is whole now.
                if scansBegun > 0 { holdsOnlyAverages = holdsOnlyAverages && latestScanIsAverages }
                scansBegun += 1
                latestScanStart = position
                // Its header: components (1 byte), two bytes each, then the first and last
                // coefficient it carries (0 and 0: the averages).
                let components = Int(body[position + 4])
                let spectrum = position + 5 + 2 * components
                latestScanIsAverages = spectrum + 1 < position + 2 + length && body[spectrum] == 0 && body[spectrum + 1] == 0
                inScan = true
            default: break
            }
            position += 2 + length
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
