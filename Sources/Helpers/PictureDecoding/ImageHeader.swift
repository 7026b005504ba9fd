import FoundationEssentials
import Glibc
import HelperWire

/// An image's format and size read by hand before any decoder sees it: by content, never by name or
/// Content-Type, and a size past the limits is refused before allocating. Every offset is checked; a header cut
/// short is no header.
struct ImageHeader: Equatable {
    /// The formats Tessera shows; the raw value is gdk-pixbuf's loader for it.
    enum Format: String, Equatable, CaseIterable {
        case jpeg, png, gif, webp, avif, heif, svg, tiff, bmp, ico
        /// AVIF goes through libheif's loader too: libavif's does not hand on the colour profile.
        var loaderName: String { self == .heif || self == .avif ? "heif/avif" : rawValue }
        /// libheif squares a size asked before decoding: HEIF and AVIF are decoded whole and scaled after.
        var scalesWhileLoading: Bool { self != .heif && self != .avif }
    }
    let format: Format
    /// The stored size, before EXIF orientation; 0 for SVG, which has no pixels until rendered.
    let width: Int
    let height: Int
    /// A JPEG whose scans refine the whole image (it keeps all coefficients until the last).
    var isProgressive = false
    /// Colour components (JPEG; 3 for the others' purposes).
    var components = 3
    /// An ICC profile gdk-pixbuf's loader does not hand on (WebP's ICCP chunk).
    var colourProfile: Data?
    /// Frames of an animated GIF or WebP: each a full-size bitmap, together counted against the limits.
    var frameCount = 1

    /// About what decoding holds beside its result: a progressive JPEG's coefficients (2 bytes per pixel per
    /// component); a baseline JPEG a band at the scale asked; other loaders a full-size bitmap per frame (an
    /// SVG counts as a 1024 px square).
    var workingBytes: Int {
        switch format {
        case .jpeg: isProgressive ? width * height * components * 2 : width * 16 * components
        case .svg: 1024 * 1024 * 4
        case .png, .gif, .webp, .avif, .heif, .tiff, .bmp, .ico: width * height * 4 * frameCount
        }
    }

    init?(_ data: Data) {
        guard let header = data.withUnsafeBytes({ Self.read(Bytes(base: $0)) }) else { return nil }
        self = header
    }

    init(format: Format, width: Int, height: Int) {
        self.format = format
        self.width = width
        self.height = height
    }

    private static func read(_ bytes: Bytes) -> ImageHeader? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), bytes.matches("IHDR", at: 12),
           let width = bytes.be32(16), let height = bytes.be32(20) {
            return ImageHeader(format: .png, width: width, height: height)
        }
        if bytes.matches("GIF87a", at: 0) || bytes.matches("GIF89a", at: 0), let width = bytes.le16(6), let height = bytes.le16(8) {
            var header = ImageHeader(format: .gif, width: width, height: height)
            header.frameCount = max(1, gifFrames(bytes))
            return header
        }
        if bytes.starts(with: [0xFF, 0xD8]) { return jpeg(bytes) }
        if bytes.matches("RIFF", at: 0), bytes.matches("WEBP", at: 8) { return webp(bytes) }
        if bytes.matches("ftyp", at: 4) { return isoMedia(bytes) }
        if bytes.starts(with: Array("II*\0".utf8)) || bytes.starts(with: Array("MM\0*".utf8)) { return tiff(bytes) }
        if bytes.matches("BM", at: 0) { return bmp(bytes) }
        if bytes.starts(with: [0, 0, 1, 0]) { return ico(bytes) }
        if isSVG(bytes) { return ImageHeader(format: .svg, width: 0, height: 0) }
        return nil
    }

    /// Walks the markers to the first start-of-frame, wherever it is (cameras write metadata first).
    private static func jpeg(_ bytes: Bytes) -> ImageHeader? {
        var i = 2
        while let first = bytes.byte(i), let marker = bytes.byte(i + 1) {
            guard first == 0xFF else { return nil }
            if marker == 0xFF { i += 1; continue }
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard let height = bytes.be16(i + 5), let width = bytes.be16(i + 7), let components = bytes.byte(i + 9) else { return nil }
                var header = ImageHeader(format: .jpeg, width: width, height: height)
                // SOF2, SOF6, SOF10 and SOF14 are the progressive ones.
                header.isProgressive = [0xC2, 0xC6, 0xCA, 0xCE].contains(marker)
                header.components = max(1, Int(components))
                return header
            }
            // Markers without a length: start of image, restarts, TEM.
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 { i += 2; continue }
            // The end of the image or the scan's data before any frame: no frame to read.
            if marker == 0xD9 || marker == 0xDA { return nil }
            guard let length = bytes.be16(i + 2), length >= 2 else { return nil }
            i += 2 + length
        }
        return nil
    }

    /// A GIF's image descriptors, skipping blocks by their lengths; a file cut short counts what it has.
    private static func gifFrames(_ bytes: Bytes) -> Int {
        func colourTable(_ flags: UInt8) -> Int { flags & 0x80 != 0 ? 3 << (Int(flags & 7) + 1) : 0 }
        func afterSubBlocks(_ start: Int) -> Int? {
            var at = start
            while let size = bytes.byte(at) {
                at += 1 + Int(size)
                if size == 0 { return at }
            }
            return nil
        }
        guard let flags = bytes.byte(10) else { return 0 }
        var at = 13 + colourTable(flags), frames = 0
        while let block = bytes.byte(at) {
            switch block {
            case 0x21: // extension: its label, then sub-blocks
                guard let end = afterSubBlocks(at + 2) else { return frames }
                at = end
            case 0x2C: // image: descriptor, local colour table, LZW code size, sub-blocks
                guard let local = bytes.byte(at + 9), let end = afterSubBlocks(at + 10 + colourTable(local) + 1) else { return frames }
                frames += 1
                at = end
            default: // the trailer, or bytes that are not GIF blocks
                return frames
            }
        }
        return frames
    }

    /// The canvas of a lossy (VP8), lossless (VP8L) or extended (VP8X: animation, alpha, EXIF) WebP.
    private static func webp(_ bytes: Bytes) -> ImageHeader? {
        if bytes.matches("VP8 ", at: 12) {
            // The key frame's start code, then 14-bit width and height.
            guard bytes.byte(23) == 0x9D, bytes.byte(24) == 0x01, bytes.byte(25) == 0x2A,
                  let width = bytes.le16(26), let height = bytes.le16(28) else { return nil }
            return ImageHeader(format: .webp, width: width & 0x3FFF, height: height & 0x3FFF)
        }
        if bytes.matches("VP8L", at: 12) {
            guard bytes.byte(20) == 0x2F, let bits = bytes.le32(21) else { return nil }
            return ImageHeader(format: .webp, width: (bits & 0x3FFF) + 1, height: (bits >> 14 & 0x3FFF) + 1)
        }
        if bytes.matches("VP8X", at: 12), let width = bytes.le24(24), let height = bytes.le24(27) {
            var header = ImageHeader(format: .webp, width: width + 1, height: height + 1)
            // Chunks padded to even lengths follow: the profile (ICCP) and animation frames (ANMF).
            var at = 12, frames = 0
            while let length = bytes.le32(at + 4), at + 8 + length <= bytes.count {
                if bytes.matches("ICCP", at: at) {
                    header.colourProfile = Data(UnsafeRawBufferPointer(rebasing: bytes.base[at + 8..<at + 8 + length]))
                } else if bytes.matches("ANMF", at: at) {
                    frames += 1
                }
                at += 8 + length + length % 2
            }
            header.frameCount = max(1, frames)
            return header
        }
        return nil
    }

    /// AVIF and HEIF by their brands; the size is the largest 'ispe' among meta / iprp / ipco.
    private static func isoMedia(_ bytes: Bytes) -> ImageHeader? {
        guard let ftypLength = bytes.be32(0), ftypLength >= 16 else { return nil }
        let brands = stride(from: 8, to: min(ftypLength, bytes.count), by: 4).compactMap { bytes.string(at: $0, length: 4) }
        let format: Format
        if brands.contains(where: { ["avif", "avis"].contains($0) }) {
            format = .avif
        } else if brands.contains(where: { ["heic", "heix", "heim", "heis", "mif1", "msf1"].contains($0) }) {
            format = .heif
        } else {
            return nil
        }
        guard let meta = bytes.box("meta", in: ftypLength..<bytes.count),
              // 'meta' is a full box: version and flags before its children.
              let iprp = bytes.box("iprp", in: meta.lowerBound + 4..<meta.upperBound),
              let ipco = bytes.box("ipco", in: iprp) else { return nil }
        var width = 0, height = 0
        for ispe in bytes.boxes("ispe", in: ipco) {
            guard let w = bytes.be32(ispe.lowerBound + 4), let h = bytes.be32(ispe.lowerBound + 8) else { return nil }
            if w * h > width * height { (width, height) = (w, h) }
        }
        return width > 0 ? ImageHeader(format: format, width: width, height: height) : nil
    }

    /// The first image file directory's ImageWidth (256) and ImageLength (257).
    private static func tiff(_ bytes: Bytes) -> ImageHeader? {
        let little = bytes.byte(0) == UInt8(ascii: "I")
        func u16(_ i: Int) -> Int? { little ? bytes.le16(i) : bytes.be16(i) }
        func u32(_ i: Int) -> Int? { little ? bytes.le32(i) : bytes.be32(i) }
        guard let directory = u32(4), let count = u16(directory) else { return nil }
        var width: Int?, height: Int?
        for entry in 0..<min(count, 512) {
            let at = directory + 2 + entry * 12
            guard let tag = u16(at), let type = u16(at + 2) else { return nil }
            guard tag == 256 || tag == 257 else { continue }
            // SHORT values sit in the first two bytes of the value field, LONG ones fill it.
            let value = type == 3 ? u16(at + 8) : type == 4 ? u32(at + 8) : nil
            if tag == 256 { width = value } else { height = value }
        }
        guard let width, let height else { return nil }
        return ImageHeader(format: .tiff, width: width, height: height)
    }

    private static func bmp(_ bytes: Bytes) -> ImageHeader? {
        guard let infoSize = bytes.le32(14) else { return nil }
        if infoSize == 12, let width = bytes.le16(18), let height = bytes.le16(20) {
            return ImageHeader(format: .bmp, width: width, height: height)
        }
        // Height is negative for rows stored top-down.
        guard infoSize >= 40, let width = bytes.le32(18), let height = bytes.le32(22) else { return nil }
        return ImageHeader(format: .bmp, width: abs(Int(Int32(truncatingIfNeeded: width))),
                           height: abs(Int(Int32(truncatingIfNeeded: height))))
    }

    /// The largest of the icon's images (a side of 0 means 256).
    private static func ico(_ bytes: Bytes) -> ImageHeader? {
        guard let count = bytes.le16(4), count > 0 else { return nil }
        var width = 0, height = 0
        for entry in 0..<count {
            guard let w = bytes.byte(6 + entry * 16), let h = bytes.byte(7 + entry * 16) else { return nil }
            let side = (w == 0 ? 256 : Int(w), h == 0 ? 256 : Int(h))
            if side.0 * side.1 > width * height { (width, height) = side }
        }
        return ImageHeader(format: .ico, width: width, height: height)
    }

    /// XML whose first element, in the first kilobytes, is `<svg`.
    private static func isSVG(_ bytes: Bytes) -> Bool {
        guard let text = bytes.string(at: 0, length: min(bytes.count, 4096), allowingPartial: true) else { return false }
        let start = text.drop { $0 == "\u{FEFF}" || $0.isWhitespace }
        guard start.hasPrefix("<") else { return false }
        return start.contains("<svg")
    }
}

/// Bounds-checked reads from a file's bytes: nil past the end.
private struct Bytes {
    let base: UnsafeRawBufferPointer
    var count: Int { base.count }

    func byte(_ i: Int) -> UInt8? { i >= 0 && i < base.count ? base[i] : nil }
    func starts(with prefix: [UInt8]) -> Bool { base.count >= prefix.count && zip(base, prefix).allSatisfy { $0 == $1 } }
    func matches(_ ascii: String, at i: Int) -> Bool {
        let expected = Array(ascii.utf8)
        guard i >= 0, i + expected.count <= base.count else { return false }
        return expected.indices.allSatisfy { base[i + $0] == expected[$0] }
    }
    func string(at i: Int, length: Int, allowingPartial: Bool = false) -> String? {
        guard i >= 0, length >= 0, i + length <= base.count else { return nil }
        let slice = UnsafeRawBufferPointer(rebasing: base[i..<i + length])
        return allowingPartial ? String(decoding: slice, as: UTF8.self) : String(validating: slice, as: UTF8.self)
    }
    func be16(_ i: Int) -> Int? { guard let a = byte(i), let b = byte(i + 1) else { return nil }; return Int(a) << 8 | Int(b) }
    func be32(_ i: Int) -> Int? { guard let a = be16(i), let b = be16(i + 2) else { return nil }; return a << 16 | b }
    func le16(_ i: Int) -> Int? { guard let a = byte(i), let b = byte(i + 1) else { return nil }; return Int(a) | Int(b) << 8 }
    func le24(_ i: Int) -> Int? { guard let a = le16(i), let b = byte(i + 2) else { return nil }; return a | Int(b) << 16 }
    func le32(_ i: Int) -> Int? { guard let a = le16(i), let b = le16(i + 2) else { return nil }; return a | b << 16 }

    /// The ISO media boxes named `type` directly in `range`, as the ranges of their contents.
    func boxes(_ type: String, in range: Range<Int>) -> [Range<Int>] {
        var found: [Range<Int>] = [], i = range.lowerBound
        while i + 8 <= range.upperBound, let size = be32(i) {
            // 1: a 64-bit size follows; 0: to the end of the enclosing box.
            var header = 8, length = size
            if size == 1 {
                guard let high = be32(i + 8), let low = be32(i + 12) else { break }
                length = high << 32 | low
                header = 16
            } else if size == 0 {
                length = range.upperBound - i
            }
            guard length >= header, i + length <= range.upperBound else { break }
            if matches(type, at: i + 4) { found.append(i + header..<i + length) }
            i += length
        }
        return found
    }

    func box(_ type: String, in range: Range<Int>) -> Range<Int>? { boxes(type, in: range).first }
}
