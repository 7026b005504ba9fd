import App
import Foundation
import Gtk
import ImagePipeline
import Networking

/// A 40 MB clip at 1 MB/s, streamed: first frame, bytes by then, download stopping on close.
@MainActor
enum ViewerClip {
    /// The link's speed: 1 MB a second.
    static let bytesPerSecond = 1 << 20

    /// 20 s of 720p VP8 at phone bitrate with Vorbis, made once.
    nonisolated static func file() throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-bench-clip-20s.webm")
        if !FileManager.default.fileExists(atPath: file.path) {
            print("viewer: making a 20 s clip (once)")
            let making = file.appendingPathExtension("part")
            try PlaybackBench.makeClip(seconds: 20, encoder: "vp8enc deadline=1 cpu-used=8 end-usage=cq cq-level=4 min-quantizer=0 max-quantizer=8 target-bitrate=16000000 keyframe-max-dist=60", at: making)
            try FileManager.default.moveItem(at: making, to: file)
        }
        return file
    }

    struct Run {
        var firstFrame = 0.0
        var piecesAtFirstFrame = 0
        var piecesAtClose = 0
        /// Pieces here once the download had ended after the close (any that came late counted).
        var piecesAtEnd = 0
        var closedAfter = 0.0
        var streamed = true
    }

    /// Opens `url` in a viewer, waits for the first frame, closes it, and waits for the download to end.
    static func play(_ url: URL, pipeline: ImagePipeline) throws -> Run {
        var run = Run()
        let window = Window()
        window.setDefaultSize(width: 1100, height: 760)
        defer { window.destroy() }
        let viewer = ViewerPage(items: [ViewerItem(id: url.lastPathComponent, url: url, kind: .clip, name: "Clip")], index: 0,
                                pipeline: pipeline, goBack: {})
        window.add(viewer.widget)
        let start = monotonicNanoseconds()
        window.showAll()
        let shown = GtkRuntime.iterate(until: { viewer.clipShowsPicture || viewer.clipFailure != nil },
                                       timeout: .seconds(120), wakeEvery: .milliseconds(2))
        if let failure = viewer.clipFailure { throw BenchError(description: "the clip did not play: \(failure)") }
        guard shown else { throw BenchError(description: "the clip's first frame never came") }
        run.firstFrame = Double(monotonicNanoseconds() - start) / 1e6
        guard let download = viewer.clipDownload else {
            run.streamed = false
            viewer.stopClip()
            return run
        }
        run.piecesAtFirstFrame = download.piecesHere
        let closing = monotonicNanoseconds()
        run.piecesAtClose = download.piecesHere
        viewer.stopClip()
        guard GtkRuntime.iterate(until: { download.isFinished }, timeout: .seconds(30), wakeEvery: .milliseconds(2)) else {
            throw BenchError(description: "the download went on after the clip was closed")
        }
        run.closedAfter = Double(monotonicNanoseconds() - closing) / 1e6
        run.piecesAtEnd = download.piecesHere
        return run
    }

    /// Streamed at `bytesPerSecond`, and from the disk cache after fetching it at full speed, in turn.
    static func measure(base: URL, name: String, size: Int, pipeline: ImagePipeline, runs: Int) throws {
        let throttled = URL(string: base.appendingPathComponent("images/\(name)").absoluteString + "?bytes-per-second=\(bytesPerSecond)")!
        let here = base.appendingPathComponent("images/\(name)")
        try runBlocking { _ = try await pipeline.data(for: ImageRequest(url: here, maximumPixelSize: 1024, content: .videoFrame)) }
        var streamed: [Run] = [], stored: [Run] = []
        for _ in 0..<runs {
            // A clip streamed is not kept on disk: each run fetches it anew.
            streamed.append(try play(throttled, pipeline: pipeline))
            stored.append(try play(here, pipeline: pipeline))
        }
        let piece = Double(RangedDownload.defaultPieceSize) / 1e6
        print(String(format: "viewer: a clip of %.1f MB at %.1f MB/s, streamed (HTTP Range, pieces of %.2f MB), %d runs", Double(size) / 1e6,
                     Double(bytesPerSecond) / 1e6, piece, runs))
        print(String(format: "  first frame %.0f ms (median; runs %@), target within 1500 ms; %.1f MB had come by then",
                     median(streamed.map(\.firstFrame)), streamed.map { String(format: "%.0f", $0.firstFrame) }.joined(separator: ", "),
                     median(streamed.map { Double($0.piecesAtFirstFrame) }) * piece))
        print(String(format: "  closed at the first frame: the download ended %.0f ms later; %.1f of %.1f MB fetched at the close, %.1f MB once it ended (%d pieces after the close in all runs)",
                     median(streamed.map(\.closedAfter)), median(streamed.map { Double($0.piecesAtClose) }) * piece, Double(size) / 1e6,
                     median(streamed.map { Double($0.piecesAtEnd) }) * piece, streamed.map { $0.piecesAtEnd - $0.piecesAtClose }.reduce(0, +)))
        print(String(format: "  baseline, the same clip from the disk cache: first frame %.0f ms (median); ratio %.2f; the whole file at that speed: %.0f ms",
                     median(stored.map(\.firstFrame)), median(streamed.map(\.firstFrame)) / max(median(stored.map(\.firstFrame)), 1),
                     Double(size) / Double(bytesPerSecond) * 1000))
        if stored.contains(where: \.streamed) { print("  (the baseline streamed too: the disk cache did not keep the clip)") }
    }
}
