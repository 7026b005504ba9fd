import Foundation
import TestSupport
import XCTest

/// The chat's desktop notifications, heard by a stand-in for the desktop's notification server
/// on a private session bus (the app runs as its own process there, through atspi-probe.py).
final class ChatNotificationTests: XCTestCase {
    private let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tessera")

    /// A message that comes while the chat is in use is told to nobody; one that comes while
    /// Gallery shows is told with its sender and text; 50 more replace that notification with one
    /// count instead of 50; reading them at the chat's newest takes it back; one more, clicked,
    /// brings the chat at that message.
    func testNewMessagesAreToldOnceABurstWhileThePersonIsElsewhere() throws {
        guard FileManager.default.isExecutableFile(atPath: binary.path) else { throw XCTSkip("tessera is not built beside the tests") }
        let server = try TestServer.start({ $0.arrivalsOnRequest = true }) { condition in waitTurningTheRunLoop(seconds: 10, for: condition) }
        defer { server.stop { condition in waitTurningTheRunLoop(seconds: 5, for: condition) } }
        var environment = ProcessInfo.processInfo.environment
        environment["TESSERA_BACKEND"] = server.base.absoluteString
        let result = try ScreenReaderProbe.run(binary, ["--notifications"], environment: environment)
        XCTAssertEqual(result.status, 0, result.output)
        let lines = result.output.split(separator: "\n").map(String.init)
        let told = lines.filter { $0.hasPrefix("notify: ") }.map { $0.dropFirst("notify: ".count).split(separator: " ", maxSplits: 1) }
        guard told.count == 3 else { return XCTFail("three notifications, one per burst:\n\(result.output)") }
        XCTAssertEqual(told[0].first, "0", "a new notification")
        XCTAssertTrue(told[0].last?.hasSuffix("|A new message (2)") == true, "its text: \(told[0])")
        XCTAssertFalse(told[0].last?.hasPrefix("|") == true, "its sender as its title: \(told[0])")
        XCTAssertNotEqual(told[1].first, "0", "the same notification, replaced")
        XCTAssertTrue(told[1].last?.hasPrefix("51 new messages|") == true, "one count for the burst: \(told[1])")
        XCTAssertTrue(told[1].last?.hasSuffix(": A new message (52)") == true, "the newest's sender and text: \(told[1])")
        XCTAssertEqual(told[2].first, "0", "a new one after the last was taken back")
        let withdrawn = lines.firstIndex(of: "withdrawn"), last = lines.lastIndex { $0.hasPrefix("notify: ") }
        XCTAssertNotNil(withdrawn, result.output)
        XCTAssertLessThan(withdrawn ?? .max, last ?? 0, "taken back once read, before the next came")
        XCTAssertTrue(lines.contains { $0.hasPrefix("shown: ") && $0.hasSuffix("A new message (53)") }, result.output)
        XCTAssertTrue(lines.contains { $0.hasPrefix("section: Messages") }, result.output)
    }
}
