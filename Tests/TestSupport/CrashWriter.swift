import Foundation

/// `tessera-crash-writer`, built beside the test bundles: the crash-safety tests start it, let it
/// write for a random while and kill it with SIGKILL at that moment.
public enum CrashWriter {
    /// The binary, when it was built beside the tests.
    public static var binary: URL? {
        let url = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tessera-crash-writer")
        return FileManager.default.isExecutableFile(atPath: url.path) ? url : nil
    }

    /// Runs it with `arguments` for a random number of microseconds in `lifetime` from its "started"
    /// line, kills it, and returns the last revision it acknowledged ("ack <revision>" lines), if any.
    public static func runAndKill(_ binary: URL, _ arguments: [String], lifetime: ClosedRange<UInt32>,
                                  using generator: inout some RandomNumberGenerator) throws -> Int? {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        var output = Data()
        do {
            output = try readUntilStarted(pipe.fileHandleForReading, deadline: Date().addingTimeInterval(60))
        } catch {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw error
        }
        usleep(UInt32.random(in: lifetime, using: &generator))
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        output += pipe.fileHandleForReading.readDataToEndOfFile()
        return String(decoding: output, as: UTF8.self).split(separator: "\n")
            .filter { $0.hasPrefix("ack ") }.compactMap { Int($0.dropFirst(4)) }.last
    }

    public struct NotStarted: Error, CustomStringConvertible {
        public let description = "tessera-crash-writer did not say it had started within a minute"
    }

    /// What it wrote up to and including its "started" line.
    private static func readUntilStarted(_ handle: FileHandle, deadline: Date) throws -> Data {
        var output = Data()
        var byte: UInt8 = 0
        while !output.starts(with: Data("started\n".utf8)) {
            var descriptor = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
            let left = Int32(max(0, deadline.timeIntervalSinceNow) * 1_000)
            guard left > 0, poll(&descriptor, 1, left) == 1, read(handle.fileDescriptor, &byte, 1) == 1 else { throw NotStarted() }
            output.append(byte)
        }
        return output
    }
}
