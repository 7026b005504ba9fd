// Runs in the app (tessera): it starts the helpers and talks to them.

import CDescriptorPassing
import HelperPipes
import Foundation
import HelperWire
import ImagePipeline
import Localization
import Scheduling

/// One `tessera-decoder`, a picture at a time; unconfined ones are never used, stuck ones killed.
public final class DecoderProcess: Sendable {
    /// What became of a picture sent to the helper.
    public enum Outcome: Sendable {
        case decoded(DecodedImage)
        /// The helper read it and said why it cannot be shown; the helper carries on.
        case refused(ImageError)
        /// The helper stopped while it held the picture (or could not be asked); why, in words.
        case stopped(String)
    }

    private let process: Process
    private let socket: Int32
    public let limits: DecoderLimits
    /// How the helper confined itself.
    public let confinement: DecoderWire.Ready
    private let state = Mutex(State())

    private struct State {
        var nextID = 1
        /// Set once the helper cannot be asked any more.
        var ended = false
        /// Set when this side killed it: why.
        var killedBecause: String?
    }

    /// How long a new helper may take to say it is confined.
    static let startTime: Duration = .seconds(10)

    private init(process: Process, socket: Int32, limits: DecoderLimits, confinement: DecoderWire.Ready) {
        self.process = process
        self.socket = socket
        self.limits = limits
        self.confinement = confinement
    }

    deinit {
        Glibc.close(socket)
    }

    public var processIdentifier: Int32 { process.processIdentifier }
    public var isUsable: Bool { state.withLock { !$0.ended } }
    /// False once the helper's process has ended (killed while idle, say).
    public var isRunning: Bool { process.isRunning }

    /// Starts the helper and waits until it says it is confined, or why not.
    public static func launch(limits: DecoderLimits = .default) -> Result<DecoderProcess, ImageError> {
        let launch: HelperLaunch
        switch HelperLaunch.start("tessera-decoder", arguments: limits.arguments, wiring: .socket) {
        case .success(let started): launch = started
        case .failure(.notFound): return .failure(.decoderStopped(tr("tessera-decoder was not found beside the app")))
        case .failure(.noChannel(let words)): return .failure(.decoderStopped(words))
        case .failure(.couldNotRun(let program, let reason)):
            return .failure(.decoderStopped(tr("{program} could not be run: {reason}", ["program": program, "reason": reason])))
        }
        let process = launch.process, socket = launch.answers
        let first = HelperProgram.readLine(fromSocket: socket, until: .now + startTime).flatMap(DecoderWire.Ready.init(line:))
        switch first {
        case .namespaces, .filterOnly:
            return .success(DecoderProcess(process: process, socket: socket, limits: limits, confinement: first!))
        case .unconfined(let why):
            Glibc.close(socket)
            process.waitUntilExit()
            return .failure(.decoderStopped(tr("the picture decoder could not be confined: {reason}", ["reason": why])))
        case nil:
            Glibc.close(socket)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return .failure(.decoderStopped(tr("the picture decoder did not start")))
        }
    }

    /// Decodes in the helper, blocking this thread; one picture at a time.
    public func decode(_ data: Data, target: DecodingTarget) -> Outcome {
        guard data.count <= limits.maximumLength else { return .refused(.tooLarge(width: 0, height: 0)) }
        guard let id = nextRequestID() else { return .stopped(tr("the picture decoder ended")) }
        let deadline = ContinuousClock.now + limits.deadline
        let sent = HelperProgram.write(DecoderWire.Request.decode(id: id, target: target, length: data.count).line, to: socket)
            && data.withUnsafeBytes { HelperProgram.write($0, to: socket) }
        guard sent else { return .stopped(end()) }
        switch answer(until: deadline) {
        case .image(id, let pixels)?:
            let left = max(0, ContinuousClock.now.duration(to: deadline).milliseconds)
            let descriptor = tessera_receive_descriptor(socket, Int32(min(left, Int(Int32.max))))
            guard descriptor >= 0 else { return .stopped(end(killing: errno == ETIMEDOUT ? tr("the picture decoder took too long on it") : nil)) }
            defer { Glibc.close(descriptor) }
            guard let image = MappedPixels.image(pixels, from: descriptor) else {
                return .stopped(end(killing: tr("the picture decoder answered with something that is not a picture")))
            }
            return .decoded(image)
        case .refused(id, let error)?:
            return .refused(ImageError(error))
        case nil where ContinuousClock.now >= deadline:
            return .stopped(end(killing: tr("the picture decoder took too long on it")))
        default:
            return .stopped(end(killing: tr("the picture decoder answered with something that is not a picture")))
        }
    }

    /// Reads the picture's metadata in the helper, blocking this thread; why not when the helper stopped.
    public func details(of data: Data) -> Result<PictureDetails, ImageError> {
        guard data.count <= limits.maximumLength else { return .failure(.tooLarge(width: 0, height: 0)) }
        guard let id = nextRequestID() else { return .failure(.decoderStopped(tr("the picture decoder ended"))) }
        let deadline = ContinuousClock.now + limits.deadline
        let sent = HelperProgram.write(DecoderWire.Request.details(id: id, length: data.count).line, to: socket)
            && data.withUnsafeBytes { HelperProgram.write($0, to: socket) }
        guard sent else { return .failure(.decoderStopped(end())) }
        switch answer(until: deadline) {
        case .details(id, let details)?:
            return .success(details)
        case nil where ContinuousClock.now >= deadline:
            return .failure(.decoderStopped(end(killing: tr("the picture decoder took too long on it"))))
        default:
            return .failure(.decoderStopped(end(killing: tr("the picture decoder answered with something that is not a picture"))))
        }
    }

    /// Tests: whether confinement refused `probe`, and the helper's words.
    public func attempt(_ probe: DecoderWire.Probe) -> (refused: Bool, detail: String)? {
        guard let id = nextRequestID(), HelperProgram.write(DecoderWire.Request.probe(id: id, probe).line, to: socket),
              case .probed(id, let refused, let detail)? = answer(until: .now + limits.deadline) else { return nil }
        return (refused, detail)
    }

    /// Closes the helper's input, and it ends; only done while it holds no picture.
    public func close() {
        state.withLock { state in
            state.ended = true
            shutdown(socket, Int32(SHUT_RDWR))
        }
    }

    /// The number for the next request; nil once the helper has ended.
    private func nextRequestID() -> Int? {
        state.withLock { state in
            guard !state.ended else { return nil }
            defer { state.nextID += 1 }
            return state.nextID
        }
    }

    private func answer(until deadline: ContinuousClock.Instant) -> DecoderWire.Answer? {
        HelperProgram.readLine(fromSocket: socket, until: deadline).flatMap(DecoderWire.Answer.init(line:))
    }

    /// Ends the helper (killing it for `reason`), waits, and says why it is gone.
    private func end(killing reason: String? = nil) -> String {
        state.withLock { state in
            state.ended = true
            if state.killedBecause == nil { state.killedBecause = reason }
            shutdown(socket, Int32(SHUT_RDWR))
        }
        if reason != nil, process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        if let killed = state.withLock({ $0.killedBecause }) { return killed }
        let status = process.terminationStatus
        if process.terminationReason == .uncaughtSignal {
            switch status {
            case SIGXCPU: return tr("the picture decoder took too long on it")
            case SIGKILL: return tr("the picture decoder was stopped (signal {signal})", ["signal": String(status)])
            default: return tr("the picture decoder stopped on it (signal {signal})", ["signal": String(status)])
            }
        }
        return tr("the picture decoder ended (exit status {status})", ["status": String(status)])
    }
}
