import ArgumentParser
import Foundation
import Gtk

/// Exec to a saved first screen with the backend gone, beside it up and a first launch; alternating.
struct OfflineStartBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "offline-start",
        abstract: "Exec to a section's first screen drawn from what it saved, backend gone vs up.")

    @Option(help: "Runs of each case.")
    var runs = 10
    @Option(help: "The section: feed, messages or facts (those that keep what they received).")
    var section = "feed"

    func validate() throws {
        guard ["feed", "messages", "facts"].contains(section) else {
            throw ValidationError("“\(section)” keeps nothing for offline use; the sections that do are feed, messages and facts.")
        }
    }

    func run() throws {
        let runs = self.runs, section = self.section
        try runWithGTK {
            let server = try BenchServer()
            defer { server.stop() }
            let tessera = binFolder().appendingPathComponent("tessera-automated")
            guard FileManager.default.isExecutableFile(atPath: tessera.path) else {
                throw BenchError(description: "tessera-automated is not built at \(tessera.path)")
            }
            let work = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-offline-start-\(getpid())")
            defer { try? FileManager.default.removeItem(at: work) }
            let bus = try SessionBus.ensure()
            defer { bus?.stop() }
            let environment = ProcessInfo.processInfo.environment.merging(bus?.environment ?? [:]) { $1 }
            let dead = URL(string: "http://127.0.0.1:\(try BenchServer.freePort())/")!
            let saved = work.appendingPathComponent("saved")
            func launch(data: URL, backend: URL) throws -> Double {
                try timeToMarker([tessera.path, "--data-dir", data.path, "--backend", backend.absoluteString,
                                  "--report-content-drawn", section], "content-drawn-ns", environment: environment).milliseconds
            }
            // Two runs save the first page and its pictures.
            _ = try launch(data: saved, backend: server.base)
            _ = try launch(data: saved, backend: server.base)

            var offline: [Double] = [], online: [Double] = [], firstLaunch: [Double] = []
            for run in 0..<runs {
                offline.append(try launch(data: saved, backend: dead))
                online.append(try launch(data: saved, backend: server.base))
                firstLaunch.append(try launch(data: work.appendingPathComponent("fresh\(run)"), backend: server.base))
            }
            let base = median(online)
            print("offline-start: exec to the \(section) section's first screen drawn whole, median of \(runs)")
            print(String(format: "  saved items, backend gone        %8.1f ms  (ratio to backend up %.2f)", median(offline), median(offline) / base))
            print(String(format: "  saved items, backend up          %8.1f ms  (baseline)", base))
            print(String(format: "  nothing saved, backend up        %8.1f ms  (ratio %.2f)", median(firstLaunch), median(firstLaunch) / base))
            print(String(format: "  slowest: gone %.1f ms, up %.1f ms, nothing saved %.1f ms",
                         offline.max() ?? 0, online.max() ?? 0, firstLaunch.max() ?? 0))
        }
    }
}
