@testable import App
import Domain
import Foundation
import Gtk
import TestSupport
import XCTest
import SimulatedInput

/// Preferences' "Save data" against a real server: with it on, the feed fetches the pictures in
/// view and nothing ahead of them, and a video's clip only when it is played, and the pipeline
/// downloads a picture as far as it shows (`ProgressivePassesTests`); Preferences says what each
/// section downloaded this session.
final class DataSavingTests: AppTestCase {
    func testSavingDataFetchesOnlyWhatIsInViewAndClipsWhenPlayedAndPreferencesCountsEachSection() throws {
        try onMain {
            let server = try startServer { $0.feedPosts = 95 }
            defer { stop(server) }
            let app = try launch(backend: server.base, section: .gallery)
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            main.window.resize(width: 900, height: 640)

            // "Save data" switched on with the keyboard, as a person does, then the window closed.
            let main0 = main.window
            XCTAssertTrue(InputSimulation.key("comma", modifiers: .control, on: main0))
            waitFor("the Preferences window") { app.preferencesWindow?.window.isMapped == true }
            let preferences = try XCTUnwrap(app.preferencesWindow)
            let saves = preferences.data.savesDataSwitch
            XCTAssertFalse(saves.isOn)
            saves.grabFocus()
            waitFor("the switch focused") { saves.hasFocus }
            XCTAssertTrue(InputSimulation.key("space", on: saves))
            waitFor("saving data") { app.services.dataSaving.isSaving }
            XCTAssertTrue(app.store.load().savesData, "remembered")
            XCTAssertTrue(app.services.images.savesData, "pictures downloaded as far as they show")
            XCTAssertTrue(InputSimulation.key("Escape", on: preferences.window))
            waitFor("Preferences closed") { app.preferencesWindow == nil }

            // The feed: a cell for each post in view and none ahead; the pictures in view come,
            // the videos show their placeholder, and no clip was asked for.
            XCTAssertTrue(InputSimulation.key("2", modifiers: .control, on: main.window))
            let page = try XCTUnwrap(main.coordinator(for: .feed).pages.first as? FeedPage)
            waitFor("the first page", timeout: .seconds(10)) { page.tiles.count >= 6 && page.model.state.paging != .loading }
            // Shown whole: the videos' placeholders are what they show (the screenshot mode and
            // the benchmarks waited for them for ever).
            waitForServer("the first screen shown whole", timeout: .seconds(15)) { page.showsContentInView && page.grid.isLoaded }
            XCTAssertEqual(Set(page.tiles.map(\.post.id)), Set(page.grid.cellsInView.map(\.post.id)), "no tile ahead of the view")
            let videos = page.tiles.filter { $0.post.kind == .video }
            XCTAssertFalse(videos.isEmpty, "the fixture's feed has videos in view")
            XCTAssertTrue(videos.allSatisfy { !$0.showsPoster })
            let clipPaths = Set(videos.map(\.post.url.path))
            XCTAssertTrue(server.requestedPaths.allSatisfy { !clipPaths.contains($0) }, "a clip was downloaded for its poster")
            let picturesAsked = server.requestedPaths.filter { $0.hasPrefix("/images/") }.count
            XCTAssertGreaterThan(picturesAsked, 0, server.requestedPaths.joined(separator: " "))
            XCTAssertLessThanOrEqual(picturesAsked, page.grid.cellsInView.count, "only the pictures in view")

            // A video played downloads its clip.
            let video = try XCTUnwrap(videos.first)
            XCTAssertTrue(InputSimulation.click(video.view, in: main.window))
            let coordinator = main.coordinator(for: .feed)
            waitFor("the viewer") { coordinator.depth == 2 }
            waitForServer("the clip asked for", timeout: .seconds(10)) { server.requestedPaths.contains(video.post.url.path) }
            XCTAssertTrue(InputSimulation.key("Escape", on: main.window))
            waitFor("back at the grid") { coordinator.depth == 1 }

            // Preferences counts what each section downloaded: the feed's pages and pictures,
            // nothing for the chat, never opened.
            XCTAssertTrue(InputSimulation.key("comma", modifiers: .control, on: main.window))
            waitFor("the Preferences window again") { app.preferencesWindow?.window.isMapped == true }
            let again = try XCTUnwrap(app.preferencesWindow)
            let nothing = "0 bytes"
            let feed = try XCTUnwrap(again.data.amounts[.feed])
            XCTAssertNotEqual(feed.text, nothing, "the feed downloaded its pages and pictures")
            XCTAssertEqual(again.data.amounts[.messages]?.text, nothing)
            XCTAssertTrue(feed.accessibleName.hasPrefix("Feed: "), feed.accessibleName)
            let downloaded = app.services.makers.downloadedThisSession()
            XCTAssertGreaterThan(downloaded[Section.feed.rawValue] ?? 0, 0)
            XCTAssertTrue(again.data.savesDataSwitch.isOn)

            // Switched off: tiles ahead of the view are made again, the videos' posters come.
            again.data.savesDataSwitch.grabFocus()
            waitFor("the switch focused") { again.data.savesDataSwitch.hasFocus }
            XCTAssertTrue(InputSimulation.key("space", on: again.data.savesDataSwitch))
            waitFor("not saving data") { !app.services.dataSaving.isSaving }
            XCTAssertFalse(app.services.images.savesData, "pictures downloaded whole")
            XCTAssertTrue(InputSimulation.key("Escape", on: again.window))
            waitFor("tiles ahead of the view", timeout: .seconds(5)) { page.tiles.count > page.grid.cellsInView.count }
            waitForServer("the posters", timeout: .seconds(15)) {
                page.grid.cellsInView.filter { $0.post.kind == .video }.allSatisfy(\.showsPoster)
            }
        }
    }
}
