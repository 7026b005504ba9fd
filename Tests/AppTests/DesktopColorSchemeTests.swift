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
        // The settings portal: it answers Read with the first scheme, then announces the others.
        let portal = try BusStandIn(script: "portal-stand-in.py", address: bus.address, arguments: ["1", "2", "0"])
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
