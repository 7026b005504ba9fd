import CGdkPixbuf
import Foundation
import Hummingbird
import Scheduling

/// Data-folder media, synthesized images, and the broken cases clients must survive.
final class MediaLibrary: Sendable {
    let dataDirectory: URL
    let videos: [URL]
    /// Synthesised images already encoded, so load tests measure the client, not the encoder.
    private let syntheticCache = Mutex<(bytes: Int, entries: [String: Data])>((0, [:]))
    private static let syntheticCacheLimit = 256 << 20

    /// Larger synthetic images are refused (413).
    let maximumSyntheticSide: Int
    /// The rate clips (.mp4) are sent at, in bytes a second; nil for as fast as the link goes.
    let clipBytesPerSecond: Int?

    init(dataDirectory: URL, maximumSyntheticSide: Int = 4096, clipBytesPerSecond: Int? = nil) {
        self.dataDirectory = dataDirectory
        self.maximumSyntheticSide = maximumSyntheticSide
        self.clipBytesPerSecond = clipBytesPerSecond
        let folder = dataDirectory.appendingPathComponent("media")
        let files = ((try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? [])
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        videos = files.filter { $0.pathExtension.lowercased() == "mp4" }
        feedPictures = FeedPictures(stills: files.filter { ["jpg", "jpeg", "png", "gif", "webp", "avif"].contains($0.pathExtension.lowercased()) })
    }

    /// What the feed's still posts show, in turn.
    let feedPictures: FeedPictures

    static func contentType(for ext: String) -> String {
        switch ext.lowercased() {
        case "jpg", "jpeg": "image/jpeg"
        case "png": "image/png"
        case "gif": "image/gif"
        case "webp": "image/webp"
        case "avif": "image/avif"
        case "mp4": "video/mp4"
        case "webm": "video/webm"
        case "json": "application/json"
        default: "application/octet-stream"
        }
    }

    /// The picture or clip a feed post shows, by its slot: the clips and stills in turn (a synthetic picture without files).
    func feedFile(for post: FeedStore.Post, request: Request) -> Response {
        if post.isVideo {
            guard !videos.isEmpty else { return Response(status: .notFound) }
            return serve(videos[post.slot % videos.count], request: request)
        }
        switch feedPictures.still(slot: post.slot) {
        case (let file?, _)?: return serve(file, request: request)
        case (_, let detail?)?: return bytes(detail, type: "image/jpeg", request: request)
        default:
            let format = (post.fileName as NSString).pathExtension.lowercased() == "png" ? "png" : "jpeg"
            return synthetic(seed: UInt64(post.fileName.prefix(8)) ?? 0, width: 640, height: 480, format: format)
        }
    }

    /// A file with validators and 304s; `cache-control` echoed, `bytes-per-second` paced.
    func serve(_ url: URL, request: Request) -> Response {
        guard let data = try? Data(contentsOf: url) else { return Response(status: .notFound) }
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
        let modified = (attributes?[.modificationDate] as? Date) ?? Date(timeIntervalSince1970: 0)
        let rate = request.uri.queryParameters.get("bytes-per-second").flatMap { Int($0) }
            ?? (url.pathExtension.lowercased() == "mp4" ? clipBytesPerSecond : nil)
        return bytes(data, type: Self.contentType(for: url.pathExtension), modified: modified, request: request, bytesPerSecond: rate)
    }

    /// `data` with validators, one `Range` (206, 416), `If-Range`, and optional pacing.
    func bytes(_ data: Data, type: String, modified: Date? = nil, request: Request? = nil, bytesPerSecond: Int? = nil) -> Response {
        let etag = Self.etag(of: data)
        var headers: HTTPFields = [.contentType: type, .eTag: etag, .acceptRanges: "bytes"]
        if let modified { headers[.lastModified] = httpDate(modified) }
        if let policy = request?.uri.queryParameters["cache-control"] { headers[.cacheControl] = String(policy) }
        if let request {
            if let match = request.headers[.ifNoneMatch] {
                if match == etag { return Response(status: .notModified, headers: headers) }
            } else if let since = request.headers[.ifModifiedSince], let modified, since == httpDate(modified) {
                return Response(status: .notModified, headers: headers)
            }
        }
        var status = HTTPResponse.Status.ok
        var body = data
        let sameBytes = request?.headers[.ifRange].map { $0 == etag || (modified.map(httpDate) == $0) } ?? true
        if let range = request?.headers[.range], sameBytes {
            guard let bounds = Self.byteRange(range, length: data.count) else {
                headers[.contentRange] = "bytes */\(data.count)"
                return Response(status: .rangeNotSatisfiable, headers: headers)
            }
            status = .partialContent
            headers[.contentRange] = "bytes \(bounds.lowerBound)-\(bounds.upperBound - 1)/\(data.count)"
            body = data.subdata(in: bounds)
        }
        guard let bytesPerSecond else { return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body))) }
        let piece = max(1, bytesPerSecond / 20)
        let sending = body
        return Response(status: status, headers: headers, body: ResponseBody(contentLength: sending.count) { writer in
            var sent = 0
            while sent < sending.count {
                let end = min(sending.count, sent + piece)
                try await writer.write(ByteBuffer(bytes: sending[(sending.startIndex + sent)..<(sending.startIndex + end)]))
                sent = end
                try await Task.sleep(for: .milliseconds(50))
            }
            try await writer.finish(nil)
        })
    }

    /// "bytes=A-B", "A-" or "-N" of `length`; nil otherwise or past the end.
    static func byteRange(_ header: String, length: Int) -> Range<Int>? {
        guard header.hasPrefix("bytes="), !header.contains(",") else { return nil }
        let spec = header.dropFirst("bytes=".count).split(separator: "-", omittingEmptySubsequences: false)
        guard spec.count == 2 else { return nil }
        let first = Int(spec[0].trimmingCharacters(in: .whitespaces)), last = Int(spec[1].trimmingCharacters(in: .whitespaces))
        switch (first, last) {
        case (let first?, let last?) where first <= last && first < length: return first..<min(last + 1, length)
        case (let first?, nil) where spec[1].isEmpty && first < length: return first..<length
        case (nil, let suffix?) where spec[0].isEmpty && suffix > 0: return max(0, length - suffix)..<length
        default: return nil
        }
    }

    /// A deterministic image; `tags` adds a P3 profile and EXIF orientation.
    func synthetic(seed: UInt64, width: Int, height: Int, format: String, tags: SyntheticImage.Tags = .none) -> Response {
        guard width <= maximumSyntheticSide, height <= maximumSyntheticSide else {
            return Response(status: .contentTooLarge, headers: [.contentType: "text/plain; charset=utf-8"],
                            body: .init(byteBuffer: ByteBuffer(string:
                                "Synthetic images are at most \(maximumSyntheticSide) pixels a side.\n")))
        }
        let key = "\(seed)/\(width)x\(height).\(format)\(tags)"
        let type = Self.contentType(for: format)
        if let cached = syntheticCache.withLock({ $0.entries[key] }) { return bytes(cached, type: type) }
        guard let data = SyntheticImage.encode(seed: seed, width: width, height: height, format: format, tags: tags) else {
            return Response(status: .notFound)
        }
        syntheticCache.withLock { cache in
            guard cache.bytes + data.count <= Self.syntheticCacheLimit else { return }
            cache.entries[key] = data
            cache.bytes += data.count
        }
        return bytes(data, type: type)
    }

    /// An ETag from the bytes alone, stable across restarts (Swift's `hashValue` is seeded per process).
    static func etag(of data: Data) -> String {
        let hash = data.withUnsafeBytes { bytes -> UInt64 in
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            let words = bytes.count / 8
            for index in 0..<words {
                hash = (hash ^ bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)) &* 0x100_0000_01B3
                hash ^= hash >> 32
            }
            for index in (words * 8)..<bytes.count { hash = (hash ^ UInt64(bytes[index])) &* 0x100_0000_01B3 }
            return hash
        }
        return "\"\(String(data.count, radix: 16))-\(String(hash, radix: 16))\""
    }

    private func httpDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }
}

/// Synthesised test images: a gradient with a seeded hue and a grid, so each seed looks different.
enum SyntheticImage {
    /// What gdk-pixbuf is asked to make at most, whatever the server allows.
    static let maximumSide = 16_384

    /// What a camera adds: a colour profile, an orientation (1: none).
    struct Tags: Equatable, Sendable, CustomStringConvertible {
        var displayP3 = false
        var orientation = 1
        static let none = Tags()
        var description: String { self == .none ? "" : "+p3:\(displayP3),o:\(orientation)" }
    }

    static func encode(seed: UInt64, width: Int, height: Int, format: String, tags: Tags = .none) -> Data? {
        guard width > 0, height > 0, width <= maximumSide, height <= maximumSide else { return nil }
        guard let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, gint(width), gint(height)) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let pixels = gdk_pixbuf_get_pixels(pixbuf)!
        var random = SplitMix64(seed: seed)
        let base = (UInt8(truncatingIfNeeded: random.next()), UInt8(truncatingIfNeeded: random.next()),
                    UInt8(truncatingIfNeeded: random.next()))
        for y in 0..<height {
            let row = pixels + y * stride
            let fy = UInt8(truncatingIfNeeded: y * 255 / max(1, height - 1))
            for x in 0..<width {
                let fx = UInt8(truncatingIfNeeded: x * 255 / max(1, width - 1))
                let grid: UInt8 = (x % 64 == 0 || y % 64 == 0) ? 60 : 0
                row[x * 3] = base.0 &+ fx &- grid
                row[x * 3 + 1] = base.1 &+ fy &- grid
                row[x * 3 + 2] = base.2 &+ (fx / 2) &+ (fy / 2)
            }
        }
        var buffer: UnsafeMutablePointer<gchar>? = nil
        var size: gsize = 0
        var error: UnsafeMutablePointer<GError>? = nil
        let saved = if tags.displayP3, ["jpeg", "webp"].contains(format), let profile = SyntheticTags.displayP3 {
            tessera_pixbuf_save_with_profile(pixbuf, &buffer, &size, format, profile.base64EncodedString(), &error)
        } else {
            tessera_pixbuf_save(pixbuf, &buffer, &size, format, &error)
        }
        guard saved != 0, let buffer else {
            if let error { g_error_free(error) }
            return nil
        }
        defer { g_free(buffer) }
        let data = Data(bytes: buffer, count: Int(size))
        return format == "jpeg" && tags.orientation != 1 ? SyntheticTags.jpeg(data, orientation: tags.orientation) : data
    }
}

struct MediaRoutes {
    let media: MediaLibrary
    /// How long each avatar takes to start answering (a slow network, for tests).
    var avatarDelay: Double = 0
    /// An avatar that goes silent mid-transfer, its first few times (tests).
    var silence: AvatarSilence?

    func register(on router: Router<FixtureContext>) {
        router.get("pre-login-avatars/:name") { request, context -> Response in
            // avatars_cartoon_animals_XX.png, XX from 01 to 20
            let name = context.parameters.get("name") ?? ""
            let prefix = "avatars_cartoon_animals_", suffix = ".png"
            guard name.hasPrefix(prefix), name.hasSuffix(suffix) else { return Response(status: .notFound) }
            let number = String(name.dropFirst(prefix.count).dropLast(suffix.count))
            guard number.count == 2, let value = Int(number), (1...20).contains(value) else { return Response(status: .notFound) }
            if avatarDelay > 0 { try await Task.sleep(for: .milliseconds(Int(avatarDelay * 1000))) }
            let file = media.dataDirectory.appendingPathComponent("avatars/\(number).png")
            if let silence, silence.goesSilent(value), let data = try? Data(contentsOf: file) {
                return SilentAnswers.response(data, contentType: "image/png")
            }
            return media.serve(file, request: request)
        }
        router.get("images/:name") { request, context -> Response in
            let name = context.parameters.get("name") ?? ""
            guard !name.contains("/"), !name.hasPrefix(".") else { return Response(status: .notFound) }
            return media.serve(media.dataDirectory.appendingPathComponent("media/\(name)"), request: request)
        }
        // /synthetic/<seed>/<width>x<height>.<jpg|png|webp|avif>[?profile=display-p3][&orientation=1…8]
        router.get("synthetic/:seed/:file") { request, context -> Response in
            let file = context.parameters.get("file") ?? ""
            let parts = file.split(separator: ".")
            let size = parts.first?.split(separator: "x").compactMap { Int($0) } ?? []
            guard let seed = context.parameters.get("seed").flatMap({ UInt64($0) }), size.count == 2, parts.count == 2 else {
                return Response(status: .notFound)
            }
            let format = ["png", "webp", "avif"].contains(parts[1]) ? String(parts[1]) : "jpeg"
            var tags = SyntheticImage.Tags()
            tags.displayP3 = request.uri.queryParameters["profile"] == "display-p3"
            if let orientation = request.uri.queryParameters.get("orientation").flatMap({ Int($0) }), (1...8).contains(orientation) {
                tags.orientation = orientation
            }
            return media.synthetic(seed: seed, width: size[0], height: size[1], format: format, tags: tags)
        }
        BadCaseRoutes(media: media).register(on: router)
    }
}

/// The broken responses a client must survive (shared/contracts.md section 6).
struct BadCaseRoutes {
    let media: MediaLibrary

    func register(on router: Router<FixtureContext>) {
        let bad = router.group("bad")
        bad.get("404") { _, _ in Response(status: .notFound) }
        bad.get("truncated.jpg") { _, _ -> Response in
            let whole = SyntheticImage.encode(seed: 7, width: 800, height: 600, format: "jpeg") ?? Data()
            return media.bytes(whole.prefix(whole.count / 3), type: "image/jpeg")
        }
        bad.get("not-an-image.png") { _, _ in
            media.bytes(Data("<html><body>This is not an image.</body></html>".utf8), type: "image/png")
        }
        bad.get("huge-header.png") { _, _ in media.bytes(Self.pngHeader(width: 50_000, height: 50_000), type: "image/png") }
        bad.get("slow-drip") { _, _ -> Response in
            // 1 KB a second, for a minute: clients must give up on their own.
            Response(status: .ok, headers: [.contentType: "image/jpeg"], body: ResponseBody(contentLength: 60 * 1024) { writer in
                for _ in 0..<60 {
                    try await writer.write(ByteBuffer(repeating: 0xFF, count: 1024))
                    try await Task.sleep(for: .seconds(1))
                }
                try await writer.finish(nil)
            })
        }
        bad.get("redirect/:hops") { _, context -> Response in
            let hops = context.parameters.get("hops").flatMap { Int($0) } ?? 0
            let next = hops > 1 ? "/bad/redirect/\(hops - 1)" : "/synthetic/3/64x64.png"
            return Response(status: .found, headers: [.location: next])
        }
        bad.get("redirect-to-file") { _, _ in Response(status: .found, headers: [.location: "file:///etc/passwd"]) }
        bad.get("redirect-to-ftp") { _, _ in Response(status: .found, headers: [.location: "ftp://127.0.0.1/image.png"]) }
    }

    /// A PNG signature and a valid IHDR chunk claiming `width` x `height`, and nothing else.
    static func pngHeader(width: UInt32, height: UInt32) -> Data {
        var ihdr = Data("IHDR".utf8)
        for value in [width, height] { withUnsafeBytes(of: value.bigEndian) { ihdr.append(contentsOf: $0) } }
        ihdr.append(contentsOf: [8, 6, 0, 0, 0]) // 8-bit RGBA, no interlace
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        withUnsafeBytes(of: UInt32(13).bigEndian) { png.append(contentsOf: $0) }
        png.append(ihdr)
        withUnsafeBytes(of: crc32(ihdr).bigEndian) { png.append(contentsOf: $0) }
        return png
    }

    static func crc32(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc >> 1) ^ (0xEDB8_8320 & (0 &- (crc & 1))) }
        }
        return ~crc
    }
}
