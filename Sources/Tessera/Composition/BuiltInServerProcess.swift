import HelperPipes
import Foundation
import Localization
import Logging
import Scheduling

/// `tessera-server` as our child, stopping when its input pipe closes however we end; it logs to our stderr.
final class BuiltInServerProcess: Sendable {
    let port: Int
    private let process: Process
    /// The pipe's writing end; closed by `stop()`.
    private let input: FileHandle
    private let life: Life

    /// Whether an end would be unexpected, and a signal for it, shared with Foundation's termination thread.
    private final class Life: Sendable {
        let ended = DispatchSemaphore(value: 0)
        private let serving = Mutex(false)
        var isServing: Bool {
            get { serving.withLock { $0 } }
            set { serving.withLock { $0 = newValue } }
        }
    }

    /// How long the server may take from exec to listening: far more than a cold start needs.
    static let listenDeadline: Duration = .seconds(15)
    /// The server gives requests a second after its input closes.
    static let stopDeadline: Duration = .seconds(3)

    /// `tessera-server` beside this program, or in the installed prefix's `libexec/tessera/`.
    static func executable() -> URL? { HelperProgram.find("tessera-server") }

    /// Why the server did not come up, in words.
    enum LaunchFailure: Error, CustomStringConvertible {
        case couldNotRun(URL, String)
        case endedBeforeListening(status: Int32)
        case noAnswer
        case unreadableAnswer(String)

        var description: String {
            switch self {
            case .couldNotRun(let executable, let reason):
                tr("{program} could not be run: {reason}", ["program": executable.path, "reason": reason])
            case .endedBeforeListening(let status):
                tr("tessera-server ended before it listened (exit status {status}); the log says why",
                   ["status": String(status)])
            case .noAnswer:
                tr("tessera-server did not start listening within {seconds} seconds",
                   ["seconds": String(BuiltInServerProcess.listenDeadline.components.seconds)])
            case .unreadableAnswer(let line):
                tr("tessera-server answered “{line}” where it should have said its port", ["line": line])
            }
        }
    }

    private init(port: Int, process: Process, input: FileHandle, life: Life) {
        self.port = port
        self.process = process
        self.input = input
        self.life = life
    }

    /// Runs the server on `port` (0: any) and returns once it listens; blocks, so call off the main loop.
    static func launch(_ executable: URL, port: Int, data: URL, logLevel: Logger.Level, logger: Logger) throws(LaunchFailure) -> BuiltInServerProcess {
        let process = Process()
        process.executableURL = executable
        process.arguments = ["--port", String(port), "--data", data.path,
                             "--log-level", logLevel.rawValue, "--exit-when-input-ends"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        let life = Life()
        // An unasked end after listening is logged; earlier ones fail the launch.
        process.terminationHandler = { finished in
            if life.isServing {
                logger.error("the built-in server ended unexpectedly (status \(finished.terminationStatus)); sections cannot load until Tessera is started again")
            }
            life.ended.signal()
        }
        do {
            try process.run()
        } catch {
            throw .couldNotRun(executable, error.localizedDescription)
        }
        let reader = output.fileHandleForReading
        let answer = HelperProgram.readLine(from: reader.fileDescriptor, until: .now + listenDeadline)
        try? reader.close()
        let fail = { (failure: LaunchFailure) -> LaunchFailure in
            if process.isRunning { process.terminate() }
            return failure
        }
        guard let answer else {
            // Its output ended (it is ending: give it a moment to be reaped) or the deadline passed.
            guard life.ended.wait(timeout: .now() + 2) == .success else { throw fail(.noAnswer) }
            throw fail(.endedBeforeListening(status: process.terminationStatus))
        }
        guard let port = listeningPort(in: answer) else { throw fail(.unreadableAnswer(answer)) }
        life.isServing = true
        return BuiltInServerProcess(port: port, process: process, input: input.fileHandleForWriting, life: life)
    }

    /// Closes its input and waits, killing it past `stopDeadline`, so the port is free at once.
    func stop() {
        life.isServing = false
        try? input.close()
        if life.ended.wait(timeout: .now() + .milliseconds(Self.stopDeadline.milliseconds)) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            _ = life.ended.wait(timeout: .now() + 1)
        }
    }

    /// The port in "listening on http://127.0.0.1:47650/" (never translated).
    static func listeningPort(in line: String) -> Int? {
        guard line.hasPrefix("listening on http://"), let url = URL(string: String(line.dropFirst(13))) else { return nil } // not translated
        return url.port
    }
}
