import Foundation

/// A stand-in for a D-Bus service on a private bus: one of the `*-stand-in.py` scripts beside
/// the tests, run with the bus's address and `arguments`. It is ready once it prints "ready" (it
/// owns its name then); lines written to it are its script's to read; its input closing ends it.
final class BusStandIn {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()

    init(script: String, address: String, arguments: [String] = []) throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(script)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [path.path, address] + arguments
        process.standardOutput = output
        process.standardInput = input
        try process.run()
        guard output.text(until: "ready").contains("ready") else {
            stop()
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "\(script) did not start"])
        }
    }

    /// Writes `line` and returns once the stand-in printed `reply`.
    func send(_ line: String, until reply: String) throws {
        try input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
        guard output.text(until: reply).contains(reply) else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "the stand-in ended before it said \(reply)"])
        }
    }

    func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
