import CGdkPixbuf
import Companions
import Foundation
import ImagePipeline
import Localization
import Synchronization

/// One `tessera-poster` process, asked for one poster at a time.
///
/// The helper holds GStreamer and the decoders it picks (libav and the hundred-odd libraries it
/// maps, some 40 MB resident), so the app never loads them to show a feed; and a clip that crashes
/// a decoder ends the helper, not the app. The helper's standard input is a pipe only the app
/// writes: when the app ends in any way, killed included, the helper's input ends and so does it.
final class PosterReader: Sendable {
    private let process: Process
    private let requests: FileHandle
    private let answers: FileHandle
    /// Set once the helper has failed to answer; it is then ended and never asked again.
    private let broken = Atomic<Bool>(false)

    /// How long past the decoder's own timeout the helper may take before it is taken for hung.
    static let grace: Duration = .seconds(5)

    private init(process: Process, requests: FileHandle, answers: FileHandle) {
        self.process = process
        self.requests = requests
        self.answers = answers
    }

    var isUsable: Bool { !broken.load(ordering: .relaxed) && process.isRunning }
    var processIdentifier: Int32 { process.processIdentifier }

    /// Starts `tessera-poster` (found beside the app), or says why it cannot.
    static func launch() -> Result<PosterReader, ImageError> {
        CompanionProgram.ignoreBrokenPipes
        guard let executable = CompanionProgram.find("tessera-poster") else {
            return .failure(.noFrame(tr("tessera-poster was not found beside the app")))
        }
        let process = Process()
        process.executableURL = executable
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            return .failure(.noFrame(tr("{program} could not be run: {reason}",
                                        ["program": executable.path, "reason": error.localizedDescription])))
        }
        // The app keeps only its own ends: the helper's input ends when the app closes it.
        try? input.fileHandleForReading.close()
        try? output.fileHandleForWriting.close()
        return .success(PosterReader(process: process, requests: input.fileHandleForWriting, answers: output.fileHandleForReading))
    }

    /// The first frame of the clip at `url`, scaled for `target`. Blocks the calling thread.
    func frame(of url: URL, target: DecodingTarget, timeout: Duration) -> Result<DecodedImage, ImageError> {
        let deadline = ContinuousClock.now + timeout + Self.grace
        let request = PosterWire.Request(url: url, target: target, timeout: timeout)
        guard CompanionProgram.write(request.line, to: requests.fileDescriptor),
              let line = CompanionProgram.readLine(from: answers.fileDescriptor, until: deadline) else {
            return .failure(.noFrame(end(deadline: deadline)))
        }
        if let reason = PosterWire.failureReason(in: line) { return .failure(.noFrame(reason)) }
        guard let header = PosterWire.FrameHeader(line: line) else { return .failure(.noFrame(end(deadline: deadline, garbled: true))) }
        guard let image = readPixels(header, until: deadline) else { return .failure(.noFrame(end(deadline: deadline))) }
        return .success(image)
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
            return CompanionProgram.read(all, from: descriptor, until: deadline) ? image : nil
        }
        // Rows the helper spaced otherwise: one by one, each to its place.
        let row = UnsafeMutableRawBufferPointer.allocate(byteCount: header.rowstride, alignment: 1)
        defer { row.deallocate() }
        let used = header.width * header.channels
        for index in 0..<header.height {
            let length = index == header.height - 1 ? used : header.rowstride
            guard CompanionProgram.read(UnsafeMutableRawBufferPointer(rebasing: row[..<length]), from: descriptor, until: deadline) else {
                return nil
            }
            (pixels + index * rowstride).copyMemory(from: row.baseAddress!, byteCount: used)
        }
        return image
    }

    /// Ends a helper that died, stopped answering before `deadline`, or answered something that
    /// is not a poster (`garbled`), and says which in words.
    private func end(deadline: ContinuousClock.Instant, garbled: Bool = false) -> String {
        broken.store(true, ordering: .relaxed)
        let hung = ContinuousClock.now >= deadline
        // A helper that died already keeps the status it died with.
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        try? requests.close()
        try? answers.close()
        if hung { return tr("the video reader did not answer in time") }
        if garbled { return tr("the video reader answered with something that is not a picture") }
        if process.terminationReason == .uncaughtSignal {
            return tr("the video reader stopped on this clip (signal {signal})", ["signal": String(process.terminationStatus)])
        }
        return tr("the video reader ended (exit status {status})", ["status": String(process.terminationStatus)])
    }

    /// Closes the helper's input (it ends by itself then).
    func close() {
        try? requests.close()
    }

    deinit {
        try? requests.close()
        try? answers.close()
    }
}

/// The helpers, one per poster thread, started when first needed and kept for the next poster.
final class PosterReaders: Sendable {
    static let shared = PosterReaders()
    private let idle = Mutex<[PosterReader]>([])

    /// Runs `body` with a helper of its own; a helper that broke is replaced next time.
    func withReader(_ body: (PosterReader) -> Result<DecodedImage, ImageError>) -> Result<DecodedImage, ImageError> {
        let reader: PosterReader
        if let waiting = idle.withLock({ $0.popLast() }), waiting.isUsable {
            reader = waiting
        } else {
            switch PosterReader.launch() {
            case .success(let launched): reader = launched
            case .failure(let error): return .failure(error)
            }
        }
        let result = body(reader)
        if reader.isUsable { idle.withLock { $0.append(reader) } }
        return result
    }

    /// The helpers' process ids (for tests and the benchmark's memory figures).
    var processIdentifiers: [Int32] { idle.withLock { $0.map(\.processIdentifier) } }
}
