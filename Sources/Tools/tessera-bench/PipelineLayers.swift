import ArgumentParser
import CGdkPixbuf
import Foundation
import HelperWire
import ImagePipeline
import Networking
import HelperClients
import Scheduling

/// Each pipeline layer's cost a picture, from bare libcurl to the full pipeline; medians, alternating.
struct PipelineLayers: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "layers",
                                                    abstract: "The image pipeline's own cost a picture, layer by layer.")

    @Option(help: "Pictures in a batch.") var count = 94
    @Option(help: "Their format: jpg, png, webp or avif.") var format = "webp"
    @Option(help: "Rounds (each runs every layer once).") var rounds = 15

    func run() throws {
        let count = count, format = format, rounds = rounds
        try runBlocking { try await Self.measure(count: count, format: format, rounds: rounds) }
    }

    private struct Layer {
        let name: String
        let load: @Sendable ([URL]) async throws -> Void
        /// Run after the batch is measured.
        var cleanUp: @Sendable () -> Void = {}
    }

    /// The disk cache's folder for the layer that has one, deleted after each batch.
    private static let diskFolder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-bench-layers-\(getpid())")

    private static let side = 256

    private static let layers = [
        Layer(name: "bare libcurl multi loop, fetching") { urls in _ = try CurlMultiBaseline.fetchAll(urls) },
        Layer(name: "CurlHTTPClient, fetching") { urls in
            let client = CurlHTTPClient()
            try await withThrowingTaskGroup(of: Void.self) { group in
                for url in urls { group.addTask { _ = try await client.send(HTTPRequest(url: url)).validated() } }
                try await group.waitForAll()
            }
        },
        Layer(name: "pipeline, no decoding") { urls in
            try await load(urls, with: ImagePipeline(client: CurlHTTPClient(), decoders: [NoDecoding()]))
        },
        Layer(name: "bare loop, decoded in the helpers") { urls in
            let decoded = CurlMultiBaseline.decodeAllInHelpers(try CurlMultiBaseline.fetchAll(urls), size: side)
            guard decoded == urls.count else { throw BenchError(description: "the helpers decoded \(decoded) of \(urls.count)") }
        },
        Layer(name: "pipeline, decoded in the helpers") { urls in
            try await load(urls, with: ImagePipeline(client: CurlHTTPClient(), decoders: [SandboxedImageDecoder()]))
        },
        Layer(name: "the same with a disk cache", load: { urls in
            let pipeline = ImagePipeline(client: CurlHTTPClient(), configuration: .init(diskFolder: diskFolder),
                                         decoders: [SandboxedImageDecoder()])
            try await load(urls, with: pipeline)
            // Its writes are counted: the disk's thread makes them while the pictures load.
            await pipeline.finishDiskWrites()
        }, cleanUp: { try? FileManager.default.removeItem(at: diskFolder) }),
    ]

    private static func load(_ urls: [URL], with pipeline: ImagePipeline) async throws {
        _ = try await Images.load(urls.map { ImageRequest(url: $0, maximumPixelSize: side) }, with: pipeline)
    }

    private static func measure(count: Int, format: String, rounds: Int) async throws {
        let server = try BenchServer()
        defer { server.stop() }
        let sizes = [(640, 480), (1024, 768), (1600, 1200), (800, 1200), (2048, 1365), (320, 320)]
        let urls = (0..<count).map { index in
            let (width, height) = sizes[index % sizes.count]
            return URL(string: "synthetic/\(index + 1000)/\(width)x\(height).\(format)", relativeTo: server.base)!.absoluteURL
        }
        // The server encodes each picture once, and the helpers start: neither is counted.
        _ = CurlMultiBaseline.decodeAllInHelpers(try CurlMultiBaseline.fetchAll(urls), size: side)

        var cpu = Array(repeating: [Double](), count: layers.count)
        var switches = cpu, preemptions = cpu, times = cpu, helperCPU = cpu
        func helpersCPU() -> Double {
            DecoderProcesses.shared.processIdentifiers.compactMap { ProcessUsage.cpu(of: $0) }.reduce(0, +)
        }
        for _ in 0..<rounds {
            for (index, layer) in layers.enumerated() {
                let before = ProcessUsage.now(), helpersBefore = helpersCPU(), start = ContinuousClock.now
                try await layer.load(urls)
                let time = ContinuousClock.now - start, used = ProcessUsage.now() - before
                helperCPU[index].append((helpersCPU() - helpersBefore) * 1e6 / Double(count))
                layer.cleanUp()
                cpu[index].append(used.cpu * 1e6 / Double(count))
                switches[index].append(Double(used.switches) / Double(count))
                preemptions[index].append(Double(used.preemptions) / Double(count))
                times[index].append(Double(time.components.attoseconds) / 1e15 + Double(time.components.seconds) * 1000)
            }
        }
        print("layers: \(count) \(format) pictures to \(side) px, \(ProcessInfo.processInfo.activeProcessorCount) cores, medians of \(rounds) rounds")
        print("                                          CPU a picture   switches a picture (pre-empted)   batch       helpers' CPU a picture")
        for (index, layer) in layers.enumerated() {
            print("  " + layer.name.padding(toLength: 38, withPad: " ", startingAt: 0)
                  + String(format: "%9.0f µs %14.1f (%4.1f) %15.1f ms %13.0f µs", median(cpu[index]), median(switches[index]),
                           median(preemptions[index]), median(times[index]),
                           median(helperCPU[index])))
        }
        let pipelineCost = median(cpu[4]) - median(cpu[3])
        print(String(format: "  the pipeline's own CPU a picture, decoding in the helpers: %.0f µs (%.1f switches) over the bare loop",
                     pipelineCost, median(switches[4]) - median(switches[3])))
    }
}

/// A decoder that reads nothing and makes a 16 px grey picture: the pipeline's cost without a decode.
private struct NoDecoding: ImageDecoding {
    static let threads = BackgroundThreads(name: "tessera-bench-no-decoding",
                                           count: SandboxedImageDecoder.sharedThreads.count)

    func decodes(_ request: ImageRequest) -> Bool { true }
    var readsURL: Bool { false }
    var threads: BackgroundThreads { Self.threads }

    func decode(_ input: ImageInput, to target: DecodingTarget) throws(ImageError) -> DecodedImage {
        guard let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, 16, 16) else { throw .notAnImage }
        gdk_pixbuf_fill(pixbuf, 0x808080FF)
        return DecodedImage(adopting: pixbuf)
    }
}
