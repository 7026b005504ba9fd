import Foundation
import HelperWire
import ImagePipeline
import Localization
import Scheduling

/// Decoder helpers, one per decoding thread, made on demand and let go after `idleTime`.
public final class DecoderProcesses: Sendable {
    public static let shared = DecoderProcesses()

    public let limits: DecoderLimits
    public let idleTime: Duration
    private let state = Mutex(State())
    /// Rung when a launch ends or a helper comes back.
    private let mayBeIdle = Bell()

    private struct State {
        var idle: [DecoderProcess] = []
        var busy: [Int32: DecoderProcess] = [:]
        /// Digests of the pictures that stopped a helper.
        var stoppers: Set<Int> = []
        var launches = 0
        /// Helpers being started ahead (`prepare`), which a picture waits for rather than start another.
        var launching = 0
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

    /// Reads `data`'s metadata in a helper. Blocks the calling thread.
    public func details(of data: Data) throws(ImageError) -> PictureDetails {
        let process = try take()
        let outcome = process.details(of: data)
        give(back: process)
        return try outcome.get()
    }

    /// Starts up to `count` helpers ahead, each on a thread of its own: a launch takes a core's time.
    public func prepare(count: Int) {
        let missing = state.withLock { state -> Int in
            let missing = max(0, count - state.idle.count - state.busy.count - state.launching)
            state.launching += missing
            return missing
        }
        for _ in 0..<missing {
            DispatchQueue.global(qos: .utility).async { [self] in
                let launched = DecoderProcess.launch(limits: limits)
                state.withLock { state in
                    state.launching -= 1
                    if case .success(let process) = launched {
                        state.launches += 1
                        state.idle.append(process)
                    }
                }
                mayBeIdle.ring()
                if case .success(let process) = launched { told(process.confinement) }
                scheduleIdleCheck()
            }
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
        var reused: DecoderProcess?
        while true {
            let ticket = mayBeIdle.rings
            let (process, waits) = state.withLock { state -> (DecoderProcess?, Bool) in
                state.lastUse = .now
                while let process = state.idle.popLast() {
                    // One that ended while idle is let go here: the picture about to be sent did not stop it.
                    if process.isUsable, process.isRunning {
                        state.busy[process.processIdentifier] = process
                        return (process, false)
                    }
                }
                return (nil, state.launching > 0)
            }
            reused = process
            guard reused == nil, waits else { break }
            mayBeIdle.wait(after: ticket)
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
        mayBeIdle.ring()
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

/// Wakes the threads that wait for it; a ring between reading `rings` and waiting is not missed.
private final class Bell: @unchecked Sendable { // `count` is under `condition`
    private let condition = NSCondition()
    private var count = 0

    var rings: Int { condition.withLock { count } }

    func ring() {
        condition.withLock {
            count += 1
            condition.broadcast()
        }
    }

    /// Returns once rung after `rings` was `ticket`.
    func wait(after ticket: Int) {
        condition.withLock {
            while count == ticket { condition.wait() }
        }
    }
}
