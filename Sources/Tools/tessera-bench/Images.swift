import ArgumentParser
import CCurl
import CGdkPixbuf
import Foundation
import HelperWire
import ImagePipeline
import PictureDecoding
import HelperClients
import Logging
import Networking
import Persistence
import Synchronization

/// 500 mixed images to thumbnails through the pipeline beside a bare libcurl loop; warm, and per format.
struct Images: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Image pipeline vs bare libcurl + gdk-pixbuf, 500 images.")

    @Option(help: "Distinct images.") var count = 500
    @Option(help: "Thumbnail size in logical pixels.") var size = 256
    /// Runs of each format alone, alternating with its bare loop.
    static let formatRuns = 5
    @Option(help: "Device scale: thumbnails are decoded at size × scale device pixels, as a screen at that scale shows them.") var scale = 1

    func run() throws {
        let count = self.count, size = self.size * scale
        try runBlocking { try await Self.measure(count: count, size: size) }
    }

    private static func measure(count: Int, size: Int) async throws {
        let server = try BenchServer()
        defer { server.stop() }
        let base = server.base
        let sizes = [(640, 480), (1024, 768), (1600, 1200), (800, 1200), (2048, 1365), (320, 320)]
        // Mixed formats and sizes cycling so every kind comes at every size.
        let formats = ["jpg", "webp", "jpg-phone", "avif", "jpg", "png", "jpg-phone", "webp",
                       "jpg", "webp-p3", "jpg-phone", "avif", "jpg", "png", "jpg-phone", "webp"]
        let corpus = (0..<count).map { index -> (url: URL, format: String) in
            let (width, height) = sizes[index % sizes.count]
            let format = formats[index % formats.count]
            let tags = switch format {
            case "jpg-phone": "?profile=display-p3&orientation=6"
            case "webp-p3": "?profile=display-p3"
            default: ""
            }
            let file = format.prefix { $0 != "-" }
            return (URL(string: "synthetic/\(index + 1000)/\(width)x\(height).\(file)\(tags)", relativeTo: base)!.absoluteURL, format)
        }
        let urls = corpus.map(\.url)
        // The server encodes each image once; fetch them all first so both runs get served bytes.
        _ = try CurlMultiBaseline.fetchAll(urls)
        let megabytes = Double(try CurlMultiBaseline.fetchAll(urls).reduce(0) { $0 + $1.count }) / 1_048_576

        PeakRSS.reset()
        let baseStart = ContinuousClock.now
        let bodies = try CurlMultiBaseline.fetchAll(urls)
        let decoded = CurlMultiBaseline.decodeAll(bodies, size: size)
        let baseTime = ContinuousClock.now - baseStart
        let baseRSS = PeakRSS.megabytes()
        guard decoded == count else { throw BenchError(description: "baseline decoded \(decoded) of \(count)") }

        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-bench-cache-\(getpid())")
        defer { try? FileManager.default.removeItem(at: cache) }
        let requests = urls.map { ImageRequest(url: $0, maximumPixelSize: size) }
        // Peaks include the decoder helpers', as the baseline's include its decoding.
        let processes = DecoderProcesses()
        let helpers = HelpersPeak(processes)
        PeakRSS.reset()
        // A block of its own, so the cold pipeline and its memory cache are gone before the next phase.
        let (coldTime, coldRSS) = try await {
            let cold = ImagePipeline(client: CurlHTTPClient(), configuration: .init(diskFolder: cache),
                                     decoders: [SandboxedImageDecoder.prepared(processes: processes)])
            let time = try await Self.load(requests, with: cold)
            // Writes land before the next pipeline reads, as after a restart.
            _ = cold.diskCache?.totalSize
            return (time, PeakRSS.megabytes() + helpers.megabytes())
        }()

        helpers.reset()
        PeakRSS.reset()
        let warmDisk = ImagePipeline(client: CurlHTTPClient(), configuration: .init(diskFolder: cache),
                                     decoders: [SandboxedImageDecoder(processes: processes)])
        let diskTime = try await Self.load(requests, with: warmDisk)
        let diskRSS = PeakRSS.megabytes() + helpers.megabytes()
        helpers.reset()
        PeakRSS.reset()
        let memoryTime = try await Self.load(requests, with: warmDisk)
        let memoryRSS = PeakRSS.megabytes() + helpers.megabytes()

        func ms(_ duration: Duration) -> Double { Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15 }
        print("images: \(count) distinct images (\(String(format: "%.1f", megabytes)) MB) to \(size) px thumbnails, \(ProcessInfo.processInfo.activeProcessorCount) cores")
        print(String(format: "  baseline (curl multi + gdk-pixbuf)   %8.1f ms   peak RSS %6.1f MB", ms(baseTime), baseRSS))
        print(String(format: "  pipeline, cold caches               %8.1f ms   peak RSS %6.1f MB  (with its decoder helpers' own)", ms(coldTime), coldRSS))
        print(String(format: "  ratio cold / baseline               %8.2f      (target <= 1.10, decoded in the helpers)", ms(coldTime) / ms(baseTime)))
        print(String(format: "  pipeline, warm disk cache           %8.1f ms   peak RSS %6.1f MB  (%d fetches)", ms(diskTime), diskRSS, warmDisk.statistics.fetches))
        print(String(format: "  ratio warm disk / baseline          %8.2f      (target: 0 fetches)", ms(diskTime) / ms(baseTime)))
        print(String(format: "  pipeline, warm memory cache         %8.1f ms   peak RSS %6.1f MB  (%d memory hits)", ms(memoryTime), memoryRSS, warmDisk.statistics.memoryHits))
        print(String(format: "  memory cache %.1f MB of a %.0f MB cap", Double(warmDisk.memoryCache.totalCost) / 1_048_576, Double(warmDisk.memoryCache.capacity) / 1_048_576))

        // Each format alone: bare loop, cold pipeline, and cold pipeline without disk cache, in turn; medians.
        print("  by format, cold, median of \(Self.formatRuns)           baseline   pipeline   ratio   no disk cache  ratio   (target <= 1.10)   bare loop, helpers   ratio   (target <= 1.05)")
        for format in ["jpg", "jpg-phone", "png", "webp", "webp-p3", "avif"] {
            let subset = corpus.filter { $0.format == format }.map(\.url)
            let subsetRequests = subset.map { ImageRequest(url: $0, maximumPixelSize: size) }
            var baselines: [Double] = [], pipelines: [Double] = [], diskless: [Double] = [], helperLoops: [Double] = []
            for run in 0..<Self.formatRuns {
                let start = ContinuousClock.now
                let decodedSubset = CurlMultiBaseline.decodeAll(try CurlMultiBaseline.fetchAll(subset), size: size)
                baselines.append(ms(ContinuousClock.now - start))
                guard decodedSubset == subset.count else { throw BenchError(description: "baseline decoded \(decodedSubset) of \(subset.count) \(format)") }
                let helperStart = ContinuousClock.now
                let decodedByHelpers = CurlMultiBaseline.decodeAllInHelpers(try CurlMultiBaseline.fetchAll(subset), size: size)
                helperLoops.append(ms(ContinuousClock.now - helperStart))
                guard decodedByHelpers == subset.count else { throw BenchError(description: "helpers decoded \(decodedByHelpers) of \(subset.count) \(format)") }
                let folder = cache.appendingPathComponent("\(format)-\(run)")
                defer { try? FileManager.default.removeItem(at: folder) }
                let pipeline = ImagePipeline(client: CurlHTTPClient(), configuration: .init(diskFolder: folder), decoders: [SandboxedImageDecoder()])
                pipelines.append(ms(try await Self.load(subsetRequests, with: pipeline)))
                // Its disk writes finish before the next run.
                await pipeline.finishDiskWrites()
                let memoryOnly = ImagePipeline(client: CurlHTTPClient(), configuration: .init(diskFolder: nil), decoders: [SandboxedImageDecoder()])
                diskless.append(ms(try await Self.load(subsetRequests, with: memoryOnly)))
            }
            let baseline = median(baselines), time = median(pipelines), decodeOnly = median(diskless), helperLoop = median(helperLoops)
            print("    " + "\(format) (\(subset.count))".padding(toLength: 40, withPad: " ", startingAt: 0)
                  + String(format: "%8.1f ms %8.1f ms %7.2f %11.1f ms %7.2f %16.1f ms %7.2f", baseline, time, time / baseline,
                           decodeOnly, decodeOnly / baseline, helperLoop, decodeOnly / helperLoop))
        }
        let trip = try roundTrip()
        print(String(format: "  a 16 px PNG, one at a time: %.0f µs through a helper, %.0f µs in this process (the helper's round trip: %.0f µs a picture)",
                     trip.helper, trip.inProcess, trip.helper - trip.inProcess))
    }

    /// A helper's cost beyond decoding: a tiny PNG in a helper against here; medians of five.
    private static func roundTrip(count: Int = 200) throws -> (helper: Double, inProcess: Double) {
        let png = try tinyPNG()
        let processes = DecoderProcesses.shared
        let target = DecodingTarget(side: 16)
        var helper: [Double] = [], local: [Double] = []
        for _ in 0..<5 {
            var start = ContinuousClock.now
            for _ in 0..<count { _ = try processes.decode(png, target: target) }
            helper.append(microseconds(ContinuousClock.now - start) / Double(count))
            start = ContinuousClock.now
            for _ in 0..<count { _ = try PixbufImageDecoder().decode(png, to: target) }
            local.append(microseconds(ContinuousClock.now - start) / Double(count))
        }
        return (median(helper), median(local))
    }

    private static func microseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
    }

    /// A 16 x 16 grey PNG, made here.
    private static func tinyPNG() throws -> Data {
        guard let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, 16, 16) else { throw BenchError(description: "no pixbuf") }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        gdk_pixbuf_fill(pixbuf, 0x808080FF)
        var buffer: UnsafeMutablePointer<gchar>?, size: gsize = 0
        guard tessera_pixbuf_save(pixbuf, &buffer, &size, "png", nil) != 0, let buffer else { throw BenchError(description: "no PNG") }
        defer { g_free(buffer) }
        return Data(bytes: buffer, count: Int(size))
    }

    /// Loads every request through `pipeline` at once; how long that took.
    static func load(_ requests: [ImageRequest], with pipeline: ImagePipeline) async throws -> Duration {
        let start = ContinuousClock.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            for request in requests { group.addTask { _ = try await pipeline.image(for: request) } }
            try await group.waitForAll()
        }
        return ContinuousClock.now - start
    }
}

/// The baseline: libcurl's multi interface with nothing around it, and gdk-pixbuf in a loop.
enum CurlMultiBaseline {
    private final class Body { var data = Data() }

    static func fetchAll(_ urls: [URL]) throws -> [Data] {
        let multi = tessera_curl_multi_init()!
        defer { tessera_curl_multi_cleanup(multi) }
        tessera_curl_multi_setopt_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, 6)
        var bodies: [Body] = []
        var handles: [UnsafeMutableRawPointer] = []
        for url in urls {
            let body = Body()
            let easy = tessera_curl_easy_init()!
            tessera_curl_easy_setopt_string(easy, CURLOPT_URL, url.absoluteString)
            tessera_curl_easy_setopt_long(easy, CURLOPT_NOSIGNAL, 1)
            tessera_curl_easy_setopt_write(easy, { data, size, count, user in
                let body = Unmanaged<Body>.fromOpaque(user!).takeUnretainedValue()
                body.data.append(UnsafeRawPointer(data!).assumingMemoryBound(to: UInt8.self), count: size * count)
                return size * count
            }, Unmanaged.passUnretained(body).toOpaque())
            tessera_curl_multi_add_handle(multi, easy)
            bodies.append(body)
            handles.append(easy)
        }
        var running: Int32 = 1
        while running > 0 {
            tessera_curl_multi_perform(multi, &running)
            var ready: Int32 = 0
            if running > 0 { tessera_curl_multi_poll(multi, nil, 0, 1000, &ready) }
        }
        for easy in handles {
            tessera_curl_multi_remove_handle(multi, easy)
            tessera_curl_easy_cleanup(easy)
        }
        return bodies.map(\.data)
    }

    /// Decodes every body in helpers as the pipeline does, in a plain loop; how many decoded.
    static func decodeAllInHelpers(_ bodies: [Data], size: Int) -> Int {
        countDecoded(bodies, threads: SandboxedImageDecoder.sharedThreads.count) {
            try? DecoderProcesses.shared.decode($0, target: DecodingTarget(side: size))
        }
    }

    /// Decodes every body at `size` with gdk-pixbuf, one thread per core; returns how many decoded.
    static func decodeAll(_ bodies: [Data], size: Int) -> Int {
        countDecoded(bodies, threads: ProcessInfo.processInfo.activeProcessorCount) {
            try? PixbufImageDecoder().decode($0, maximumPixelSize: size)
        }
    }

    /// `decode` over every body on `threads` threads, each taking the next untaken body; how many decoded.
    private static func countDecoded(_ bodies: [Data], threads: Int, decode: @Sendable (Data) -> DecodedImage?) -> Int {
        let next = Atomic<Int>(0), decoded = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            while case let index = next.add(1, ordering: .relaxed).oldValue, index < bodies.count {
                if let image = decode(bodies[index]), image.width > 0 { decoded.add(1, ordering: .relaxed) }
            }
        }
        return decoded.load(ordering: .relaxed)
    }
}

/// Helpers' peak (VmHWM) less library pages this process also holds.
struct HelpersPeak {
    let processes: DecoderProcesses

    init(_ processes: DecoderProcesses) { self.processes = processes }

    func reset() { processes.processIdentifiers.forEach { resetPeakResident(of: $0) } }

    func megabytes() -> Double {
        let helpers = processes.processIdentifiers
        let highWater = helpers.reduce(0) { $0 + peakResident(of: $1) }
        let shared = helpers.reduce(0) { $0 + residentBytes(of: $1) } - helpersOwnBytes(helpers)
        return Double(max(0, highWater - shared)) / 1_048_576
    }
}

/// The process's peak resident memory (VmHWM), which `reset` sets back to the current size.
enum PeakRSS {
    /// Trims the heap first, so one phase's leftovers are not the next's peak.
    static func reset() {
        malloc_trim(0)
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    }

    static func megabytes() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "") else { return 0 }
        return kilobytes / 1024
    }
}
