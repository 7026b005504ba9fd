@testable import App
import Foundation
import Gtk
import XCTest

/// The built-in backend's avatars sit on discs of GNOME's palette: in dark a disc does not glare
/// beside the row, in light it stands apart from the white row.
final class PeopleAvatarLookTests: PeopleTestCase {
    func testAvatarDiscsNeitherGlareInDarkNorFadeIntoALightRow() throws {
        try onMain {
            let (app, page) = try openPeople(height: 500)
            defer { closeAndFinish(app) }
            let window = try XCTUnwrap(app.mainWindow?.window)
            waitForServer("the avatars in view", timeout: .seconds(10)) { page.isSettled }
            for appearance in ["light", "dark"] {
                app.application.activateAction("app.appearance::\(appearance)", in: nil)
                let shot = try screen(of: window)
                for row in page.rowsInView() where row.hasImage {
                    let avatar = row.avatar.widget
                    let origin = try XCTUnwrap(avatar.origin(in: window))
                    let size = avatar.allocation
                    // Inside the disc, above the animal (its drawing fills the middle two thirds).
                    let disc = Self.luminance(shot.pixel(x: origin.x + size.width / 2, y: origin.y + size.height / 10))
                    let beside = Self.luminance(shot.pixel(x: origin.x - 4, y: origin.y + size.height / 2))
                    let name = "\(row.person.name) in \(appearance)"
                    if appearance == "dark" {
                        XCTAssertLessThan(beside, 0.1, "\(name): the row is dark")
                        XCTAssertLessThanOrEqual(disc, 0.55, "\(name): the disc glares beside the row (luminance \(disc))")
                    } else {
                        XCTAssertGreaterThan(beside, 0.8, "\(name): the row is light")
                        XCTAssertGreaterThanOrEqual((beside + 0.05) / (disc + 0.05), 1.5, "\(name): the disc fades into the row")
                    }
                }
            }
            XCTAssertFalse(page.rowsInView().filter(\.hasImage).isEmpty, "avatars were looked at")
        }
    }

    /// A screen pixel's relative luminance (WCAG), 0 black to 1 white.
    private static func luminance(_ pixel: UInt32) -> Double {
        let linear = channels(pixel).map { value -> Double in
            let channel = value / 255
            return channel <= 0.03928 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    }
}
