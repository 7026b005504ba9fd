import Foundation

/// `tessera-crash-writer`, built beside the test bundles: the crash-safety tests start it, let it
/// write for a random while and kill it with SIGKILL at that moment.
public enum CrashWriter {
    /// The binary, when it was built beside the tests.
    public static var binary: URL? {
        let url = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tessera-crash-writer")
        return FileManager.default.isExecutableFile(atPath: url.path) ? url : nil
    }

    /// Runs it with `arguments` for a random number of microseconds in `lifetime`, kills it, and
    /// returns the last revision it acknowledged ("ack <revision>" lines), if any.
    public static func runAndKill(_ binary: URL, _ arguments: [String], lifetime: ClosedRange<UInt32>,
                                  using generator: inout some RandomNumberGenerator) throws -> Int? {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        usleep(UInt32.random(in: lifetime, using: &generator))
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return output.split(separator: "\n").compactMap { Int($0.dropFirst(4)) }.last
    }
}
