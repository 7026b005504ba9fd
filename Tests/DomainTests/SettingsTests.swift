import Domain
import Foundation
import XCTest

final class SettingsTests: XCTestCase {
    func testSectionsAreInSidebarOrderWithTheirShortcutNumbers() {
        XCTAssertEqual(Section.allCases.map(\.title), ["Gallery", "Feed", "People", "Messages", "Facts"])
        XCTAssertEqual(Section.allCases.map(\.number), [1, 2, 3, 4, 5])
    }

    func testAppearanceDecidesTheDarkVariant() {
        XCTAssertTrue(Appearance.system.prefersDark(desktopPrefersDark: true))
        XCTAssertFalse(Appearance.system.prefersDark(desktopPrefersDark: false))
        XCTAssertFalse(Appearance.light.prefersDark(desktopPrefersDark: true))
        XCTAssertTrue(Appearance.dark.prefersDark(desktopPrefersDark: false))
    }

    func testTheWindowSizeIsRememberedOnlyWhenTheUserChoseIt() {
        let before = AppSettings(windowWidth: 900, windowHeight: 700, isMaximized: false, lastSection: .gallery, appearance: .system)
        let normal = before.remembering(window: .normal, size: (1000, 800))
        XCTAssertEqual([normal.windowWidth, normal.windowHeight], [1000, 800])
        for placement: AppSettings.WindowPlacement in [.tiled, .fullscreen, .maximized] {
            let kept = before.remembering(window: placement, size: (700, 1050))
            XCTAssertEqual([kept.windowWidth, kept.windowHeight], [900, 700], "\(placement): the size from before")
            XCTAssertEqual(kept.isMaximized, placement == .maximized)
        }
        XCTAssertFalse(before.remembering(window: .maximized, size: (1, 1)).remembering(window: .normal, size: (950, 720)).isMaximized)
    }

    func testSettingsRoundTrip() throws {
        var settings = AppSettings(windowWidth: 900, windowHeight: 700, isMaximized: true,
                                   lastSection: .messages, appearance: .dark)
        settings.openDetails = ["people": "4", "messages": "server 12"]
        settings.listPlaces = ["feed": ListPlace(key: "347", index: 20, offset: -6.5)]
        settings.searches = ["facts": "cat"]
        settings.restoresPlace = false
        let decoded = try JSONDecoder().decode(AppSettings.self, from: JSONEncoder().encode(settings))
        XCTAssertEqual(decoded, settings)
    }

    func testUnknownOrMissingFieldsTakeDefaults() throws {
        let json = #"{"windowWidth": 800, "lastSection": "nonsense", "appearance": "dark", "extra": 1}"#
        let decoded = try JSONDecoder().decode(AppSettings.self, from: Data(json.utf8))
        XCTAssertEqual(decoded.windowWidth, 800)
        XCTAssertEqual(decoded.windowHeight, AppSettings.defaults.windowHeight)
        XCTAssertEqual(decoded.lastSection, AppSettings.defaults.lastSection)
        XCTAssertEqual(decoded.appearance, .dark)
        XCTAssertEqual(decoded.openDetails, [:])
        let odd = #"{"openDetails": ["not", "a", "map"]}"#
        XCTAssertEqual(try JSONDecoder().decode(AppSettings.self, from: Data(odd.utf8)).openDetails, [:])
    }

    func testAPlaceOfAnotherShapeIsDroppedAndItsNeighboursKept() throws {
        let json = #"""
            {"listPlaces": {"feed": {"key": "9", "index": 3, "offset": 12},
                            "facts": {"key": 4, "index": "x"},
                            "people": {"key": "2", "index": -5, "offset": 1e300},
                            "nowhere": {"key": "1", "index": 1, "offset": 1}},
             "searches": {"people": "ann", "nowhere": "x", "facts": 7}}
            """#
        let decoded = try JSONDecoder().decode(AppSettings.self, from: Data(json.utf8))
        XCTAssertEqual(decoded.listPlaces, ["feed": ListPlace(key: "9", index: 3, offset: 12),
                                            "people": ListPlace(key: "2", index: 0, offset: ListPlace.maximumOffset)])
        XCTAssertEqual(decoded.searches, ["people": "ann"], "only sections' searches, only texts")
        XCTAssertTrue(decoded.restoresPlace, "on unless switched off")
    }

    func testAFreshStartOrTheSwitchOffLeavesNothingOfThePlace() {
        var settings = AppSettings.defaults
        settings.lastSection = .facts
        settings.openDetails = ["people": "4"]
        settings.listPlaces = ["feed": ListPlace(key: "1", index: 0, offset: 0)]
        settings.searches = ["people": "ann"]
        settings.windowWidth = 900
        XCTAssertEqual(settings.placeToRestore(fresh: false), settings)
        let fresh = settings.placeToRestore(fresh: true)
        XCTAssertEqual(fresh.lastSection, .gallery)
        XCTAssertEqual(fresh.openDetails, [:])
        XCTAssertEqual(fresh.listPlaces, [:])
        XCTAssertEqual(fresh.searches, [:])
        XCTAssertEqual(fresh.windowWidth, 900, "the window keeps its size")
        settings.restoresPlace = false
        XCTAssertEqual(settings.placeToRestore(fresh: false).listPlaces, [:])
    }

    func testAbsurdWindowSizesAreClamped() throws {
        let json = #"{"windowWidth": -5, "windowHeight": 99999999}"#
        let decoded = try JSONDecoder().decode(AppSettings.self, from: Data(json.utf8))
        XCTAssertEqual(decoded.windowWidth, AppSettings.minimumSize.width)
        XCTAssertEqual(decoded.windowHeight, AppSettings.maximumSize.height)
    }

    func testTheDiskCapIsReadInMegabytesWithinItsRange() throws {
        func cap(_ json: String) throws -> Int {
            try JSONDecoder().decode(AppSettings.self, from: Data(json.utf8)).diskCacheMegabytes
        }
        XCTAssertEqual(try cap("{}"), 1000, "1 GB unless set")
        XCTAssertEqual(try cap(#"{"diskCacheMegabytes": 250}"#), 250)
        XCTAssertEqual(try cap(#"{"diskCacheMegabytes": 3}"#), 10, "a screenful of pictures at least")
        XCTAssertEqual(try cap(#"{"diskCacheMegabytes": "lots"}"#), 1000)
        var settings = AppSettings.defaults
        settings.diskCacheMegabytes = 2048
        XCTAssertEqual(try JSONDecoder().decode(AppSettings.self, from: JSONEncoder().encode(settings)).diskCacheMegabytes, 2048)
    }

    func testTheChatsPollAndNotificationsAreReadWithinTheirRange() throws {
        func read(_ json: String) throws -> AppSettings { try JSONDecoder().decode(AppSettings.self, from: Data(json.utf8)) }
        XCTAssertEqual(try read("{}").chatPollSeconds, 30)
        XCTAssertEqual(try read(#"{"chatPollSeconds": 1}"#).chatPollSeconds, 5, "no sooner than every 5 s")
        XCTAssertEqual(try read(#"{"chatPollSeconds": 90000}"#).chatPollSeconds, 3600)
        XCTAssertTrue(try read("{}").notifiesMessages)
        XCTAssertFalse(try read(#"{"notifiesMessages": false}"#).notifiesMessages)
    }

    /// The print dialog's choices come back as written; a damaged file's oversized ones are dropped, the rest kept.
    func testTheViewerChoicesAreReadBackAndADamagedFilesAreDropped() throws {
        func read(_ json: String) throws -> [String: String] { try JSONDecoder().decode(AppSettings.self, from: Data(json.utf8)).printSettings }
        XCTAssertEqual(try read("{}"), [:])
        XCTAssertEqual(try read(#"{"printSettings": {"printer": "Print to File", "n-copies": 2}}"#), ["printer": "Print to File"],
                       "a value of another shape is dropped, its neighbour kept")
        let long = String(repeating: "x", count: AppSettings.longestPrintSetting)
        XCTAssertEqual(try read(#"{"printSettings": {"printer": "Office", "output-uri": "\#(long)"}}"#), ["printer": "Office"])
        let many = (0...AppSettings.mostPrintSettings).map { #""key\#($0)": "value""# }.joined(separator: ",")
        XCTAssertEqual(try read(#"{"printSettings": {\#(many)}}"#), [:], "more than the dialog keeps: none")
    }

    func testTheSlideshowsPaceIsReadWithinItsRange() throws {
        func read(_ json: String) throws -> Int { try JSONDecoder().decode(AppSettings.self, from: Data(json.utf8)).slideshowSeconds }
        XCTAssertEqual(try read("{}"), 5)
        XCTAssertEqual(try read(#"{"slideshowSeconds": 1}"#), 1)
        XCTAssertEqual(try read(#"{"slideshowSeconds": 0}"#), 5, "a pace that never moves on is a damaged file's")
        XCTAssertEqual(try read(#"{"slideshowSeconds": 90000}"#), 5)
        XCTAssertEqual(try read(#"{"slideshowSeconds": "slow"}"#), 5)
    }

    /// Turned and flipped pictures are kept newest last, at most `PictureTurn.mostKept`; back to upright forgets one.
    func testTurnedPicturesAreKeptNewestLastAndADamagedFilesAreDropped() throws {
        func turn(_ quarterTurns: Int, mirrored: Bool = false) -> PictureOrientation {
            PictureOrientation(quarterTurns: quarterTurns, mirrored: mirrored)
        }
        var turns = PictureTurn.remembering("a", as: turn(1), in: [])
        turns = PictureTurn.remembering("b", as: turn(-1), in: turns)
        turns = PictureTurn.remembering("a", as: turn(2), in: turns)
        turns = PictureTurn.remembering("c", as: turn(0, mirrored: true), in: turns)
        XCTAssertEqual(turns, [PictureTurn(url: "b", orientation: turn(3)), PictureTurn(url: "a", orientation: turn(2)),
                               PictureTurn(url: "c", orientation: turn(0, mirrored: true))])
        XCTAssertEqual(PictureTurn.remembering("b", as: turn(4), in: turns),
                       [PictureTurn(url: "a", orientation: turn(2)), PictureTurn(url: "c", orientation: turn(0, mirrored: true))])
        let many = (0...PictureTurn.mostKept).reduce(into: [PictureTurn]()) { $0 = PictureTurn.remembering("\($1)", as: turn(1), in: $0) }
        XCTAssertEqual(many.count, PictureTurn.mostKept)
        XCTAssertEqual(many.first?.url, "1", "the oldest went")
        let read = try JSONDecoder().decode(AppSettings.self, from: Data(#"""
            {"pictureTurns": [{"url": "x", "quarterTurns": 1}, {"url": "y", "quarterTurns": 7}, {"url": 3}, {"url": "z", "quarterTurns": 3},
                              {"url": "m", "quarterTurns": 0, "mirrored": true}, {"url": "u", "quarterTurns": 0, "mirrored": false}]}
            """#.utf8)).pictureTurns
        XCTAssertEqual(read, [PictureTurn(url: "x", orientation: turn(1)), PictureTurn(url: "z", orientation: turn(3)),
                              PictureTurn(url: "m", orientation: turn(0, mirrored: true))], "files from before flipping read; upright dropped")
    }

    /// A flip after a turn is the turn back after the flip: each way of reaching an orientation is the same one.
    func testFlipsAndTurnsComposeAsThePictureShows() {
        let upright = PictureOrientation.upright
        XCTAssertEqual(upright.flippedHorizontally.flippedHorizontally, upright)
        XCTAssertEqual(upright.flippedVertically.flippedVertically, upright)
        XCTAssertEqual(upright.flippedHorizontally.flippedVertically, upright.turned(by: 2), "both flips are a half turn")
        XCTAssertEqual(upright.turned(by: 1).flippedHorizontally, PictureOrientation(quarterTurns: 3, mirrored: true))
        XCTAssertEqual(upright.turned(by: 1).flippedHorizontally.turned(by: 1), upright.flippedHorizontally)
        XCTAssertTrue(upright.turned(by: 3).swapsSides)
        XCTAssertFalse(upright.flippedVertically.swapsSides)
    }

    func testJSONThatIsNotAnObjectIsAnError() {
        XCTAssertThrowsError(try JSONDecoder().decode(AppSettings.self, from: Data("[1,2]".utf8)))
    }

    func testTheServicesAreReadAndWrittenWithTheRest() throws {
        let json = #"{"windowWidth": 1000, "services": {"facts": "http://facts.example/"}}"#
        let settings = try JSONDecoder().decode(AppSettings.self, from: Data(json.utf8))
        XCTAssertEqual(settings.services, ["facts": "http://facts.example/"])
        XCTAssertEqual(settings.windowWidth, 1000)
        let again = try JSONDecoder().decode(AppSettings.self, from: JSONEncoder().encode(settings))
        XCTAssertEqual(again.services, settings.services, "kept when the app saves its settings")
        let older = try JSONDecoder().decode(AppSettings.self, from: Data(#"{"windowWidth": 1000}"#.utf8))
        XCTAssertEqual(older.services, [:])
        XCTAssertFalse(older.builtInForEverything)
    }

    func testTheBuiltInBackendForEverythingIsRemembered() throws {
        let json = #"{"builtInForEverything": true, "services": {"facts": "http://facts.example/"}}"#
        let settings = try JSONDecoder().decode(AppSettings.self, from: Data(json.utf8))
        XCTAssertTrue(settings.builtInForEverything)
        let again = try JSONDecoder().decode(AppSettings.self, from: JSONEncoder().encode(settings))
        XCTAssertTrue(again.builtInForEverything)
        XCTAssertEqual(again.services, ["facts": "http://facts.example/"])
    }
}
