import Foundation
import TestSupport
import XCTest

/// The desktop file and AppStream metainfo pass the freedesktop validators.
final class DesktopIntegrationTests: XCTestCase {
    private let dataFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("data")

    private func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        try runProgram(tool, arguments)
    }

    /// The desktop file and metainfo as the build merged them with the translations
    /// (.ci/build-locale.sh), beside the test program.
    private var merged: URL {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("share")
    }

    func testDesktopFileValidatesWithItsTranslations() throws {
        let file = merged.appendingPathComponent("applications/dev.tessera.Tessera.desktop")
        let result = try run("desktop-file-validate", [file.path])
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertEqual(result.output.trimmingCharacters(in: .whitespacesAndNewlines), "", "no warnings either")
        let text = try String(contentsOf: file, encoding: .utf8)
        XCTAssertTrue(text.contains("\nComment[ru]=Пять классических сценариев мобильных приложений в одном окне\n"), text)
        XCTAssertTrue(text.contains("\nComment=Five classic mobile app flows in one desktop window\n"), text)
    }

    func testMetainfoValidatesWithItsTranslations() throws {
        let file = merged.appendingPathComponent("metainfo/dev.tessera.Tessera.metainfo.xml")
        let result = try run("appstreamcli", ["validate", "--no-net", file.path])
        XCTAssertEqual(result.status, 0, result.output)
        let text = try String(contentsOf: file, encoding: .utf8)
        XCTAssertTrue(text.contains(#"<summary xml:lang="ru">Пять классических сценариев мобильных приложений в одном окне</summary>"#), text)
    }

    func testIconExistsAsSVGAndPNGSizes() {
        let icons = dataFolder.appendingPathComponent("icons/hicolor")
        XCTAssertTrue(FileManager.default.fileExists(atPath: icons.appendingPathComponent("scalable/apps/dev.tessera.Tessera.svg").path))
        for size in [16, 32, 48, 64, 128, 256, 512] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: icons.appendingPathComponent("\(size)x\(size)/apps/dev.tessera.Tessera.png").path), "\(size)")
        }
    }
}
