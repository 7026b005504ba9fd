import Foundation
import HelperPipes

/// A helper with stdin and stdout wired to us; we keep only our ends.
public struct HelperLaunch {
    /// How the program's standard input and output reach the app.
    public enum Wiring {
        /// One socket both ways: requests and answers, and descriptors passed back (`tessera-decoder`).
        case socket
        /// A pipe in and a socket out, for descriptors passed back (`tessera-player`).
        case pipeInSocketOut
        /// A pipe each way (`tessera-poster`).
        case pipes
    }

    /// Why a program could not be started, for the caller to say in its own words.
    public enum Failure: Error, Equatable {
        /// Neither beside the running program nor in the installed prefix (`HelperProgram.find`).
        case notFound
        /// The system refused a pipe or socket: its words.
        case noChannel(String)
        /// Found, and not started: the program's path and the system's words.
        case couldNotRun(program: String, reason: String)
    }

    public let process: Process
    /// The app's end of the program's standard input. The caller owns it (and `answers`).
    public let requests: Int32
    /// The app's end of the program's standard output; `requests` itself with `.socket`.
    public let answers: Int32

    /// Starts `name` wired as `wiring` says; its stderr stays ours.
    public static func start(_ name: String, arguments: [String] = [], wiring: Wiring) -> Result<HelperLaunch, Failure> {
        HelperProgram.ignoreBrokenPipes
        guard let executable = HelperProgram.find(name) else { return .failure(.notFound) }
        // Each channel as (the app's end, the program's end).
        let channels: (input: (app: Int32, program: Int32), output: (app: Int32, program: Int32))
        switch wiring {
        case .socket:
            guard let both = socketPair() else { return .failure(.noChannel(String(cString: strerror(errno)))) }
            channels = (both, both)
        case .pipeInSocketOut, .pipes:
            guard let input = pipeEnds() else { return .failure(.noChannel(String(cString: strerror(errno)))) }
            guard let output = wiring == .pipes ? pipeEnds(reversed: true) : socketPair() else {
                let words = String(cString: strerror(errno))
                close(input.app)
                close(input.program)
                return .failure(.noChannel(words))
            }
            channels = (input, output)
        }
        let programEnds = Set([channels.input.program, channels.output.program])
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardInput = FileHandle(fileDescriptor: channels.input.program, closeOnDealloc: false)
        process.standardOutput = FileHandle(fileDescriptor: channels.output.program, closeOnDealloc: false)
        do {
            try process.run()
        } catch {
            for end in programEnds.union([channels.input.app, channels.output.app]) { close(end) }
            return .failure(.couldNotRun(program: executable.path, reason: error.localizedDescription))
        }
        for end in programEnds { close(end) }
        return .success(HelperLaunch(process: process, requests: channels.input.app, answers: channels.output.app))
    }

    /// A connected pair of stream sockets, closed on exec: (the app's end, the program's end).
    private static func socketPair() -> (app: Int32, program: Int32)? {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else { return nil }
        return (ends[0], ends[1])
    }

    /// A pipe, closed on exec: by default the app writes and the program reads; `reversed`, the other way.
    private static func pipeEnds(reversed: Bool = false) -> (app: Int32, program: Int32)? {
        var ends: [Int32] = [-1, -1] // read, write
        guard pipe(&ends) == 0 else { return nil }
        // Closed on exec as the socket pairs are (Glibc's module has no pipe2).
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return reversed ? (ends[0], ends[1]) : (ends[1], ends[0])
    }
}
