import CGdkPixbuf
import Foundation
import Scheduling
import Localization

/// The default decoder: JPEG, PNG and GIF bytes with gdk-pixbuf, straight to the size shown.
///
/// The header is read first, by hand, so that bytes that are not a JPEG, PNG or GIF, and images
/// over `maximumSide` pixels a side or `maximumPixels` in all, are refused before gdk-pixbuf
/// allocates anything. JPEGs decode at a reduced scale inside libjpeg (the full-size bitmap never
/// exists); PNG and GIF loaders decode at full size and scale down. What a decode holds while it
/// runs, known from the header, waits for room in `DecodingMemory`.
public struct PixbufImageDecoder: ImageDecoding {
    /// A side no camera or screen reaches; larger headers are refused as hostile or broken.
    public static let maximumSide = 16_384
    /// 64 megapixels: 256 MB as RGBA, the most one decode may allocate.
    public static let maximumPixels = 64_000_000
    /// One thread per core, shared by every pipeline.
    public static let sharedThreads = BackgroundThreads(name: "tessera-decode", count: ProcessInfo.processInfo.activeProcessorCount)

    private let memory: DecodingMemory

    public init(memory: DecodingMemory = .shared) {
        self.memory = memory
    }

    public func decodes(_ request: ImageRequest) -> Bool { request.content == .image }
    public var readsURL: Bool { false }
    public var threads: BackgroundThreads { Self.sharedThreads }

    public func decode(_ input: ImageInput, to target: DecodingTarget) throws(ImageError) -> DecodedImage {
        guard case .data(let data) = input else { throw .notAnImage }
        return try decode(data, maximumPixelSize: target.side, filling: target.filling)
    }

    /// Decodes to fit `maximumPixelSize` (the longer side at most that), or with `filling`, to
    /// cover it (the shorter side at most that).
    public func decode(_ data: Data, maximumPixelSize: Int, filling: Bool = false) throws(ImageError) -> DecodedImage {
        guard let header = ImageHeader(data) else { throw .notAnImage }
        guard header.width > 0, header.height > 0 else { throw .notAnImage }
        guard header.width <= Self.maximumSide, header.height <= Self.maximumSide,
              header.width * header.height <= Self.maximumPixels else {
            throw .tooLarge(width: header.width, height: header.height)
        }
        let (width, height) = DecodingTarget(side: maximumPixelSize, filling: filling).size(width: header.width, height: header.height)
        return try memory.withReservation(header.workingBytes) { () throws(ImageError) -> DecodedImage in
            try decode(data, header: header, width: width, height: height)
        }
    }

    private func decode(_ data: Data, header: ImageHeader, width: Int, height: Int) throws(ImageError) -> DecodedImage {
        var error: UnsafeMutablePointer<GError>? = nil
        guard let loader = gdk_pixbuf_loader_new_with_type(header.format.loaderName, &error) else {
            if let error { g_error_free(error) }
            throw .notAnImage
        }
        defer { g_object_unref(UnsafeMutableRawPointer(loader)) }
        if width != header.width || height != header.height {
            gdk_pixbuf_loader_set_size(loader, gint(width), gint(height))
        }
        let written = data.withUnsafeBytes { bytes in
            gdk_pixbuf_loader_write(loader, bytes.baseAddress!.assumingMemoryBound(to: guchar.self), gsize(bytes.count), &error)
        }
        // Close even after a failed write (the loader insists); keep the first error.
        var closeError: UnsafeMutablePointer<GError>? = nil
        let closed = gdk_pixbuf_loader_close(loader, &closeError)
        if error == nil { error = closeError } else if let closeError { g_error_free(closeError) }
        guard written != 0, closed != 0, let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader) else {
            let message = error.map { String(cString: $0.pointee.message) } ?? tr("incomplete image")
            if let error { g_error_free(error) }
            throw .undecodable(message)
        }
        if let error { g_error_free(error) }
        // The loader owns its pixbuf; take our own reference before the loader goes.
        g_object_ref(UnsafeMutableRawPointer(pixbuf))
        return DecodedImage(adopting: pixbuf)
    }
}

/// The format and dimensions from the first bytes of an image file.
struct ImageHeader: Equatable {
    enum Format: Equatable {
        case jpeg, png, gif
        var loaderName: String {
            switch self {
            case .jpeg: "jpeg"
            case .png: "png"
            case .gif: "gif"
            }
        }
    }
    let format: Format
    let width: Int
    let height: Int
    /// A JPEG whose scans refine the whole image (it keeps all coefficients until the last).
    var isProgressive = false
    /// Colour components (JPEG; 3 for the others' purposes).
    var components = 3

    /// About what decoding holds while it runs, beside its result: a progressive JPEG's
    /// coefficients (two bytes each, one per pixel per component), the full-size bitmap a PNG
    /// or GIF loader makes before scaling; a baseline JPEG decodes a band at a time, at the
    /// scale asked.
    var workingBytes: Int {
        switch format {
        case .jpeg: isProgressive ? width * height * components * 2 : width * 16 * components
        case .png, .gif: width * height * 4
        }
    }

    init?(_ data: Data) {
        let bytes = [UInt8](data.prefix(64 * 1024))
        func be16(_ i: Int) -> Int { Int(bytes[i]) << 8 | Int(bytes[i + 1]) }
        func be32(_ i: Int) -> Int { be16(i) << 16 | be16(i + 2) }
        func le16(_ i: Int) -> Int { Int(bytes[i]) | Int(bytes[i + 1]) << 8 }

        if bytes.count >= 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
           bytes[12...15].elementsEqual("IHDR".utf8) {
            self.init(format: .png, width: be32(16), height: be32(20))
        } else if bytes.count >= 10, bytes.starts(with: Array("GIF8".utf8)) {
            self.init(format: .gif, width: le16(6), height: le16(8))
        } else if bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 {
            // Walk the JPEG markers to the first start-of-frame.
            var i = 2
            while i + 9 < bytes.count {
                guard bytes[i] == 0xFF else { return nil }
                let marker = bytes[i + 1]
                if marker == 0xFF { i += 1; continue }
                if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                    self.init(format: .jpeg, width: be16(i + 7), height: be16(i + 5))
                    // SOF2, SOF6, SOF10 and SOF14 are the progressive ones.
                    isProgressive = [0xC2, 0xC6, 0xCA, 0xCE].contains(marker)
                    components = max(1, Int(bytes[i + 9]))
                    return
                }
                if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 { i += 2; continue }
                i += 2 + be16(i + 2)
            }
            return nil
        } else {
            return nil
        }
    }

    private init(format: Format, width: Int, height: Int) {
        self.format = format
        self.width = width
        self.height = height
    }
}
