import Foundation
import TestSupport
import XCTest

/// What the `tessera` executable asks of the dynamic loader at every launch.
final class LaunchTests: XCTestCase {
    /// `tessera` is built into the same folder as this test bundle.
    private let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("tessera")

    /// libcurl and GStreamer (with their TLS, Kerberos, LDAP and codec dependencies) are opened on
    /// first use, after the window is up; linked, they would all be loaded and bound before `main`.
    func testLibcurlAndGStreamerAreNotLoadedAtLaunch() throws {
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw XCTSkip("tessera is not built beside the tests at \(binary.path)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ldd")
        process.arguments = [binary.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, output)
        // "\tlibgtk-3.so.0 => /lib/…/libgtk-3.so.0 (0x…)": the soname is the line's first word.
        let libraries = output.split(separator: "\n").compactMap { $0.split(whereSeparator: \.isWhitespace).first.map(String.init) }
        XCTAssertTrue(libraries.contains { $0.hasPrefix("libgtk-3.so") }, output)
        for name in ["libcurl", "libgstreamer", "libgstapp", "libgstvideo", "libssl", "libgssapi_krb5"] {
            XCTAssertFalse(libraries.contains { $0.hasPrefix(name) }, "\(name) is loaded at launch:\n\(output)")
        }
    }

    /// The built-in backend runs as its own process (`tessera-server`), so the app's executable
    /// carries none of its code: no fixture server, no Hummingbird, no SwiftNIO to load and bind
    /// at every launch.
    func testTheAppExecutableHoldsNoServerCode() throws {
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw XCTSkip("tessera is not built beside the tests at \(binary.path)")
        }
        let result = try runProgram("nm", [binary.path])
        XCTAssertEqual(result.status, 0, String(result.output.prefix(2000)))
        // Swift's mangled names carry their module's name with its length: "$s7tessera…".
        let symbols = result.output.split(separator: "\n")
        XCTAssertGreaterThan(symbols.filter { $0.contains("$s7tessera") }.count, 10, "nm read the app's own symbols")
        for module in ["FixtureServer", "Hummingbird", "HummingbirdCore", "NIOCore", "NIOPosix", "NIOHTTP1", "ServiceLifecycle"] {
            let mangled = "\(module.count)\(module)"
            let found = symbols.filter { $0.contains("$s\(mangled)") }
            XCTAssertTrue(found.isEmpty, "\(module) is linked into tessera: \(found.prefix(3).joined(separator: "; "))")
        }
    }
}
