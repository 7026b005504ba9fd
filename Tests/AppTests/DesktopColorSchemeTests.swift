@testable import App
import Foundation
import Gtk
import XCTest

/// The desktop's colour-scheme preference as the settings portal gives it, on a private D-Bus
/// daemon standing in for the session bus.
final class DesktopColorSchemeTests: AppTestCase {
    /// The preference is read when the portal is reached, then followed as it changes: dark,
    /// light, then no preference.
    func testThePortalsPreferenceIsReadAndThenFollowed() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let portal = try PortalStandIn(address: bus.address, schemes: [1, 2, 0])
        defer { portal.stop() }
        try onMain {
            var heard: [Bool?] = []
            let scheme = DesktopColorScheme(bus: .address(bus.address)) { heard.append($0) }
            waitFor("the preference read, then changed twice (heard \(heard))") { heard.count >= 3 }
            XCTAssertEqual(heard, [true, false, nil])
            XCTAssertNil(scheme.prefersDark)
        }
    }
}

/// `portal-stand-in.py` on a bus: the settings portal, answering Read with the first scheme and
/// then announcing the others.
private final class PortalStandIn {
    private let process = Process()
    private let input = Pipe()

    init(address: String, schemes: [Int]) throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("portal-stand-in.py")
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [script.path, address] + schemes.map(String.init)
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = input
        try process.run()
        // It says "ready" once it owns the portal's name.
        guard output.text(until: "ready").contains("ready") else {
            stop()
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "the portal stand-in did not start"])
        }
    }

    func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
