import Foundation
import TestSupport
import XCTest

/// `tessera-automated`, the app driven for the benchmarks' reports: the real launch of `tessera`
/// in a process of its own, with what each report asks.
final class AutomatedLaunchTests: XCTestCase {
    /// Built into the same folder as this test bundle.
    private let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("tessera-automated")
    private var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["NO_AT_BRIDGE"] = "1"
        return environment
    }

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw XCTSkip("tessera-automated is not built beside the tests at \(binary.path)")
        }
    }

    private func temporaryFolder(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("tessera-\(name)-\(UUID().uuidString)")
    }

    /// settings.json's "Use the built-in backend for everything" (the Preferences switch) keeps its
    /// saved addresses unused from the start: the feed, saved at an address where nothing listens,
    /// shows the built-in backend's posts.
    func testTheSavedSwitchKeepsTheSavedServicesUnusedAtLaunch() throws {
        let folder = temporaryFolder("switch")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("config"), withIntermediateDirectories: true)
        try Data(#"{"builtInForEverything": true, "services": {"feed": "http://127.0.0.1:9/"}}"#.utf8)
            .write(to: folder.appendingPathComponent("config/settings.json"))
        let run = try runProgram(binary.path, ["--data-dir", folder.path, "--report-content-drawn", "feed"], environment: environment)
        XCTAssertEqual(run.status, 0, run.output)
        XCTAssertTrue(run.output.contains("content-drawn-ns "), run.output)
    }

    /// `--report-content-drawn` (the benchmarks' start-up measure) for every section: each tells
    /// when its items show in view, drawn whole.
    func testEverySectionReportsWhenItsContentIsDrawn() throws {
        for section in ["gallery", "feed", "people", "messages", "facts"] {
            let folder = temporaryFolder("drawn")
            defer { try? FileManager.default.removeItem(at: folder) }
            let run = try runProgram(binary.path, ["--data-dir", folder.path, "--report-content-drawn", section], environment: environment)
            XCTAssertEqual(run.status, 0, "\(section): \(run.output)")
            XCTAssertTrue(run.output.contains("content-drawn-ns "), "\(section): \(run.output)")
        }
    }

    /// `--report-first-frame` (the start-up benchmark's): the chrome's frame, then the section's
    /// page, then its content in view, in that order.
    func testTheFirstFrameReportGoesOnToTheSectionsContent() throws {
        let folder = temporaryFolder("first")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try runProgram(binary.path, ["--data-dir", folder.path, "--report-first-frame"], environment: environment)
        XCTAssertEqual(run.status, 0, run.output)
        let times = ["first-frame-ns ", "page-drawn-ns ", "content-drawn-ns "].map { marker in
            run.output.split(separator: "\n").first { $0.hasPrefix(marker) }.flatMap { Int64($0.dropFirst(marker.count)) }
        }
        XCTAssertFalse(times.contains(nil), run.output)
        XCTAssertEqual(times.compactMap { $0 }, times.compactMap { $0 }.sorted(), run.output)
    }

    /// Its own options are checked as the app's are, and the app's mistakes still come in words.
    func testMistakesAreSaidInWords() throws {
        let mistakes: [([String], String)] = [
            ([], "nothing to do: give --screenshot, or a --report option."),
            (["--report-content-drawn", "weather"], "No section is called “weather”; the sections are gallery, feed, people, messages, facts."),
            (["--screenshot"], "“--screenshot” needs a value."),
            (["--report-first-frame", "--nope"], "There is no option “--nope”."),
        ]
        for (arguments, message) in mistakes {
            let result = try runProgram(binary.path, arguments)
            XCTAssertEqual(result.status, 64, "\(arguments): \(result.output)")
            XCTAssertTrue(result.output.hasPrefix("tessera-automated: \(message)\nUsage: tessera-automated "),
                          "\(arguments):\n\(result.output)")
        }
    }
}
