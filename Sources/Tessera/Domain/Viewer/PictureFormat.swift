import Foundation

/// A format by signature: addresses and Content-Types often lie.
public enum PictureFormat: String, Sendable, CaseIterable {
    case jpeg, png, gif, webp, avif, heif, tiff, bmp, ico, svg, mp4, webm

    /// The format `bytes` begin with, if one of these.
    public init?(sniffing bytes: Data) {
        let head = [UInt8](bytes.prefix(32))
        func starts(_ signature: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + signature.count && Array(head[offset..<offset + signature.count]) == signature
        }
        let brand = head.count >= 12 && starts(Array("ftyp".utf8), at: 4) ? String(decoding: head[8..<12], as: UTF8.self) : nil
        if starts([0xFF, 0xD8, 0xFF]) { self = .jpeg }
        else if starts([0x89, 0x50, 0x4E, 0x47]) { self = .png }
        else if starts(Array("GIF8".utf8)) { self = .gif }
        else if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { self = .webp }
        else if let brand, ["avif", "avis"].contains(brand) { self = .avif }
        else if let brand, ["heic", "heix", "mif1", "msf1", "hevc"].contains(brand) { self = .heif }
        else if let brand, brand.hasPrefix("iso") || brand.hasPrefix("mp4") || brand.hasPrefix("M4V") || brand == "dash" { self = .mp4 }
        else if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { self = .tiff }
        else if starts(Array("BM".utf8)) { self = .bmp }
        else if starts([0x00, 0x00, 0x01, 0x00]) { self = .ico }
        else if starts([0x1A, 0x45, 0xDF, 0xA3]) { self = .webm }
        else if String(decoding: bytes.prefix(512), as: UTF8.self).contains("<svg") { self = .svg }
        else { return nil }
    }

    /// The usual file extension.
    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .heif: "heic"
        default: rawValue
        }
    }

    /// The format's name as people know it.
    public var name: String {
        switch self {
        case .jpeg: "JPEG"
        case .heif: "HEIF"
        case .webm: "WebM"
        case .webp: "WebP"
        case .mp4: "MP4"
        default: rawValue.uppercased()
        }
    }

    /// The address's file name with this format's extension ("picture" if none), made safe.
    public func fileName(for url: URL) -> String {
        var stem = url.deletingPathExtension().lastPathComponent
        stem = String(stem.filter { $0 != "/" && $0 != "\0" }).trimmingCharacters(in: .whitespaces)
        if stem.isEmpty || stem == "." || stem == ".." { stem = "picture" }
        return "\(stem.prefix(200)).\(fileExtension)"
    }
}
