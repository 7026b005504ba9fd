import FoundationEssentials
import Glibc

/// An ICO's images: gdk-pixbuf refuses PNG entries (every 256-pixel icon since Vista), so they are read here.
enum IconEntries {
    /// The largest image's PNG bytes; nil for a bitmap entry or a broken directory.
    static func largestPNG(in data: Data) -> Data? {
        let bytes = [UInt8](data.prefix(6 + 16 * 256))
        guard bytes.count >= 6, bytes[0] == 0, bytes[1] == 0, bytes[2] == 1, bytes[3] == 0 else { return nil }
        let count = Int(bytes[4]) | Int(bytes[5]) << 8
        guard count > 0, bytes.count >= 6 + 16 * count else { return nil }
        var best: (area: Int, offset: Int, size: Int)?
        for index in 0..<count {
            let entry = 6 + 16 * index
            let width = bytes[entry] == 0 ? 256 : Int(bytes[entry]), height = bytes[entry + 1] == 0 ? 256 : Int(bytes[entry + 1])
            let size = (entry + 8..<entry + 12).reversed().reduce(0) { $0 << 8 | Int(bytes[$1]) }
            let offset = (entry + 12..<entry + 16).reversed().reduce(0) { $0 << 8 | Int(bytes[$1]) }
            if width * height > best?.area ?? 0 { best = (width * height, offset, size) }
        }
        guard let best, best.size > 8, best.offset >= 6 + 16 * count, best.offset + best.size <= data.count else { return nil }
        let start = data.startIndex + best.offset
        let image = data[start..<start + best.size]
        guard image.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return nil }
        return Data(image)
    }
}
