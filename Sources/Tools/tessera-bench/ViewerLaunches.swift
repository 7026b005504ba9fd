import Foundation

/// Tessera and eog measured alike, cold and warm: mapping, CPU rest, high-water memory.
struct ViewerLaunches {
    /// The folder's pictures, named so both programs list them in this order.
    let small: URL, photo: URL, plan: URL
    let runs: Int
    let environment: [String: String]
    let tessera: URL
    let windows: WindowWatch
    static let eog = "/usr/bin/eog"

    enum Program: String, CaseIterable {
        case tessera = "Tessera"
        case eog
    }

    /// One start (cold) or one Right (warm), from its beginning.
    struct Timing {
        var window = 0.0
        var drawn = 0.0
        /// The kernel's high-water marks of the program and what it started, added whole.
        var peak = 0
        /// The same less the library pages its helpers share with the program itself.
        var peakOwn = 0
        /// High-water marks by process name ("tessera-decoder": its largest).
        var byProcess: [String: Int] = [:]
    }

    /// Each once on the small picture, so profiles and page cache are warm.
    func warmUp() throws {
        for program in Program.allCases {
            let process = try launch(program, on: small)
            _ = try windows.firstWindow(of: process.processIdentifier)
            _ = try stillAfter(process.processIdentifier, since: monotonicNanoseconds())
            end(process)
        }
    }

    /// Prints both ways, the median of `runs` each, the programs alternating.
    func measure() throws {
        var cold: [Program: [String: [Timing]]] = [:], warm: [Program: [Timing]] = [:]
        for _ in 0..<runs {
            for program in Program.allCases {
                for picture in [photo, plan] {
                    cold[program, default: [:]][picture.lastPathComponent, default: []].append(try start(program, on: picture))
                }
                warm[program, default: []].append(try right(program))
            }
        }
        print("viewer as launched: Tessera (tessera --view, its own profile launched once before) and eog, each a process of its own;")
        print("  drawn = the program's CPU, with every process it started, still for 300 ms; peak = their high-water marks; median of \(runs)")
        for picture in [photo, plan] {
            print("  cold, started for \(picture.lastPathComponent):")
            for program in Program.allCases { report(program, cold[program]?[picture.lastPathComponent] ?? []) }
            ratio(cold[.tessera]?[picture.lastPathComponent] ?? [], cold[.eog]?[picture.lastPathComponent] ?? [])
        }
        print("  warm, \(small.lastPathComponent) shown, then Right to \(photo.lastPathComponent):")
        for program in Program.allCases { report(program, warm[program] ?? [], window: false) }
        ratio(warm[.tessera] ?? [], warm[.eog] ?? [])
    }

    private func report(_ program: Program, _ timings: [Timing], window: Bool = true) {
        guard !timings.isEmpty else { return }
        let names = timings.last!.byProcess.keys.sorted()
        let parts = names.map { name in String(format: "%@ %.0f", name, median(timings.map { Double($0.byProcess[name] ?? 0) / 1e6 })) }
        print(String(format: "    %-8@ %@drawn %6.0f ms; peak %4.0f MB (helpers' shared library pages once: %.0f MB; %@)",
                     program.rawValue,
                     window ? String(format: "window %5.0f ms, ", median(timings.map(\.window))) : "",
                     median(timings.map(\.drawn)), median(timings.map { Double($0.peak) / 1e6 }),
                     median(timings.map { Double($0.peakOwn) / 1e6 }), parts.joined(separator: ", ")))
    }

    private func ratio(_ tessera: [Timing], _ eog: [Timing]) {
        guard !tessera.isEmpty, !eog.isEmpty else { return }
        print(String(format: "    Tessera / eog: drawn x%.2f, peak x%.2f (x%.2f with the shared pages once); target < 1",
                     median(tessera.map(\.drawn)) / max(median(eog.map(\.drawn)), 1),
                     median(tessera.map { Double($0.peak) }) / max(median(eog.map { Double($0.peak) }), 1),
                     median(tessera.map { Double($0.peakOwn) }) / max(median(eog.map { Double($0.peakOwn) }), 1)))
    }

    /// Starts `program` for `picture`; ends it once measured.
    private func start(_ program: Program, on picture: URL) throws -> Timing {
        let start = monotonicNanoseconds()
        let process = try launch(program, on: picture)
        defer { end(process) }
        var timing = Timing()
        timing.window = Double(try windows.firstWindow(of: process.processIdentifier).nanoseconds - start) / 1e6
        timing.drawn = try stillAfter(process.processIdentifier, since: start, atLeast: timing.window)
        memory(of: process.processIdentifier, into: &timing)
        return timing
    }

    /// Starts `program` on the small picture, lets it settle, then presses Right.
    private func right(_ program: Program) throws -> Timing {
        let process = try launch(program, on: small)
        defer { end(process) }
        let pid = process.processIdentifier
        let window = try windows.firstWindow(of: pid).window
        _ = try stillAfter(pid, since: monotonicNanoseconds())
        for each in [pid] + descendants(of: pid) { resetPeakResident(of: each) }
        _ = try runReadingOutput(["/usr/bin/xdotool", "windowfocus", "--sync", window])
        let start = monotonicNanoseconds()
        _ = try runReadingOutput(["/usr/bin/xdotool", "key", "Right"])
        var timing = Timing()
        timing.drawn = try stillAfter(pid, since: start)
        memory(of: pid, into: &timing)
        return timing
    }

    private func launch(_ program: Program, on picture: URL) throws -> Process {
        let process = Process()
        switch program {
        case .tessera:
            process.executableURL = tessera
            process.arguments = ["--view", picture.path]
        case .eog:
            process.executableURL = URL(fileURLWithPath: Self.eog)
            process.arguments = ["--new-instance", "--disable-gallery", picture.path]
        }
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try Interruption.run(process)
        return process
    }

    /// Asks the program to end as a session does (SIGTERM) and waits for it and its helpers.
    private func end(_ process: Process) {
        let helpers = descendants(of: process.processIdentifier)
        process.terminate()
        process.waitUntilExit()
        for helper in helpers where kill(helper, 0) == 0 {
            let deadline = monotonicNanoseconds() + 5_000_000_000
            while kill(helper, 0) == 0, monotonicNanoseconds() < deadline { usleep(10_000) }
        }
    }

    /// When `pid`'s tree last used CPU before resting 300 ms; fails after two minutes.
    private func stillAfter(_ pid: Int32, since start: Int64, atLeast earliest: Double = 0) throws -> Double {
        func used() -> Double {
            ([pid] + descendants(of: pid)).reduce(0) { $0 + (ProcessUsage.cpu(of: $1) ?? 0) }
        }
        var last = used(), still = monotonicNanoseconds(), drawn = earliest
        while monotonicNanoseconds() - start < 120_000_000_000 {
            usleep(20_000)
            let now = used()
            if now > last {
                last = now
                still = monotonicNanoseconds()
                drawn = Double(still - start) / 1e6
            } else if monotonicNanoseconds() - still > 300_000_000 {
                return drawn
            }
        }
        throw BenchError(description: "process \(pid) never went still within two minutes")
    }

    private func memory(of pid: Int32, into timing: inout Timing) {
        let helpers = descendants(of: pid)
        let appPeak = peakResident(of: pid)
        var byProcess: [String: Int] = [processName(pid): appPeak]
        var helpersPeak = 0, helpersNow = 0
        for helper in helpers {
            let peak = peakResident(of: helper)
            helpersPeak += peak
            helpersNow += residentBytes(of: helper)
            byProcess[processName(helper)] = max(byProcess[processName(helper)] ?? 0, peak)
        }
        timing.peak = appPeak + helpersPeak
        // What the helpers hold of the program's own library pages, now, counted once.
        timing.peakOwn = timing.peak - max(0, helpersNow - helpersOwnBytes(helpers, app: String(pid)))
        timing.byProcess = byProcess
    }

    private func processName(_ pid: Int32) -> String {
        ((try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? "?").trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
