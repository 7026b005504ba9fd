import CDescriptorPassing
import HelperPipes
import HelperClients
import Foundation
import HelperWire
import Localization
import Scheduling
import Synchronization

/// The `tessera-player` helper for one clip; a decoder crash ends it and the viewer says so.
public final class PlayerHelper: Sendable {
    /// Answers on the reading thread; `read` takes a sound line's bytes once.
    public typealias Listener = @Sendable (Result<PlaybackWire.Answer, PlayerHelperEnded>, _ read: ReadBytes) -> Void
    public typealias ReadBytes = (UnsafeMutableRawBufferPointer) -> Bool

    private let process: Process
    private let requests: FileHandle
    private let answers: Int32
    /// Set once the app stopped the helper: its end is not news.
    private let stopped = Atomic(false)
    private let writing = Mutex(())
    /// The ring the helper's frames are in now (the reading thread sets it).
    private let ring = Mutex<FrameRing?>(nil)

    public var processIdentifier: Int32 { process.processIdentifier }

    private init(process: Process, requests: FileHandle, answers: Int32) {
        self.process = process
        self.requests = requests
        self.answers = answers
    }

    /// Starts the helper and hands what it says to `listener` until it ends.
    public static func launch(listener: @escaping Listener) -> Result<PlayerHelper, PlayerHelperEnded> {
        switch HelperLaunch.start("tessera-player", wiring: .pipeInSocketOut) {
        case .success(let launch):
            let helper = PlayerHelper(process: launch.process, requests: FileHandle(fileDescriptor: launch.requests, closeOnDealloc: true),
                                      answers: launch.answers)
            let thread = Thread { helper.readAnswers(listener) }
            thread.name = "tessera-player-answers"
            thread.start()
            return .success(helper)
        case .failure(.notFound):
            return .failure(PlayerHelperEnded(tr("The video player (tessera-player) was not found beside the app.")))
        case .failure(.noChannel(let words)): return .failure(PlayerHelperEnded(words))
        case .failure(.couldNotRun(let program, let reason)):
            return .failure(PlayerHelperEnded(tr("{program} could not be run: {reason}", ["program": program, "reason": reason])))
        }
    }

    /// Sends the clip's bytes, blocking: off the main thread.
    public func play(_ clip: Data) {
        writing.withLock { _ in
            _ = HelperProgram.write(PlaybackWire.Request.clip(length: clip.count).line, to: requests.fileDescriptor)
                && clip.withUnsafeBytes { HelperProgram.write($0, to: requests.fileDescriptor) }
        }
    }

    /// Says the clip is `length` bytes long and comes in parts (`part`): it plays as they arrive.
    public func stream(length: Int) {
        send(.stream(length: length))
    }

    /// Sends `bytes` at `offset`, blocking: off the main thread.
    public func part(_ bytes: Data, at offset: Int) {
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + PlaybackWire.maximumPartLength)
            let sent = writing.withLock { _ in
                HelperProgram.write(PlaybackWire.Request.part(offset: offset + start, length: end - start).line, to: requests.fileDescriptor)
                    && bytes[(bytes.startIndex + start)..<(bytes.startIndex + end)].withUnsafeBytes { HelperProgram.write($0, to: requests.fileDescriptor) }
            }
            guard sent else { return }
            start = end
        }
    }

    /// Seeks; what arrives before `seeked generation` is stale.
    public func seek(generation: Int, to position: Duration) {
        send(.seek(generation: generation, to: position))
    }

    /// The ring holding `frame`, when it is the one the helper writes to now.
    public func ring(of frame: PlaybackWire.Sample) -> FrameRing? {
        ring.withLock { $0?.id == frame.ring ? $0 : nil }
    }

    /// A piece of sound was let go (any thread), exactly once per piece.
    public func letSoundGo() {
        send(.moreSound(1))
    }

    /// A frame's slot was let go (any thread), exactly once per frame.
    public func release(ring: Int, slot: Int) {
        send(.released(ring: ring, slot: slot))
    }

    /// Asks the helper to try `probe` (tests; before the clip or after); the answer comes to the listener.
    public func attempt(_ probe: PosterWire.Probe) {
        send(.probe(probe))
    }

    private func send(_ request: PlaybackWire.Request) {
        writing.withLock { _ in _ = HelperProgram.write(request.line, to: requests.fileDescriptor) }
    }

    /// Ends the helper: its input closes, and it is killed should it be busy writing.
    public func stop() {
        stopped.store(true, ordering: .relaxed)
        writing.withLock { _ in try? requests.close() }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    // MARK: On the answers thread

    private func readAnswers(_ listener: Listener) {
        defer { close(answers) }
        let nothing: ReadBytes = { _ in false }
        var scratch = [UInt8]()
        /// The helper broke the protocol: it is ended, and the listener told why.
        func end(_ reason: String) {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            listener(.failure(PlayerHelperEnded(reason)), nothing)
        }
        while let line = HelperProgram.readLine(fromSocket: answers, until: .distantFuture) {
            guard let answer = PlaybackWire.Answer(line: line) else {
                return end(tr("The video player answered with something that is not a video."))
            }
            if case .frames(let id, let slotSize, let count) = answer {
                let descriptor = tessera_receive_descriptor(answers, 5_000)
                guard descriptor >= 0, let made = FrameRing(id: id, slotSize: slotSize, count: count, descriptor: descriptor) else {
                    return end(tr("The video player handed over memory that cannot be used."))
                }
                ring.withLock { $0 = made }
            }
            guard case .sample(let sample) = answer, sample.stream == .audio else {
                listener(.success(answer), nothing)
                continue
            }
            var taken: Bool?
            listener(.success(answer)) { memory in
                guard taken == nil, memory.count >= sample.length else { return false }
                taken = HelperProgram.read(UnsafeMutableRawBufferPointer(rebasing: memory[..<sample.length]),
                                              from: answers, until: .distantFuture)
                return taken!
            }
            if taken == nil {
                if scratch.count < sample.length { scratch = [UInt8](repeating: 0, count: sample.length) }
                taken = scratch.withUnsafeMutableBytes {
                    HelperProgram.read(UnsafeMutableRawBufferPointer(rebasing: $0[..<sample.length]), from: answers, until: .distantFuture)
                }
            }
            if taken == false { break }
        }
        process.waitUntilExit()
        guard !stopped.load(ordering: .relaxed) else { return }
        listener(.failure(PlayerHelperEnded(process.terminationReason == .uncaughtSignal
            ? tr("The video player stopped on this clip (signal {signal}).", ["signal": String(process.terminationStatus)])
            : tr("The video player ended (exit status {status}).", ["status": String(process.terminationStatus)]))),
                 nothing)
    }
}

/// Why the player helper cannot go on, in words.
public struct PlayerHelperEnded: Error, CustomStringConvertible, Equatable {
    public let description: String
    init(_ description: String) { self.description = description }
}
