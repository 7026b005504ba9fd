import Foundation
import HelperWire
import ImagePipeline
import Localization
import Synchronization

/// Decoder helpers, one per decoding thread, made on demand and let go after `idleTime`.
public final class DecoderProcesses: Sendable {
    public static let shared = DecoderProcesses()

    public let limits: DecoderLimits
    public let idleTime: Duration
    private let state = Mutex(State())

    private struct State {
        var idle: [DecoderProcess] = []
        var busy: [Int32: DecoderProcess] = [:]
        /// Digests of the pictures that stopped a helper.
        var stoppers: Set<Int> = []
        var launches = 0
        var lastUse = ContinuousClock.now
        var idleCheckScheduled = false
        var confinementTold = false
    }

    /// - Parameter idleTime: longer than scrolling pauses, short enough to give memory back soon.
    public init(limits: DecoderLimits = .default, idleTime: Duration = .seconds(30)) {
        self.limits = limits
        self.idleTime = idleTime
    }

    /// Decodes `data` for `target` in a helper. Blocks the calling thread.
    public func decode(_ data: Data, target: DecodingTarget) throws(ImageError) -> DecodedImage {
        let digest = Self.digest(of: data)
        if state.withLock({ $0.stoppers.contains(digest) }) {
            throw .decoderStopped(tr("it stopped the picture decoder before"))
        }
        let process = try take()
        let outcome = process.decode(data, target: target)
        give(back: process)
        switch outcome {
        case .decoded(let image):
            return image
        case .refused(let error):
            throw error
        case .stopped(let reason):
            state.withLock { _ = $0.stoppers.insert(digest) }
            throw .decoderStopped(reason)
        }
    }

    /// Starts up to `count` helpers ahead, off this thread.
    public func prepare(count: Int) {
        DispatchQueue.global(qos: .utility).async { [self] in
            while state.withLock({ $0.idle.count + $0.busy.count }) < count,
                  case .success(let process) = DecoderProcess.launch(limits: limits) {
                let surplus = state.withLock { state -> Bool in
                    state.launches += 1
                    guard state.idle.count + state.busy.count < count else { return true }
                    state.idle.append(process)
                    return false
                }
                if surplus { process.close() } else { told(process.confinement) }
            }
            scheduleIdleCheck()
        }
    }

    /// The helpers' process ids (for tests and the benchmark's memory figures).
    public var processIdentifiers: [Int32] {
        state.withLock { $0.idle.map(\.processIdentifier) + Array($0.busy.keys) }
    }

    /// How many helpers were started.
    public var launches: Int { state.withLock { $0.launches } }

    /// A helper for one picture: an idle one, or a new one.
    private func take() throws(ImageError) -> DecoderProcess {
        let reused = state.withLock { state -> DecoderProcess? in
            state.lastUse = .now
            while let process = state.idle.popLast() {
                // One that ended while idle is let go here: the picture about to be sent did not stop it.
                if process.isUsable, process.isRunning {
                    state.busy[process.processIdentifier] = process
                    return process
                }
            }
            return nil
        }
        if let reused { return reused }
        let process = try DecoderProcess.launch(limits: limits).get()
        state.withLock { state in
            state.launches += 1
            state.busy[process.processIdentifier] = process
        }
        told(process.confinement)
        scheduleIdleCheck()
        return process
    }

    /// Says once in the log when helpers run with the system-call filter alone.
    private func told(_ confinement: DecoderWire.Ready) {
        let tell = state.withLock { state -> Bool in
            defer { state.confinementTold = true }
            return !state.confinementTold
        }
        if tell, case .filterOnly(let why) = confinement {
            FileHandle.standardError.write(Data((tr("tessera: pictures are decoded with the system-call filter only: {reason}",
                                                    ["reason": why]) + "\n").utf8))
        }
    }

    private func give(back process: DecoderProcess) {
        state.withLock { state in
            state.busy[process.processIdentifier] = nil
            state.lastUse = .now
            if process.isUsable { state.idle.append(process) }
        }
    }

    /// Lets idle helpers go after `idleTime` without a decode.
    private func scheduleIdleCheck() {
        let schedule = state.withLock { state -> Bool in
            defer { state.idleCheckScheduled = true }
            return !state.idleCheckScheduled
        }
        guard schedule else { return }
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + .milliseconds(idleTime.milliseconds)) { [self] in
            let (leaving, again) = state.withLock { state -> ([DecoderProcess], Bool) in
                state.idleCheckScheduled = false
                guard ContinuousClock.now - state.lastUse >= idleTime else { return ([], true) }
                defer { state.idle = [] }
                return (state.idle, !state.busy.isEmpty)
            }
            leaving.forEach { $0.close() }
            if again { scheduleIdleCheck() }
        }
    }

    /// The whole picture's digest: the same bytes at another address are the same picture.
    private static func digest(of data: Data) -> Int {
        var hasher = Hasher()
        hasher.combine(data.count)
        data.withUnsafeBytes { hasher.combine(bytes: $0) }
        return hasher.finalize()
    }
}
