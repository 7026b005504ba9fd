import Foundation
import HelperPipes
import XCTest

/// What the app reads from a helper is a line of bounded length: a subverted helper cannot make it
/// gather bytes without end.
final class HelperLinesTests: XCTestCase {
    /// From each read: XCTest makes every case's instance before the first runs.
    private var deadline: ContinuousClock.Instant { .now + .seconds(20) }

    /// Both ends of a pipe (`socket` false) or of a Unix socket pair.
    private func channel(socket: Bool) throws -> (reader: Int32, writer: Int32) {
        var ends: [Int32] = [0, 0]
        let made = socket ? socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) : pipe(&ends)
        XCTAssertEqual(made, 0)
        addTeardownBlock { ends.forEach { close($0) } }
        return (ends[0], ends[1])
    }

    /// Writes `bytes` on a thread of its own (a pipe holds less than the longest line).
    private func write(_ bytes: [UInt8], to descriptor: Int32) {
        Thread.detachNewThread { bytes.withUnsafeBytes { _ = HelperProgram.write($0, to: descriptor) } }
    }

    private func lines(_ first: Int) -> [UInt8] {
        Array(repeating: UInt8(ascii: "a"), count: first) + Array("\nnext\n".utf8)
    }

    func testALineOfTheLongestLengthIsRead() throws {
        for socket in [false, true] {
            let (reader, writer) = try channel(socket: socket)
            write(lines(HelperProgram.maximumLineLength), to: writer)
            let read = socket ? HelperProgram.readLine(fromSocket: reader, until: deadline) : HelperProgram.readLine(from: reader, until: deadline)
            XCTAssertEqual(read?.utf8.count, HelperProgram.maximumLineLength, socket ? "socket" : "pipe")
        }
    }

    func testALongerLineIsRefused() throws {
        for socket in [false, true] {
            let (reader, writer) = try channel(socket: socket)
            write(lines(HelperProgram.maximumLineLength + 1), to: writer)
            let read = socket ? HelperProgram.readLine(fromSocket: reader, until: deadline) : HelperProgram.readLine(from: reader, until: deadline)
            XCTAssertNil(read.map(\.utf8.count), socket ? "socket" : "pipe")
        }
    }
}
