import Foundation
import Persistence

/// The app in its own process, used through its window and read from /proc.
final class Soak {
    static let xdotool = "/usr/bin/xdotool"

    /// One reading of the app and everything it started.
    struct Sample {
        var minute: Double
        var appResident: Int
        /// Resident memory by kind: anonymous, files, shared.
        var appAnonymous: Int
        var appFiles: Int
        var appShared: Int
        var helpersResident: Int
        var files: Int
        var threads: Int
        var helpers: Int
        /// The app's CPU seconds so far.
        var cpuSeconds: Double
        /// The helpers' CPU seconds, running and ended: none for a while means every picture came from memory.
        var helpersCPUSeconds: Double
        /// Frames since the sample before: count, slow (over 60 Hz), longest in ms; pictures decoded and from
        /// memory.
        var frames: FrameTally.Count
        /// Bytes in the app's data folder (settings, database, gallery, caches).
        var disk: Int
        var totalResident: Int { appResident + helpersResident }
    }

    /// Where the threads were at the first near-idle sample under use (gdb backtraces), and when.
    private(set) var stallReport: (minute: Double, path: String)?

    private let app: Process
    private let window: String
    private let folder: URL
    /// The app's frame lines (`--report-frames`), added up between samples.
    private let frames = FrameTally()
    private(set) var rounds = 0

    /// Starts the app and waits (a minute at most) for its window.
    init(arguments: [String], folder: URL, environment: [String: String]) throws {
        self.folder = folder
        let app = Process()
        app.executableURL = URL(fileURLWithPath: arguments[0])
        app.arguments = Array(arguments.dropFirst())
        app.environment = environment
        let output = Pipe()
        app.standardOutput = output
        app.standardError = FileHandle.nullDevice
        let frames = self.frames
        output.fileHandleForReading.readabilityHandler = { handle in frames.read(handle.availableData) }
        try Interruption.run(app)
        self.app = app
        let deadline = ContinuousClock.now + .seconds(60)
        var found: String?
        while found == nil {
            guard app.isRunning, ContinuousClock.now < deadline else {
                app.terminate()
                throw BenchError(description: "the app's window never showed")
            }
            found = try Self.output(["search", "--onlyvisible", "--pid", "\(app.processIdentifier)"])
                .split(separator: "\n").first.map(String.init)
            if found == nil { usleep(100_000) }
        }
        window = found!
    }

    func stop() {
        guard app.isRunning else { return }
        app.terminate()
        app.waitUntilExit()
    }

    /// Rounds of use until `duration` has passed, a sample first and then every `sampleEvery`.
    func run(for duration: Duration, sampleEvery: Duration) throws -> [Sample] {
        let start = ContinuousClock.now
        var samples = [sample(at: start)]
        var nextSample = start + sampleEvery
        while ContinuousClock.now - start < duration {
            guard app.isRunning else { throw BenchError(description: "the app ended after \(rounds) rounds (status \(app.terminationStatus))") }
            try round()
            rounds += 1
            if ContinuousClock.now >= nextSample {
                samples.append(sample(at: start))
                nextSample += sampleEvery
                if stallReport == nil, samples.count >= 3, let last = samples.last,
                   last.cpuSeconds - samples[samples.count - 2].cpuSeconds < Self.idleCPU {
                    stallReport = (last.minute, reportStall())
                }
            }
        }
        // The end, unless a sample was just taken.
        if Self.minutes(since: start) - samples.last!.minute > 1.0 / 60 { samples.append(sample(at: start)) }
        return samples
    }

    /// Less CPU than this across a round of use is a stall: a round takes seconds.
    static let idleCPU = 0.5

    /// Writes every thread's backtrace with gdb; returns where, or why not.
    private func reportStall() -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-soak-stall-\(app.processIdentifier).txt").path
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/gdb"),
              let (_, lines, _) = try? runReadingOutput(["/usr/bin/gdb", "-batch", "-p", "\(app.processIdentifier)", "-ex", "thread apply all bt"]) else {
            return "(gdb is not installed: no backtraces)"
        }
        guard FileManager.default.createFile(atPath: path, contents: Data(lines.joined(separator: "\n").utf8)) else {
            return "(the backtraces could not be written to \(path))"
        }
        return path
    }

    /// A person's pause after a switch, so keys reach the new page.
    static let pause = "0.6"

    /// Every section once, as a person goes through them: about half a minute.
    private func round() throws {
        // Focus and pointer are put back each round: a dialog or the viewer may have taken them.
        try xdotool(["windowfocus", "--sync", window])
        try xdotool(["mousemove", "--window", window, "600", "400"])
        // Scroll down, open a picture, step through, close, scroll back.
        try xdotool(["key", "--clearmodifiers", "ctrl+2", "sleep", Self.pause])
        try xdotool(["click", "--repeat", "40", "--delay", "50", "5"])
        try xdotool(["click", "1", "sleep", Self.pause])
        try xdotool(["key", "--delay", "800", "Right", "Right", "Right", "Right", "Escape"])
        // Back up less than down: each round ends further down the feed, meeting posts it has not shown.
        try xdotool(["click", "--repeat", "30", "--delay", "50", "4"])
        // People down and up (avatars come as rows come into view).
        try xdotool(["key", "--clearmodifiers", "ctrl+3", "sleep", Self.pause])
        try xdotool(["click", "--repeat", "15", "--delay", "80", "5"])
        try xdotool(["click", "--repeat", "15", "--delay", "80", "4"])
        // The chat scrolled up through older pages, a message sent, back to the latest.
        try xdotool(["key", "--clearmodifiers", "ctrl+4", "sleep", Self.pause])
        try xdotool(["click", "--repeat", "30", "--delay", "60", "4"])
        try xdotool(["type", "--delay", "40", "Round \(rounds + 1) of the long session"])
        try xdotool(["key", "--delay", "200", "Return", "ctrl+End"])
        // Facts refreshed and scrolled.
        try xdotool(["key", "--clearmodifiers", "ctrl+5", "sleep", Self.pause])
        try xdotool(["key", "F5", "sleep", Self.pause])
        try xdotool(["click", "--repeat", "10", "--delay", "80", "5"])
        try xdotool(["click", "--repeat", "10", "--delay", "80", "4"])
        // The gallery.
        try xdotool(["key", "--clearmodifiers", "ctrl+1", "sleep", Self.pause])
        try xdotool(["click", "--repeat", "5", "--delay", "80", "5"])
    }

    private func sample(at start: ContinuousClock.Instant) -> Sample {
        let pid = app.processIdentifier
        let helpers = descendants(of: pid)
        let kinds = residentKinds(of: pid)
        return Sample(minute: Self.minutes(since: start), appResident: residentBytes(of: pid),
                      appAnonymous: kinds.anonymous, appFiles: kinds.files, appShared: kinds.shared,
                      helpersResident: helpers.reduce(0) { $0 + residentBytes(of: $1) },
                      files: (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? 0,
                      threads: (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task").count) ?? 0,
                      helpers: helpers.count, cpuSeconds: Self.cpuSeconds(of: pid).own,
                      helpersCPUSeconds: Self.cpuSeconds(of: pid).endedChildren + helpers.reduce(0) { $0 + Self.cpuSeconds(of: $1).own },
                      frames: frames.take(), disk: FolderSize.bytes(of: [folder]))
    }

    /// CPU of `pid` and its reaped children, from /proc.
    private static func cpuSeconds(of pid: Int32) -> (own: Double, endedChildren: Double) {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return (0, 0) }
        // After the name: state (field 3) on; utime, stime, cutime and cstime are fields 14 to 17.
        let fields = stat[stat.index(after: close)...].split(separator: " ").map { Double($0) ?? 0 }
        guard fields.count > 14 else { return (0, 0) }
        let tick = Double(sysconf(Int32(_SC_CLK_TCK)))
        return ((fields[11] + fields[12]) / tick, (fields[13] + fields[14]) / tick)
    }

    private static func minutes(since start: ContinuousClock.Instant) -> Double {
        let elapsed = (ContinuousClock.now - start).components
        return (Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18) / 60
    }

    private func xdotool(_ arguments: [String]) throws {
        _ = try Self.output(arguments)
    }

    /// Runs xdotool with `arguments` and returns what it printed.
    private static func output(_ arguments: [String]) throws -> String {
        let (_, lines, _) = try runReadingOutput([xdotool] + arguments)
        return lines.joined(separator: "\n")
    }
}
