// Runs in the app (tessera) and its helpers, without Foundation.

import FoundationEssentials
import Glibc

/// The programs Tessera runs beside itself: where they are, and reading what they write.
public enum HelperProgram {
    /// `name` beside this program, else in the prefix's `libexec/tessera/`; nil if neither.
    public static func find(_ name: String) -> URL? {
        let program = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            .map { URL(fileURLWithPath: $0) } ?? URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let folder = program.deletingLastPathComponent()
        let candidates = [folder.appendingPathComponent(name),
                          folder.deletingLastPathComponent().appendingPathComponent("libexec/tessera/\(name)")]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// The longest line a side may write; a longer one means the other side is broken or subverted.
    public static let maximumLineLength = 16 << 10

    /// The next line without newline, byte by byte; nil at end, at `deadline` or past `maximumLineLength`.
    public static func readLine(from descriptor: Int32, until deadline: ContinuousClock.Instant) -> String? {
        var line = [UInt8]()
        var byte: UInt8 = 0
        while true {
            guard wait(for: descriptor, until: deadline) else { return nil }
            let count = Glibc.read(descriptor, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            guard count == 1 else { return nil }
            if byte == UInt8(ascii: "\n") { return String(decoding: line, as: UTF8.self) }
            guard line.count < maximumLineLength else { return nil }
            line.append(byte)
        }
    }

    /// `readLine` for a socket: peeks, then takes exactly the line, leaving what rides after it.
    public static func readLine(fromSocket descriptor: Int32, until deadline: ContinuousClock.Instant) -> String? {
        var line = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 512)
        while true {
            guard wait(for: descriptor, until: deadline) else { return nil }
            let peeked = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_PEEK)) }
            if peeked < 0 && errno == EINTR { continue }
            guard peeked > 0 else { return nil }
            let end = chunk[..<peeked].firstIndex(of: UInt8(ascii: "\n"))
            let wanted = end.map { $0 + 1 } ?? peeked
            let taken = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, wanted, 0) }
            guard taken == wanted else { return nil }
            line += chunk[..<(end ?? wanted)]
            guard line.count <= maximumLineLength else { return nil }
            if end != nil { return String(decoding: line, as: UTF8.self) }
        }
    }

    /// Fills `buffer` from `descriptor`; false when it ends, fails, or `deadline` passes first.
    public static func read(_ buffer: UnsafeMutableRawBufferPointer, from descriptor: Int32,
                            until deadline: ContinuousClock.Instant) -> Bool {
        var filled = 0
        while filled < buffer.count {
            guard wait(for: descriptor, until: deadline) else { return false }
            let count = Glibc.read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            filled += count
        }
        return true
    }

    /// Writes all of `bytes`; false when the reader is gone (SIGPIPE is ignored).
    public static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
        var written = 0
        while written < bytes.count {
            let count = Glibc.write(descriptor, bytes.baseAddress! + written, bytes.count - written)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            written += count
        }
        return true
    }

    /// Writes `text` as UTF-8 (see `write(_:to:)`).
    public static func write(_ text: String, to descriptor: Int32) -> Bool {
        var text = text
        return text.withUTF8 { write(UnsafeRawBufferPointer($0), to: descriptor) }
    }

    /// A dead reader must fail a write, not end the writer: touched before the first write.
    public static let ignoreBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

    /// Waits until `descriptor` has something to read (or its end); false once `deadline` passed.
    public static func wait(for descriptor: Int32, until deadline: ContinuousClock.Instant) -> Bool {
        while true {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return false }
            var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let polled = poll(&ready, 1, Int32(min(left.milliseconds + 1, 60_000)))
            if polled < 0 && errno == EINTR { continue }
            if polled < 0 { return false }
            if polled > 0 { return true }
        }
    }
}

extension Duration {
    /// Whole milliseconds, for the APIs that count in them (poll, Dispatch).
    public var milliseconds: Int {
        Int(components.seconds) * 1000 + Int(components.attoseconds / 1_000_000_000_000_000)
    }
}
