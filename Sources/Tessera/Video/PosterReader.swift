import CGdkPixbuf
import HelperPipes
import HelperClients
import Foundation
import HelperWire
import ImagePipeline
import Localization
import Scheduling

/// The `tessera-poster` helper, asked over a pipe and answered by number; GStreamer and its crashes stay there,
/// and it ends when its input closes.
final class PosterReader: Sendable {
    private let process: Process
    private let requests: FileHandle
    private let answers: FileHandle
    private let state = Mutex(State())

    private struct State {
        var nextID = 1
        var waiting: [Int: Waiter] = [:]
        /// Set once the helper cannot be asked any more: why, in words.
        var ended: String?
    }

    /// A caller blocked until its answer comes (or the helper ends).
    private final class Waiter: Sendable {
        let answered = DispatchSemaphore(value: 0)
        let result = Mutex<Reply?>(nil)
        func answer(_ reply: Reply) {
            result.withLock { $0 = reply }
            answered.signal()
        }
        func answer(_ result: Result<DecodedImage, ImageError>) { answer(.image(result)) }
    }

    /// What a request got: a poster (or why not), or what a probe found.
    private enum Reply: Sendable {
        case image(Result<DecodedImage, ImageError>)
        case probed(refused: Bool, detail: String)
    }

    /// How long past a request's own timeout the helper may take before it is taken for hung.
    static let grace: Duration = .seconds(5)

    private init(process: Process, requests: FileHandle, answers: FileHandle) {
        self.process = process
        self.requests = requests
        self.answers = answers
    }

    var isUsable: Bool { state.withLock { $0.ended == nil } }
    /// Why the helper cannot be asked any more, once it cannot.
    var endReason: String? { state.withLock { $0.ended } }
    /// Requests sent and not yet answered.
    var waitingCount: Int { state.withLock { $0.waiting.count } }
    var processIdentifier: Int32 { process.processIdentifier }

    /// Starts `tessera-poster` (found beside the app), or says why it cannot.
    static func launch() -> Result<PosterReader, ImageError> {
        switch HelperLaunch.start("tessera-poster", wiring: .pipes) {
        case .success(let launch):
            let reader = PosterReader(process: launch.process, requests: FileHandle(fileDescriptor: launch.requests, closeOnDealloc: true),
                                      answers: FileHandle(fileDescriptor: launch.answers, closeOnDealloc: true))
            let thread = Thread { reader.readAnswers() }
            thread.name = "tessera-poster-answers"
            thread.start()
            return .success(reader)
        case .failure(.notFound): return .failure(.noFrame(tr("tessera-poster was not found beside the app")))
        case .failure(.noChannel(let words)): return .failure(.noFrame(words))
        case .failure(.couldNotRun(let program, let reason)):
            return .failure(.noFrame(tr("{program} could not be run: {reason}", ["program": program, "reason": reason])))
        }
    }

    /// The first frame of `clip` (its bytes), scaled for `target`. Blocks the calling thread.
    func frame(of clip: Data, target: DecodingTarget, timeout: Duration) -> Result<DecodedImage, ImageError> {
        let reply = ask({ PosterWire.Request(id: $0, target: target, timeout: timeout, length: clip.count).line }, clip, within: timeout)
        switch reply {
        case .image(let result): return result
        case .probed: return .failure(.noFrame(tr("the video reader answered with something that is not a picture")))
        }
    }

    /// Asks the helper to try `probe`: whether its confinement refused it and why; nil when it ended first.
    func attempt(_ probe: PosterWire.Probe, within timeout: Duration = .seconds(5)) -> (refused: Bool, detail: String)? {
        guard case .probed(let refused, let detail) = ask({ probe.line(for: $0) }, nil, within: timeout) else { return nil }
        return (refused, detail)
    }

    /// Sends `line`'s request and the bytes after it, and waits at most `timeout` and `grace` for the answer.
    private func ask(_ line: (Int) -> String, _ bytes: Data?, within timeout: Duration) -> Reply {
        let waiter = Waiter()
        let sent = state.withLock { state -> Result<Void, ImageError> in
            if let ended = state.ended { return .failure(.noFrame(ended)) }
            let id = state.nextID
            state.nextID += 1
            // Under the lock, so requests never interleave.
            let written = HelperProgram.write(line(id), to: requests.fileDescriptor)
                && (bytes?.withUnsafeBytes { HelperProgram.write($0, to: requests.fileDescriptor) } ?? true)
            guard written else { return .failure(.noFrame(tr("the video reader ended"))) }
            state.waiting[id] = waiter
            return .success(())
        }
        if case .failure(let error) = sent { return .image(.failure(error)) }
        let deadline = DispatchTime.now() + .milliseconds((timeout + Self.grace).milliseconds)
        if waiter.answered.wait(timeout: deadline) == .timedOut {
            end(because: tr("the video reader did not answer in time"))
            waiter.answered.wait()
        }
        return waiter.result.withLock { $0! }
    }

    /// Closes the helper's input, and it ends; only done while no poster is waiting for it.
    func close() {
        state.withLock { state in
            if state.ended == nil { state.ended = tr("the video reader ended") }
            // Under the lock, as every write is: no request can go to a closed descriptor.
            try? requests.close()
        }
    }

    // MARK: On the answers thread

    /// Hands each answer to its caller, until the helper's output ends.
    private func readAnswers() {
        let descriptor = answers.fileDescriptor
        let never = ContinuousClock.now + .seconds(100 * 365 * 24 * 3600)
        while let line = HelperProgram.readLine(from: descriptor, until: never) {
            switch PosterWire.Answer(line: line) {
            case .failed(let id, let reason):
                take(id)?.answer(.failure(.noFrame(reason)))
            case .probed(let id, let refused, let detail):
                take(id)?.answer(.probed(refused: refused, detail: detail))
            case .frame(let id, let header):
                guard let image = readPixels(header, until: never) else { return finish() }
                take(id)?.answer(.success(image))
            case nil:
                return finish(garbled: true)
            }
        }
        finish()
    }

    private func take(_ id: Int) -> Waiter? {
        state.withLock { $0.waiting.removeValue(forKey: id) }
    }

    /// Output ended or garbled: the helper ends, and each waiting caller hears the first reason found.
    private func finish(garbled: Bool = false) {
        if garbled { end(because: tr("the video reader answered with something that is not a picture")) }
        process.waitUntilExit()
        end(because: process.terminationReason == .uncaughtSignal
            ? tr("the video reader stopped on this clip (signal {signal})", ["signal": String(process.terminationStatus)])
            : tr("the video reader ended (exit status {status})", ["status": String(process.terminationStatus)]))
        try? answers.close()
    }

    /// Marks the helper ended (the first reason stays), kills it if running, and answers every caller.
    private func end(because reason: String) {
        let (waiters, said) = state.withLock { state -> ([Waiter], String) in
            if state.ended == nil { state.ended = reason }
            try? requests.close()
            defer { state.waiting.removeAll() }
            return (Array(state.waiting.values), state.ended!)
        }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        waiters.forEach { $0.answer(.failure(.noFrame(said))) }
    }

    /// Reads the pixels after `header` into a new pixbuf.
    private func readPixels(_ header: PosterWire.FrameHeader, until deadline: ContinuousClock.Instant) -> DecodedImage? {
        guard let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, header.channels == 4 ? 1 : 0, 8,
                                          gint(header.width), gint(header.height)) else { return nil }
        let image = DecodedImage(adopting: pixbuf, duration: header.duration)
        let pixels = UnsafeMutableRawPointer(gdk_pixbuf_get_pixels(pixbuf)!)
        let rowstride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let descriptor = answers.fileDescriptor
        if rowstride == header.rowstride {
            let all = UnsafeMutableRawBufferPointer(start: pixels, count: header.payloadLength)
            return HelperProgram.read(all, from: descriptor, until: deadline) ? image : nil
        }
        // Rows the helper spaced otherwise: one by one, each to its place.
        let row = UnsafeMutableRawBufferPointer.allocate(byteCount: header.rowstride, alignment: 1)
        defer { row.deallocate() }
        let used = header.width * header.channels
        for index in 0..<header.height {
            let length = index == header.height - 1 ? used : header.rowstride
            guard HelperProgram.read(UnsafeMutableRawBufferPointer(rebasing: row[..<length]), from: descriptor, until: deadline) else {
                return nil
            }
            (pixels + index * rowstride).copyMemory(from: row.baseAddress!, byteCount: used)
        }
        return image
    }
}

/// The one poster helper, made on demand and let go after `idleTime`.
final class PosterReaders: Sendable {
    static let shared = PosterReaders()
    private let current = Mutex<(reader: PosterReader?, lastUse: ContinuousClock.Instant)>((nil, .now))
    let idleTime: Duration

    /// Longer than a scrolling person's pauses, short enough to give memory back soon.
    init(idleTime: Duration = .seconds(30)) {
        self.idleTime = idleTime
    }

    /// Runs `body` with the helper (started if there is none, or the last one ended).
    func withReader<Value>(_ body: (PosterReader) -> Result<Value, ImageError>) -> Result<Value, ImageError> {
        let chosen = current.withLock { current -> Result<PosterReader, ImageError> in
            current.lastUse = .now
            if let reader = current.reader, reader.isUsable { return .success(reader) }
            let launched = PosterReader.launch()
            if case .success(let reader) = launched {
                current.reader = reader
                scheduleIdleCheck()
            }
            return launched
        }
        switch chosen {
        case .success(let reader):
            let result = body(reader)
            current.withLock { $0.lastUse = .now }
            return result
        case .failure(let error):
            return .failure(error)
        }
    }

    /// Lets the helper go once it has had nothing to do for `idleTime` (checked every `idleTime`).
    private func scheduleIdleCheck() {
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + .milliseconds(idleTime.milliseconds)) { [self] in
            let keep = current.withLock { current -> Bool in
                guard let reader = current.reader else { return false }
                if reader.waitingCount > 0 || ContinuousClock.now - current.lastUse < idleTime { return true }
                reader.close()
                current.reader = nil
                return false
            }
            if keep { scheduleIdleCheck() }
        }
    }

    /// The helper's process id, if one runs (for tests and the benchmark's memory figures).
    var processIdentifiers: [Int32] {
        current.withLock { $0.reader.map { [$0.processIdentifier] } ?? [] }
    }
}
