@testable import App
import Foundation
import Gtk
import Persistence
import SimulatedInput
import TestSupport
import XCTest

/// Set as Background in the viewer's menu, opened from the gallery in the main window: GNOME's background
/// settings name a copy of the picture's exact bytes kept in the data folder, for the light and the dark style;
/// a second picture's copy replaces the first's. In a process of its own with GSettings' keyfile backend in a
/// home of its own, as `gsettings` would read it.
final class ViewerBackgroundTests: AppTestCase {
    func testSetAsBackgroundNamesAKeptCopyInGNOMEsSettingsAndKeepsOnlyTheLatest() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-background-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        try inOwnProcess(environment: ["GSETTINGS_BACKEND": "keyfile", "XDG_CONFIG_HOME": home.path]) {
            try setTwoBackgrounds()
        }
    }

    private func setTwoBackgrounds() throws {
        let pictures = ["quarters.png", "metadata.jpg"].map { TestServer.picturesDirectory.appendingPathComponent($0) }
        let data = try serverData(media: ["quarters.png": pictures[0], "metadata.jpg": pictures[1]])
        let folder = AppPaths(root: dataDirectory).data.appendingPathComponent("backgrounds")
        let keyfile = URL(fileURLWithPath: ProcessInfo.processInfo.environment["XDG_CONFIG_HOME"]!)
            .appendingPathComponent("glib-2.0/settings/keyfile")
        try onMain {
            let server = try startServer { $0.dataDirectory = data }
            defer { stop(server) }
            let urls = ["images/quarters.png", "images/metadata.jpg"].map { server.base.appendingPathComponent($0) }
            let (main, _, viewer) = try launchViewingGallery(urls, backend: server.base)
            defer { main.window.destroy() }
            var previous: URL?
            for (index, picture) in pictures.enumerated() {
                waitForServer("picture \(index + 1)", timeout: .seconds(20)) { viewer.index == index && viewer.image.viewport != nil }
                XCTAssertTrue(viewer.controls.menu.activateItem("Set as Background"))
                var kept: URL?
                waitFor("the background set to a copy of picture \(index + 1)", timeout: .seconds(10)) {
                    let settings = (try? String(contentsOf: keyfile, encoding: .utf8)) ?? ""
                    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
                    guard names.count == 1, let name = names.first, folder.appendingPathComponent(name) != previous else { return false }
                    kept = folder.appendingPathComponent(name)
                    return settings.contains("picture-uri='\(kept!.absoluteString)'") && settings.contains("picture-uri-dark='\(kept!.absoluteString)'")
                }
                XCTAssertEqual(try Data(contentsOf: try XCTUnwrap(kept)), try Data(contentsOf: picture), "the exact bytes")
                XCTAssertEqual(kept?.pathExtension, picture.pathExtension)
                XCTAssertFalse(viewer.notice.isShown, "no failure said: \(viewer.notice.text ?? "")")
                previous = kept
                if index == 0 { XCTAssertTrue(InputSimulation.key("Right", on: main.window)) }
            }
            let settings = try String(contentsOf: keyfile, encoding: .utf8)
            XCTAssertTrue(settings.contains("[org/gnome/desktop/background]"), settings)
            XCTAssertTrue(settings.contains("picture-options='zoom'"), settings)
        }
    }
}
