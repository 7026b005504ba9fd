import Foundation
import XCTest

/// The desktop file and AppStream metainfo pass the freedesktop validators.
final class DesktopIntegrationTests: XCTestCase {
    private let dataFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("data")

    private func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    func testDesktopFileValidates() throws {
        let result = try run("desktop-file-validate", [dataFolder.appendingPathComponent("dev.tessera.Tessera.desktop").path])
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertEqual(result.output.trimmingCharacters(in: .whitespacesAndNewlines), "", "no warnings either")
    }

    func testMetainfoValidates() throws {
        let result = try run("appstreamcli", ["validate", "--no-net", dataFolder.appendingPathComponent("dev.tessera.Tessera.metainfo.xml").path])
        XCTAssertEqual(result.status, 0, result.output)
    }

    func testIconExistsAsSVGAndPNGSizes() {
        let icons = dataFolder.appendingPathComponent("icons/hicolor")
        XCTAssertTrue(FileManager.default.fileExists(atPath: icons.appendingPathComponent("scalable/apps/dev.tessera.Tessera.svg").path))
        for size in [16, 32, 48, 64, 128, 256, 512] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: icons.appendingPathComponent("\(size)x\(size)/apps/dev.tessera.Tessera.png").path), "\(size)")
        }
    }
}
