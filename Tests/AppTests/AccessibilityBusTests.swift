import Foundation
import Gtk
import TestSupport
import XCTest

/// Starts the real `tessera` binary in a private D-Bus session and reads it over AT-SPI with
/// pyatspi, the way Orca does (atspi-probe.py beside this file).
final class AccessibilityBusTests: XCTestCase {
    /// `tessera` is built into the same folder as this test bundle.
    private let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("tessera")

    /// Runs the probe on the app. With `ownBackend`, the app's backend is a fixture server of the
    /// test's own on a free port (TESSERA_BACKEND), never the built-in server's fixed one, which
    /// another program may hold; the tests of the built-in server itself pass false.
    private func probe(_ extra: [String] = [], binary given: URL? = nil, ownBackend: Bool = true,
                       environment: [String: String] = [:]) throws -> (status: Int32, output: String) {
        let binary = given ?? self.binary
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw XCTSkip("tessera is not built beside the tests at \(binary.path)")
        }
        var environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        var server: TestServer?
        if ownBackend {
            server = try TestServer.start { condition in waitTurningTheRunLoop(seconds: 10, for: condition) }
            environment["TESSERA_BACKEND"] = server?.base.absoluteString
        }
        defer { server?.stop { condition in waitTurningTheRunLoop(seconds: 5, for: condition) } }
        return try ScreenReaderProbe.run(binary, extra, environment: environment)
    }

    /// With every section opened and showing its items, then left alone, the app sleeps: no
    /// transfer loop polls, no tick callback or timer runs for nothing. What still wakes is
    /// libdispatch's worker-pool monitor, once a second in any Swift program that used a GCD
    /// worker thread (measured: a 20 s idle window gave 20 wakeups on that thread, a few on the
    /// main thread); before the idle work the app woke 2.2 to 4.2 times a second.
    func testLeftAloneWithEverySectionLoadedTheAppSleeps() throws {
        let seconds = 20
        let result = try probe(["--idle", String(seconds)])
        XCTAssertEqual(result.status, 0, result.output)
        let line = try XCTUnwrap(result.output.split(separator: "\n").first { $0.hasPrefix("wakeups per second: ") }, result.output)
        let perSecond = try XCTUnwrap(Double(line.dropFirst("wakeups per second: ".count)), result.output)
        XCTAssertLessThanOrEqual(perSecond, 1.5, "the app's threads woke too often while idle:\n\(result.output)")
    }

    /// Every node of every screen, a message's links and the viewer included, says where it is on
    /// screen when asked (as Orca's review and the magnifier ask), and GTK logs no critical for it.
    func testEveryNodeOfEveryScreenTellsWhereItIsWithoutACritical() throws {
        let result = try probe(["--every-extent", "see https://example.org/a and https://example.org/b"])
        XCTAssertEqual(result.status, 0, result.output)
        let lines = result.output.split(separator: "\n").map(String.init)
        let asked = try XCTUnwrap(lines.first { $0.hasPrefix("nodes asked: ") }.flatMap { Int($0.dropFirst("nodes asked: ".count)) }, result.output)
        XCTAssertGreaterThan(asked, 200, "every screen's nodes were asked")
        XCTAssertTrue(lines.contains("criticals: 0"), result.output)
        let links = lines.filter { $0.hasPrefix("link in ") }
        XCTAssertGreaterThanOrEqual(links.filter { $0.contains("see https://example.org/a") }.count, 2, "the message's two links:\n\(result.output)")
        XCTAssertTrue(links.allSatisfy { $0.hasSuffix(", inside its label") }, "each link is where its text is:\n\(links.joined(separator: "\n"))")
    }

    /// Installed into a prefix by meson (`make install PREFIX=…` runs the same), the app runs from
    /// there with nothing of the source tree: its helpers from libexec, the built-in backend's
    /// pictures, its catalogues, GNOME Shell's search through its installed D-Bus service;
    /// `meson test` validates the desktop file and metainfo, and uninstalling removes every file.
    func testInstalledIntoAPrefixTheAppRunsFromThereInBothLanguages() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/meson") else {
            throw XCTSkip("meson is not installed (.ci/install-deps.sh installs it)")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-install-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let install = try MesonInstall.install(under: folder)
        let files = install.installedFiles
        for expected in ["bin/tessera", "libexec/tessera/tessera-server", "libexec/tessera/tessera-poster", "libexec/tessera/tessera-player",
                         "libexec/tessera/tessera-decoder", "share/tessera/tessera.css", "share/tessera/media/ladybird-2560x1600.jpg",
                         "share/tessera/avatars/01.png", "share/tessera/facts/beaver.jpg", "share/applications/dev.tessera.Tessera.desktop",
                         "share/metainfo/dev.tessera.Tessera.metainfo.xml", "share/locale/ru/LC_MESSAGES/tessera.mo",
                         "share/icons/hicolor/scalable/apps/dev.tessera.Tessera.svg",
                         "share/gnome-shell/search-providers/dev.tessera.Tessera.search-provider.ini",
                         "share/dbus-1/services/dev.tessera.Tessera.service"] {
            XCTAssertTrue(files.contains(expected), "\(expected) not installed:\n\(files.prefix(40).joined(separator: "\n"))")
        }
        // Installed stripped: no symbol table, smaller than what was built; the app and its
        // helpers run from there below.
        for (installedPath, product) in [("bin/tessera", "tessera"), ("libexec/tessera/tessera-decoder", "tessera-decoder"),
                                         ("libexec/tessera/tessera-player", "tessera-player")] {
            let path = install.prefix.appendingPathComponent(installedPath).path
            let symbols = try runProgram("nm", [path])
            XCTAssertTrue(symbols.output.contains("no symbols"), "\(installedPath) keeps its symbols")
            let size = { (path: String) in (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0 }
            XCTAssertLessThan(size(path), size(MesonInstall.products.appendingPathComponent(product).path), "\(installedPath) stripped")
        }
        let tests = try install.run(["test"])
        XCTAssertEqual(tests.status, 0, tests.output)
        let installed = install.prefix.appendingPathComponent("bin/tessera")

        let english = try probe(binary: installed, ownBackend: false)
        XCTAssertEqual(english.status, 0, english.output)
        ScreenReaderProbe.assertFrameAndSections(in: english.output)
        let russian = try probe(["--russian", "3"], binary: installed, ownBackend: false)
        XCTAssertEqual(russian.status, 0, russian.output)
        XCTAssertTrue(russian.output.contains("list item: Галерея\n"), russian.output)

        // The gallery's first picture, served by the installed backend and decoded by the
        // installed helper: the big first tile shows a photograph, not a flat placeholder.
        // Screenshots are `tessera-automated`'s, put beside the installed app to find its helpers.
        let automated = install.prefix.appendingPathComponent("bin/tessera-automated")
        try FileManager.default.copyItem(at: binary.deletingLastPathComponent().appendingPathComponent("tessera-automated"), to: automated)
        let shots = folder.appendingPathComponent("shots")
        let screenshot = try runProgram(automated.path, ["--data-dir", folder.appendingPathComponent("data").path, "--screenshot", shots.path])
        try FileManager.default.removeItem(at: automated)
        XCTAssertEqual(screenshot.status, 0, screenshot.output)
        let gallery = try XCTUnwrap(Snapshot(pngAt: shots.appendingPathComponent("gallery-dark.png")))
        var colours = Set<UInt32>()
        for x in stride(from: 260, to: 740, by: 24) {
            for y in stride(from: 100, to: 600, by: 24) { colours.insert(gallery.pixel(x: x, y: y)) }
        }
        XCTAssertGreaterThan(colours.count, 100, "the first tile shows a picture (\(colours.count) colours)")

        // GNOME Shell's search through the installed D-Bus service: the bus starts the installed
        // app, which answers with the installed helpers' avatars.
        let service = try String(contentsOf: install.prefix.appendingPathComponent("share/dbus-1/services/dev.tessera.Tessera.service"), encoding: .utf8)
        XCTAssertTrue(service.contains("\nExec=\(installed.path) --gapplication-service\n"), service)
        Self.assertShellSearch(try shellSearch(dataFolder: folder.appendingPathComponent("search"), sharing: install.prefix.appendingPathComponent("share"),
                                               binary: installed))

        let uninstall = try runProgram("ninja", ["-C", install.buildFolder.path, "uninstall"])
        XCTAssertEqual(uninstall.status, 0, uninstall.output)
        XCTAssertEqual(install.installedFiles, [], "uninstalling leaves nothing behind")
    }

    /// Typing over People's list with real keys (xdotool), a row focused through AT-SPI as a
    /// screen reader user does: the rows a person and a screen reader meet are those whose names
    /// have what was typed; Escape shows as many as before.
    func testTypingOverPeopleSearchesWhatAScreenReaderReads() throws {
        let result = try probe(["--type-search", "people", "mar"])
        XCTAssertEqual(result.status, 0, result.output)
        let lines = result.output.split(separator: "\n").map(String.init)
        let shown = lines.filter { $0.hasPrefix("shown: ") }.map { String($0.dropFirst("shown: ".count).prefix { $0 != "," }) }
        XCTAssertEqual(shown, ["Marion", "Mark"], result.output)
        let before = lines.first { $0.hasPrefix("before: ") }
        XCTAssertEqual(lines.first { $0.hasPrefix("after escape: ") }?.dropFirst("after escape: ".count),
                       before?.dropFirst("before: ".count), result.output)
    }

    /// The same over Facts' cards: the cards shown are those with the word in their title or
    /// description, and a screen reader reads only them; Escape shows as many as before.
    func testTypingOverFactsSearchesWhatAScreenReaderReads() throws {
        let result = try probe(["--type-search", "facts", "beaver"])
        XCTAssertEqual(result.status, 0, result.output)
        let lines = result.output.split(separator: "\n").map(String.init)
        let shown = lines.filter { $0.hasPrefix("shown: ") }
        XCTAssertFalse(shown.isEmpty, result.output)
        for card in shown { XCTAssertTrue(card.lowercased().contains("beaver"), card) }
        let before = lines.first { $0.hasPrefix("before: ") }
        XCTAssertGreaterThan(Int(before?.dropFirst("before: ".count) ?? "") ?? 0, shown.count, result.output)
        XCTAssertEqual(lines.first { $0.hasPrefix("after escape: ") }?.dropFirst("after escape: ".count),
                       before?.dropFirst("before: ".count), result.output)
    }

    /// A draft typed into the chat's composer with real keys (xdotool) is in the database within
    /// a second, with nothing else done; the app killed with SIGKILL (nothing finished, nothing
    /// flushed) and started again has it in its composer, the caret at its end.
    func testADraftTypedIsThereAfterTheAppIsKilled() throws {
        let text = "Half a thought then"
        let result = try probe(["--killed-draft", text])
        XCTAssertEqual(result.status, 0, result.output)
        let lines = result.output.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains("stored before the kill: \(text)"), result.output)
        XCTAssertTrue(lines.contains("killed: -9"), result.output)
        XCTAssertTrue(lines.contains("draft after the kill: \(text)"), result.output)
        XCTAssertTrue(lines.contains("caret: \(text.count)"), result.output)
    }

    /// GNOME Shell's search with Tessera not running: the session bus starts it from its D-Bus
    /// service file (`--gapplication-service`, as meson installs it) to answer the Shell's
    /// `org.gnome.Shell.SearchProvider2` calls, without a window; the people whose names have
    /// what is typed come back, narrowed as more is typed, with their names; activating one opens
    /// the window on that person's editor; once the avatars are stored, the results carry them.
    func testTheShellsSearchStartsTesseraWithoutAWindowFindsPeopleAndOpensOne() throws {
        guard FileManager.default.isExecutableFile(atPath: binary.path) else { throw XCTSkip("tessera is not built beside the tests") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-shell-search-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let services = folder.appendingPathComponent("share/dbus-1/services")
        try FileManager.default.createDirectory(at: services, withIntermediateDirectories: true)
        try "[D-BUS Service]\nName=dev.tessera.Tessera\nExec=\(binary.path) --gapplication-service\n"
            .write(to: services.appendingPathComponent("dev.tessera.Tessera.service"), atomically: true, encoding: .utf8)
        let result = try shellSearch(dataFolder: folder, sharing: folder.appendingPathComponent("share"))
        Self.assertShellSearch(result)
    }

    /// Runs the probe's Shell search in a session whose bus finds services in `share` and whose
    /// apps keep their files in `dataFolder`'s XDG folders (the session's environment is what the
    /// bus starts them with).
    private func shellSearch(dataFolder: URL, sharing share: URL, binary given: URL? = nil) throws -> (status: Int32, output: String) {
        var environment = ["XDG_DATA_DIRS": share.path + ":/usr/local/share:/usr/share", "GTK_MODULES": "gail:atk-bridge"]
        for variable in ["XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"] {
            environment[variable] = dataFolder.appendingPathComponent(variable.lowercased()).path
        }
        var merged = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        merged["NO_AT_BRIDGE"] = nil
        return try ScreenReaderProbe.run(given ?? binary, ["--shell-search"], environment: merged)
    }

    /// What `shellSearch` printed, checked: "ma" finds Madison, Marion and Mark in the list's order,
    /// by name (the people's ids are their places in the seed: 9, 7, 5), "mar" narrows them to two, "zzz" finds no
    /// one, no window while answering, Marion's editor after activating her, Mark's avatar.
    static func assertShellSearch(_ result: (status: Int32, output: String), file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(result.status, 0, result.output, file: file, line: line)
        let lines = result.output.split(separator: "\n").map(String.init)
        func answer(_ name: String) -> String { lines.first { $0.hasPrefix(name + ": ") }.map { String($0.dropFirst(name.count + 2)) } ?? "" }
        XCTAssertEqual(answer("initial"), "(['9', '7', '5'],)", result.output, file: file, line: line)
        XCTAssertEqual(answer("subsearch"), "(['7', '5'],)", result.output, file: file, line: line)
        XCTAssertEqual(answer("nothing"), "(@as [],)", result.output, file: file, line: line)
        let metas = answer("metas")
        for (id, name) in [("5", "Mark"), ("7", "Marion"), ("9", "Madison")] {
            XCTAssertTrue(metas.contains("'id': <'\(id)'>, 'name': <'\(name)'>"), "\(name) in: \(metas)", file: file, line: line)
        }
        XCTAssertTrue(metas.contains("'icon': <('themed', <['avatar-default'"), "no avatar stored yet: the theme's: \(metas)", file: file, line: line)
        XCTAssertEqual(answer("windows while searching"), "[0]", result.output, file: file, line: line)
        XCTAssertEqual(answer("activate"), "()", result.output, file: file, line: line)
        XCTAssertEqual(answer("editor"), "Marion", result.output, file: file, line: line)
        XCTAssertEqual(answer("frames"), "['Tessera']", result.output, file: file, line: line)
        XCTAssertTrue(answer("metas with avatar").contains("'icon': <('bytes', <"), "Mark's avatar, decoded and sent as PNG: \(answer("metas with avatar").prefix(300))",
                      file: file, line: line)
    }

    func testScreenReaderSeesTheFrameAndTheFiveSections() throws {
        let result = try probe()
        XCTAssertEqual(result.status, 0, result.output)
        ScreenReaderProbe.assertFrameAndSections(in: result.output)
        XCTAssertTrue(result.output.split(separator: "\n").contains("toggle button: Main Menu"), result.output)
    }

    /// The chat as a screen reader meets it: the rows near the view, each named "Message n: text",
    /// the newest first at the bottom, and no name from a row far away or parked for reuse; the
    /// row focused is announced with the same name.
    func testScreenReaderReadsTheChatRowsNearTheViewAndTheFocusedOne() throws {
        let result = try probe(["--messages"])
        XCTAssertEqual(result.status, 0, result.output)
        let lines = result.output.split(separator: "\n").map(String.init)
        let numbers = lines.compactMap { line -> Int? in
            guard !line.hasPrefix("focused: "), let range = line.range(of: ": Message ") else { return nil }
            return Int(line[range.upperBound...].prefix { $0.isNumber })
        }
        XCTAssertTrue(numbers.contains(1), result.output)
        XCTAssertEqual(Set(numbers).count, numbers.count, "each message is read once:\n\(result.output)")
        // A probe that read no rows fails here, with what it read: `1...0` would end the whole run.
        let newestRead = try XCTUnwrap(numbers.max(), "no message rows were read:\n\(result.output)")
        XCTAssertEqual(Set(numbers), Set(1...max(1, newestRead)), "the rows in and near the view, none skipped:\n\(result.output)")
        XCTAssertLessThanOrEqual(numbers.count, 40, "rows for about three screens, not every loaded message:\n\(result.output)")
        XCTAssertTrue(lines.contains { $0.hasPrefix("focused: Message 1: ") }, result.output)
    }

    /// What the user saw stays with them, as a screen reader reads it: a run against the built-in
    /// backend, then a relaunch with the backend gone reads the same items, and the offline banner.
    func testARelaunchWithoutTheBackendReadsTheSavedItemsAndTheOfflineBanner() throws {
        for section in ["messages", "feed", "facts"] {
            let result = try probe(["--offline", section], ownBackend: false)
            XCTAssertEqual(result.status, 0, "\(section):\n\(result.output)")
            XCTAssertTrue(result.output.contains("banner: Offline. Showing what was saved at "), "\(section):\n\(result.output)")
        }
    }

    /// A wide window shows the list and its detail side by side, as AT-SPI reports their places on
    /// the screen: both inside the window, neither covering the other, the pane holding the detail.
    func testInAWideWindowTheListAndTheDetailPaneSitSideBySide() throws {
        for (section, detail) in [("people", "pane text: Name"), ("messages", "pane push button: Delete message")] {
            let result = try probe(["--panes", section])
            XCTAssertEqual(result.status, 0, "\(section):\n\(result.output)")
            func box(_ name: String) throws -> (x: Int, y: Int, width: Int, height: Int) {
                let line = try XCTUnwrap(result.output.split(separator: "\n").first { $0.hasPrefix("extents \(name): ") },
                                         "\(section): no extents for \(name):\n\(result.output)")
                let numbers = line.split(separator: " ").dropFirst(2).prefix(4).compactMap { Int($0) }
                XCTAssertEqual(numbers.count, 4, String(line))
                return (numbers[0], numbers[1], numbers[2], numbers[3])
            }
            let frame = try box("frame"), list = try box("list"), pane = try box("pane")
            for (name, part) in [("list", list), ("pane", pane)] {
                XCTAssertGreaterThan(part.width, 200, "\(section): the \(name) has room:\n\(result.output)")
                XCTAssertGreaterThan(part.height, 400, "\(section): the \(name) has room:\n\(result.output)")
                XCTAssertTrue(part.x >= frame.x && part.y >= frame.y && part.x + part.width <= frame.x + frame.width
                              && part.y + part.height <= frame.y + frame.height,
                              "\(section): the \(name) inside the window:\n\(result.output)")
            }
            XCTAssertLessThanOrEqual(list.x + list.width, pane.x, "\(section): the list ends before the pane starts:\n\(result.output)")
            XCTAssertTrue(result.output.split(separator: "\n").contains { $0 == detail }, "\(section): the detail in the pane:\n\(result.output)")
        }
    }

    /// A Russian user's session (LANGUAGE=ru): the sections, the menu button, the welcome dialog
    /// with its plural form, and the gallery grid's name with Russian's three plural forms, read
    /// as Orca reads them.
    func testUnderARussianLanguageTheWindowSpeaksRussian() throws {
        for (items, grid) in [(1, "Галерея, 1 элемент"), (3, "Галерея, 3 элемента"), (5, "Галерея, 5 элементов")] {
            let result = try probe(["--russian", String(items)])
            XCTAssertEqual(result.status, 0, result.output)
            let lines = result.output.split(separator: "\n").map(String.init)
            for section in ["Галерея", "Лента", "Люди", "Сообщения", "Факты"] {
                XCTAssertTrue(lines.contains("list item: \(section)"), "\(section) missing:\n\(result.output)")
            }
            XCTAssertTrue(lines.contains("toggle button: Главное меню"), result.output)
            XCTAssertTrue(lines.contains { $0.hasSuffix(": \(grid)") }, "\(grid) missing:\n\(result.output)")
            XCTAssertTrue(lines.contains { $0.hasSuffix(": Элемент 1 из \(items), 00000000-0000-4000-8000-000000000000") }, result.output)
            XCTAssertTrue(lines.contains { $0.hasSuffix(": Добавить элемент") }, result.output)
            // The welcome dialog after the first launch stored the people.
            XCTAssertTrue(lines.contains { $0.hasSuffix(": Добро пожаловать в Tessera") }, result.output)
            XCTAssertTrue(lines.contains { $0.hasSuffix(": Данные 20 человек теперь хранятся на этом компьютере. Аватары загружаются по одному, по мере того как строки появляются на экране.") }, result.output)
            XCTAssertTrue(lines.contains("push button: Начать"), result.output)
            XCTAssertFalse(lines.contains { $0.hasSuffix(": Gallery") || $0.hasSuffix(": Add item") }, "no English left:\n\(result.output)")
        }
    }

    /// Preferences as a screen reader's user meets it: opened from the primary menu, a wrong address
    /// said in words (and as the entry's description), no Apply: the address entered moves Facts
    /// to it at once (nothing listens there: Facts says it could not load, the built-in backend's cards
    /// gone), the address saved and shown again after a relaunch.
    func testPreferencesSetAnAddressThatFactsUsesAtOnceAndKeeps() throws {
        let address = "http://127.0.0.1:9/"
        let result = try probe(["--preferences", address], ownBackend: false)
        XCTAssertEqual(result.status, 0, result.output)
        let lines = result.output.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains("window: frame: Preferences"), result.output)
        XCTAssertTrue(lines.contains("problem: “example” is not a web address."), result.output)
        XCTAssertTrue(lines.contains("entry description: “example” is not a web address."), result.output)
        XCTAssertTrue(lines.contains("apply button: none"), result.output)
        XCTAssertTrue(lines.contains("facts: The facts could not be loaded"), result.output)
        XCTAssertTrue(lines.contains { $0.hasPrefix("saved: ") && $0.contains("\"facts\"") && $0.contains("127.0.0.1:9") }, result.output)
        XCTAssertTrue(lines.contains("facts address: \(address)"), result.output)
    }

    /// Without `tessera-server` beside it, the app says so above the sections, in words.
    func testWithoutItsServerTheWindowSaysTheBuiltInServerCouldNotStart() throws {
        let alone = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-alone-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: alone, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: alone) }
        let copy = alone.appendingPathComponent("tessera")
        try FileManager.default.copyItem(at: binary, to: copy)
        let result = try probe(["--read", "The built-in server could not start"], binary: copy, ownBackend: false,
                               environment: ["TESSERA_DATA": TestServer.dataDirectory.path])
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertTrue(result.output.contains("read: The built-in server could not start: tessera-server was not found beside the app. "),
                      result.output)
    }

    func testASecondLaunchPresentsTheRunningWindow() throws {
        let result = try probe(["--second-launch"], ownBackend: false)
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertTrue(result.output.contains("second launch handed over to the running instance"), result.output)
    }

    /// `tessera --view FILE` while Tessera runs: the running window shows the picture.
    func testASecondLaunchWithAPictureShowsItInTheRunningWindow() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-view-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let picture = folder.appendingPathComponent("Dune at noon.jpg")
        try FileManager.default.copyItem(at: TestServer.dataDirectory.appendingPathComponent("media/dune-1200x800.jpg"), to: picture)
        let result = try probe(["--second-launch", "--view", picture.path], ownBackend: false)
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertTrue(result.output.contains("the running instance shows Dune at noon.jpg"), result.output)
    }
}
