import Foundation
import TestSupport
import XCTest

/// What the `tessera` executable asks of the dynamic loader at every launch.
final class LaunchTests: XCTestCase {
    /// `tessera` is built into the same folder as this test bundle.
    private let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("tessera")

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw XCTSkip("tessera is not built beside the tests at \(binary.path)")
        }
    }

    /// libcurl and GStreamer (with their TLS, Kerberos, LDAP and codec dependencies) are opened on
    /// first use, after the window is up; linked, they would all be loaded and bound before `main`.
    func testLibcurlAndGStreamerAreNotLoadedAtLaunch() throws {
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
        try assertNotLinked(["FixtureServer", "Hummingbird", "HummingbirdCore", "NIOCore", "NIOPosix", "NIOHTTP1", "ServiceLifecycle"])
    }

    /// Pictures are decoded by the confined `tessera-decoder` helper: the decoders of untrusted
    /// bytes (PictureDecoding, with libwebp and Little CMS) are not in the app at all.
    func testTheAppExecutableHoldsNoPictureDecoder() throws {
        try assertNotLinked(["PictureDecoding"])
        let libraries = try runProgram("/usr/bin/ldd", [binary.path])
        for name in ["libwebp", "liblcms2", "libheif", "libtiff"] {
            XCTAssertFalse(libraries.output.contains(name), "\(name) is linked into tessera:\n\(libraries.output)")
        }
    }

    /// Simulated input (XTest, through GDK's test functions) is for UI tests: the app a person
    /// runs cannot inject keys or clicks, whatever its command line.
    func testTheAppExecutableHoldsNoInputSimulation() throws {
        try assertNotLinked(["SimulatedInput"])
        try assertNotLinked(["SimulatedInput"], into: "tessera-automated", own: "tessera_automated")
        let symbols = try runProgram("nm", [binary.path])
        XCTAssertFalse(symbols.output.contains("InputSimulation"), "InputSimulation is linked into tessera")
        XCTAssertFalse(symbols.output.contains("gdk_test_simulate"), "tessera calls GDK's input simulation")
        let libraries = try runProgram("/usr/bin/ldd", [binary.path])
        XCTAssertFalse(libraries.output.contains("libXtst"), "libXtst is linked into tessera:\n\(libraries.output)")
    }

    /// Screenshots and the benchmarks' reports are `tessera-automated`'s: none of their code is in
    /// the app a person runs.
    func testTheAppExecutableHoldsNoAutomation() throws {
        try assertNotLinked(["tessera_automated"])
        let symbols = try runProgram("nm", [binary.path])
        for name in ["ScreenshotRunner", "FrameReport", "Automation"] {
            XCTAssertFalse(symbols.output.contains(name), "\(name) is linked into tessera")
        }
    }

    /// How a helper confines itself (`Confinement`, over `CSandbox` and libseccomp) is the
    /// helpers' own: the app neither links it nor loads libseccomp at launch.
    func testTheAppExecutableHoldsNoConfinementSteps() throws {
        try assertNotLinked(["Confinement"])
        let symbols = try runProgram("nm", [binary.path])
        XCTAssertFalse(symbols.output.contains("tessera_sandbox_"), "CSandbox is linked into tessera")
        let libraries = try runProgram("/usr/bin/ldd", [binary.path])
        XCTAssertFalse(libraries.output.contains("libseccomp"), "libseccomp is linked into tessera:\n\(libraries.output)")
    }

    /// The command line is read without swift-argument-parser, whose reflection over the declared
    /// options cost millions of instructions at every launch.
    func testTheAppExecutableReadsItsCommandLineWithoutArgumentParser() throws {
        try assertNotLinked(["ArgumentParser"])
    }

    /// Fails when `program` (built beside the tests) holds code of any of `modules`, and unless it
    /// holds code of `own`, which shows that nm read its Swift symbols.
    private func assertNotLinked(_ modules: [String], into program: String = "tessera", own: String = "App",
                                 file: StaticString = #filePath, line: UInt = #line) throws {
        let path = binary.deletingLastPathComponent().appendingPathComponent(program).path
        let result = try runProgram("nm", [path])
        XCTAssertEqual(result.status, 0, String(result.output.prefix(2000)), file: file, line: line)
        // Swift's mangled names carry their module's name with its length: "$s7tessera…".
        let symbols = result.output.split(separator: "\n")
        XCTAssertGreaterThan(symbols.filter { $0.contains("$s\(own.count)\(own)") }.count, 10, "nm read \(program)'s own symbols",
                             file: file, line: line)
        for module in modules {
            let found = symbols.filter { $0.contains("$s\(module.count)\(module)") }
            XCTAssertTrue(found.isEmpty, "\(module) is linked into \(program): \(found.prefix(3).joined(separator: "; "))", file: file, line: line)
        }
    }

    /// Each helper is its wire (`HelperWire`), its own decoding code and its confinement: nothing
    /// of the app's side (its pipeline, network, or clients of the helpers) is linked into one, and
    /// the app links no helper's decoding code.
    func testTheHelpersLinkNothingOfTheAppsSideAndTheAppNoneOfTheirDecoders() throws {
        let appSide = ["ImagePipeline", "Networking", "HelperClients", "Video", "App", "Features", "Gtk"]
        try assertNotLinked(appSide + ["ClipDecoding"], into: "tessera-decoder", own: "PictureDecoding")
        try assertNotLinked(appSide + ["PictureDecoding"], into: "tessera-poster", own: "ClipDecoding")
        try assertNotLinked(appSide + ["PictureDecoding"], into: "tessera-player", own: "ClipDecoding")
        for helper in ["tessera-decoder", "tessera-poster", "tessera-player"] {
            try assertNotLinked([], into: helper, own: "HelperWire")
        }
        try assertNotLinked(["PictureDecoding", "ClipDecoding"])
    }

    /// The helpers speak FoundationEssentials only: Foundation itself, and through it ICU's 40 MB
    /// of data, is in none of them (each carried its own copy, statically linked, when installed).
    func testTheHelpersCarryNoFoundationNorICU() throws {
        for helper in ["tessera-decoder", "tessera-poster", "tessera-player"] {
            try assertNotLinked(["Foundation", "FoundationInternationalization"], into: helper, own: "HelperWire")
            let path = binary.deletingLastPathComponent().appendingPathComponent(helper).path
            let needed = try runProgram("readelf", ["-d", path])
            XCTAssertEqual(needed.status, 0, String(needed.output.prefix(2000)))
            for library in ["libFoundation.so", "libFoundationInternationalization.so", "lib_FoundationICU.so"] {
                XCTAssertFalse(needed.output.contains("[\(library)]"), "\(helper) needs \(library)")
            }
        }
    }

    /// What the command line answers, in words, with the exit status a shell expects.
    func testTheCommandLineAnswersHelpVersionAndMistakesInWords() throws {
        let help = try runProgram(binary.path, ["--help"])
        XCTAssertEqual(help.status, 0, help.output)
        for option in ["--data-dir DIR", "--backend URL", "--service NAME=URL", "--view PICTURE", "--fresh", "--log-level LEVEL", "--version", "-h, --help"] {
            XCTAssertTrue(help.output.contains("\n  \(option) "), "\(option) missing from:\n\(help.output)")
        }
        XCTAssertFalse(help.output.contains("--screenshot"), "screenshots are tessera-automated's:\n\(help.output)")
        let version = try runProgram(binary.path, ["--version"])
        XCTAssertEqual(version.status, 0, version.output)
        XCTAssertTrue(version.output.hasPrefix("0."), version.output)
        let mistakes: [([String], String)] = [
            (["--nope"], "There is no option “--nope”."),
            (["--log-level=loud"], "“loud” is not a log level; the levels are trace, debug, info, notice, warning, error, critical."),
            (["--backend", "ftp://example.org/"], "“ftp://example.org/” is not an http or https address."),
            (["--data-dir"], "“--data-dir” needs a value."),
            (["--data-dir", "a", "--data-dir=b"], "“--data-dir” is given twice."),
            (["photos"], "Tessera takes no “photos”: only options."),
            (["--service", "weather=http://example.org/"],
             "“weather” is not a service; the services are feed, messages, facts, avatars, images."),
            (["--service", "facts"], "“facts” is not a service and its address, such as facts=https://example.org/."),
            (["--service=facts=ftp://example.org/"], "“ftp://example.org/” is not an http or https address."),
            (["--service", "facts=http://a.example/", "--service", "facts=http://b.example/"], "“--service facts” is given twice."),
            (["--view", "/no/such/picture.jpg"], "There is no file “/no/such/picture.jpg”."),
            (["--view", "/tmp"], "“/tmp” is a folder; “--view” opens a picture."),
            (["--view", "https:///picture.jpg"], "“https:///picture.jpg” names no server."),
            (["--fresh=yes"], "“--fresh” takes no value."),
            (["--report-first-frame"], "There is no option “--report-first-frame”."),
            (["--screenshot", "/tmp"], "There is no option “--screenshot”."),
        ]
        for (arguments, message) in mistakes {
            let result = try runProgram(binary.path, arguments)
            XCTAssertEqual(result.status, 64, "\(arguments): \(result.output)")
            XCTAssertTrue(result.output.hasPrefix("tessera: \(message)\nUsage: tessera "), "\(arguments):\n\(result.output)")
        }
    }

    /// In Russian, the help and the mistakes are in Russian.
    func testTheCommandLineSpeaksTheUsersLanguage() throws {
        let russian = ["LANGUAGE": "ru", "LC_ALL": "C.UTF-8"]
        let help = try runProgram("env", russian.map { "\($0.key)=\($0.value)" } + [binary.path, "--help"])
        XCTAssertEqual(help.status, 0, help.output)
        XCTAssertTrue(help.output.contains("Использование: tessera"), help.output)
        XCTAssertTrue(help.output.contains("  --data-dir DIR      Хранить все файлы приложения в этой папке."), help.output)
        let mistake = try runProgram("env", russian.map { "\($0.key)=\($0.value)" } + [binary.path, "--nope"])
        XCTAssertEqual(mistake.status, 64, mistake.output)
        XCTAssertTrue(mistake.output.hasPrefix("tessera: Параметра «--nope» нет.\n"), mistake.output)
    }
}
