import ArgumentParser
import CDescriptorPassing
import CGStreamer
import ClipDecoding
import Foundation
import Video

/// A clip via `tessera-player` beside in-process `playbin`: first frame, frames, CPU, memory.
struct PlaybackBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "playback",
        abstract: "A clip played through the player helper vs playbin in process.")

    @Option(help: "Runs of each case.")
    var runs = 3
    @Option(help: "The clip's length in seconds.")
    var seconds = 10

    struct Run {
        var firstFrame: Double = 0
        /// When the helper said what the clip holds (started, confined, the clip read up to its first samples).
        var ready: Double = 0
        var wall: Double = 0
        var rendered: UInt64 = 0
        var dropped: UInt64 = 0
        var appCPU: Double = 0
        var helperCPU: Double = 0
        var appPeak: Double = 0
        var helperPeak: Double = 0
    }

    func run() throws {
        if let failure = GStreamer.startFailure { throw BenchError(description: failure) }
        let clip = try Self.makeClip(seconds: seconds)
        print(String(format: "playback: a %d s clip, 1280x720, 30 frames a second, VP8 and Vorbis in WebM (%.1f MB), %d runs each",
                     seconds, Double(clip.count) / 1e6, runs))
        var helped: [Run] = [], inProcess: [Run] = []
        for _ in 0..<runs {
            helped.append(try MainActor.assumeIsolated { try Self.playThroughHelper(clip) })
            inProcess.append(try Self.playInProcess(clip))
        }
        func line(_ name: String, _ runs: [Run]) {
            print("  " + name.padding(toLength: 30, withPad: " ", startingAt: 0) + String(format: " first frame %6.1f ms (first run %6.1f), rendered %4.0f, dropped %3.0f, CPU app %5.2f s + helper %5.2f s = %5.2f s, resident app %5.1f MB + helper %5.1f MB",
                         median(runs.map(\.firstFrame)), runs[0].firstFrame, median(runs.map { Double($0.rendered) }), median(runs.map { Double($0.dropped) }),
                         median(runs.map(\.appCPU)), median(runs.map(\.helperCPU)), median(runs.map { $0.appCPU + $0.helperCPU }),
                         median(runs.map(\.appPeak)), median(runs.map(\.helperPeak))))
        }
        line("player helper", helped)
        print(String(repeating: " ", count: 33) + String(format: "the helper ready after %.1f ms (median)", median(helped.map(\.ready))))
        line("playbin in process (baseline)", inProcess)
        let cpu = median(helped.map { $0.appCPU + $0.helperCPU }) / median(inProcess.map(\.appCPU))
        print(String(format: "  ratio: CPU %.2f, first frame %.2f, app resident %.2f (medians)", cpu,
                     median(helped.map(\.firstFrame)) / median(inProcess.map(\.firstFrame)),
                     median(helped.map(\.appPeak)) / median(inProcess.map(\.appPeak))))
    }

    /// The clip, encoded into a temporary file by GStreamer.
    static func makeClip(seconds: Int) throws -> Data {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-playback-\(getpid()).webm")
        defer { try? FileManager.default.removeItem(at: file) }
        try makeClip(seconds: seconds, encoder: "vp8enc deadline=1 cpu-used=8 target-bitrate=2000000", at: file)
        return try Data(contentsOf: file)
    }

    /// A 720p30 VP8 and Vorbis WebM clip of `seconds`, written to `file`.
    static func makeClip(seconds: Int, encoder: String, at file: URL) throws {
        let description = "videotestsrc num-buffers=\(seconds * 30) pattern=smpte horizontal-speed=4 "
            + "! video/x-raw,width=1280,height=720,framerate=30/1 ! \(encoder) "
            + "! webmmux name=mux ! filesink location=\(file.path) "
            + "audiotestsrc num-buffers=\(seconds * 47) samplesperbuffer=1024 ! audio/x-raw,rate=48000,channels=2 ! audioconvert "
            + "! vorbisenc ! mux."
        try runToEnd(description)
    }

    private static func runToEnd(_ description: String) throws {
        var error: UnsafeMutablePointer<CChar>?
        guard let pipeline = tessera_gst_parse_launch(description, &error) else {
            defer { g_free(error) }
            throw BenchError(description: error.map { String(cString: $0) } ?? "no pipeline")
        }
        defer {
            tessera_gst_set_state(pipeline, TESSERA_GST_STATE_NULL)
            tessera_gst_unref(pipeline)
        }
        tessera_gst_set_state(pipeline, TESSERA_GST_STATE_PLAYING)
        while true {
            var failure: UnsafeMutablePointer<CChar>?
            switch tessera_gst_next_message(pipeline, &failure) {
            case TESSERA_GST_MESSAGE_END_OF_STREAM: return
            case TESSERA_GST_MESSAGE_ERROR:
                defer { g_free(failure) }
                throw BenchError(description: failure.map { String(cString: $0) } ?? "the clip could not be made")
            default: usleep(10_000)
            }
        }
    }

    private static func timingSink() throws -> OpaquePointer {
        guard let sink = tessera_gst_make("fakesink") else { throw BenchError(description: "no fakesink") }
        tessera_gst_set_bool(UnsafeMutableRawPointer(sink), "sync", 1)
        return sink
    }

    @MainActor
    static func playThroughHelper(_ clip: Data) throws -> Run {
        let sink = try timingSink()
        tessera_gst_ref_sink(sink)
        defer { tessera_gst_unref(sink) }
        var run = Run()
        let cpuBefore = ProcessUsage.now().cpu, start = monotonicNanoseconds()
        var playback: ClipPlayback? = ClipPlayback(videoSink: sink)
        playback!.start(clip: clip)
        playback!.play()
        var helper: Int32?
        var looks = 0
        while true {
            looks += 1
            // The sink's counts before `tick`, which pauses at the end (and the sink counts anew).
            var rendered: guint64 = 0, dropped: guint64 = 0
            _ = tessera_gst_sink_counts(sink, &rendered, &dropped)
            if rendered > 0 { (run.rendered, run.dropped) = (UInt64(rendered), UInt64(dropped)) }
            playback!.tick()
            if let failure = playback!.failure { throw BenchError(description: failure) }
            if helper == nil { helper = playback!.helperProcessIdentifier }
            if run.ready == 0, playback!.duration != nil { run.ready = Double(monotonicNanoseconds() - start) / 1e6 }
            if run.firstFrame == 0, rendered > 0 { run.firstFrame = Double(monotonicNanoseconds() - start) / 1e6 }
            if looks % looksBetweenMeasures == 0 {
                run.appPeak = max(run.appPeak, megabytes(residentBytes()))
                if let helper {
                    run.helperPeak = max(run.helperPeak, megabytes(residentBytes(of: helper)))
                    run.helperCPU = ProcessUsage.cpu(of: helper) ?? run.helperCPU
                }
            }
            if playback!.reachedEnd { break }
            waitForNextLook(firstFrameSeen: run.firstFrame > 0)
        }
        // The helper's CPU through the end, not as of the last tenth look.
        if let helper { run.helperCPU = ProcessUsage.cpu(of: helper) ?? run.helperCPU }
        run.wall = Double(monotonicNanoseconds() - start) / 1e9
        run.appCPU = ProcessUsage.now().cpu - cpuBefore
        playback = nil
        return run
    }

    static func playInProcess(_ clip: Data) throws -> Run {
        let memory = tessera_sealable_memory(clip.count)
        guard memory >= 0 else { throw BenchError(description: "no memory file") }
        defer { close(memory) }
        _ = clip.withUnsafeBytes { pwrite(memory, $0.baseAddress, $0.count, 0) }
        var error: UnsafeMutablePointer<CChar>?
        guard let playbin = tessera_gst_parse_launch("playbin uri=fd://\(memory) flags=0x3", &error) else {
            defer { g_free(error) }
            throw BenchError(description: error.map { String(cString: $0) } ?? "no playbin")
        }
        // Converted to what gtksink draws, as the helper converts its frames.
        guard let drawn = tessera_gst_parse_bin("videoconvert ! video/x-raw,format=BGRx ! fakesink name=sink sync=true", &error),
              let sink = tessera_gst_bin_child(drawn, "sink") else { throw BenchError(description: "no conversion") }
        defer { tessera_gst_unref(sink) }
        tessera_gst_set_object(UnsafeMutableRawPointer(playbin), "video-sink", UnsafeMutableRawPointer(drawn))
        defer {
            tessera_gst_set_state(playbin, TESSERA_GST_STATE_NULL)
            tessera_gst_unref(playbin)
        }
        var run = Run()
        var looks = 0
        let cpuBefore = ProcessUsage.now().cpu, start = monotonicNanoseconds()
        tessera_gst_set_state(playbin, TESSERA_GST_STATE_PLAYING)
        loop: while true {
            var failure: UnsafeMutablePointer<CChar>?
            switch tessera_gst_next_message(playbin, &failure) {
            case TESSERA_GST_MESSAGE_END_OF_STREAM: break loop
            case TESSERA_GST_MESSAGE_ERROR:
                defer { g_free(failure) }
                throw BenchError(description: failure.map { String(cString: $0) } ?? "playbin failed")
            default: break
            }
            var rendered: guint64 = 0, dropped: guint64 = 0
            _ = tessera_gst_sink_counts(sink, &rendered, &dropped)
            (run.rendered, run.dropped) = (UInt64(rendered), UInt64(dropped))
            if run.firstFrame == 0, rendered > 0 { run.firstFrame = Double(monotonicNanoseconds() - start) / 1e6 }
            looks += 1
            if looks % looksBetweenMeasures == 0 { run.appPeak = max(run.appPeak, megabytes(residentBytes())) }
            waitForNextLook(firstFrameSeen: run.firstFrame > 0)
        }
        var rendered: guint64 = 0, dropped: guint64 = 0
        _ = tessera_gst_sink_counts(sink, &rendered, &dropped)
        (run.rendered, run.dropped) = (UInt64(rendered), UInt64(dropped))
        run.wall = Double(monotonicNanoseconds() - start) / 1e9
        run.appCPU = ProcessUsage.now().cpu - cpuBefore
        return run
    }

    /// Looks every 2 ms, then 10 ms; /proc every tenth look, as reading it costs.
    private static func waitForNextLook(firstFrameSeen: Bool) {
        usleep(firstFrameSeen ? 10_000 : 2_000)
    }

    private static let looksBetweenMeasures = 10

    private static func megabytes(_ bytes: Int) -> Double {
        Double(bytes) / 1_048_576
    }
}
