import Foundation
import Scheduling

/// What a benchmark started and made, ended and removed when SIGINT, SIGTERM or SIGHUP stops it early.
enum Interruption {
    private static let programs = Mutex<[Process]>([])
    private static let folders = Mutex<[URL]>([])
    /// Set once, from `main` before any other thread starts.
    nonisolated(unsafe) private static var watchers: [any DispatchSourceSignal] = []
    static let grace: Duration = .seconds(5)

    /// Runs `process`, which is ended with the benchmark if that is stopped early.
    static func run(_ process: Process) throws {
        try process.run()
        programs.withLock { running in
            running.removeAll { !$0.isRunning }
            running.append(process)
        }
    }

    static func removeIfStopped(_ folder: URL) {
        folders.withLock { $0.append(folder) }
    }

    /// From now on a stopping signal ends the programs started, removes the folders and exits.
    static func endOnSignals() {
        let sources = [SIGINT, SIGTERM, SIGHUP].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { end(exitingWith: 128 + number) }
            source.resume()
            return source
        }
        watchers = sources
    }

    private static func end(exitingWith status: Int32) -> Never {
        let running = programs.withLock { $0.filter(\.isRunning) }
        for process in running { process.terminate() }
        let deadline = ContinuousClock.now + grace
        while running.contains(where: \.isRunning), ContinuousClock.now < deadline { usleep(20_000) }
        for process in running where process.isRunning { kill(process.processIdentifier, SIGKILL) }
        for folder in folders.withLock({ $0 }) { try? FileManager.default.removeItem(at: folder) }
        FileHandle.standardError.write(Data("tessera-bench: stopped by signal \(status - 128); the programs it started were ended\n".utf8))
        exit(status)
    }
}
