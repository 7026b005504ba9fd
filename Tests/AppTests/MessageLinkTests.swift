@testable import App
import Domain
import FixtureServer
import Foundation
import Gtk
import SimulatedInput
import TestSupport
import XCTest

/// A message's links with the keyboard, opened by the desktop's browser (a stand-in GIO takes as
/// the default, `BrowserStandIn`): Tab reaches each link of a focused message, Enter opens it; a
/// javascript: address is no link; a link whose text is not the address it opens asks first,
/// showing the whole address, from the keyboard and from the message's menu.
final class MessageLinkTests: ServerBackedTestCase {
    static let linked = "Notes at https://example.org/notes_(draft). Write to mailto:team@example.org, not javascript:alert(1)"
    /// Cyrillic letters in its host and path, which the address it opens escapes.
    static let lookalike = "Sign in at https://exаmple.org/вход now"

    override class var serverConfiguration: @Sendable (inout FixtureServer.Configuration) -> Void {
        { $0.messageTexts = [2: MessageLinkTests.linked, 3: MessageLinkTests.lookalike] }
    }

    override func setUpWithError() throws {
        try super.setUpWithError()
        BrowserStandIn.clear()
    }

    @MainActor
    private func row(_ number: Int, of page: MessagesPage) throws -> MessageRow {
        waitForServer("the first page", timeout: .seconds(10)) { page.rows.contains { $0.message.origin == .server(number: number) } }
        return try XCTUnwrap(page.rows.first { $0.message.origin == .server(number: number) })
    }

    func testTabReachesEachLinkAndEnterOpensItInTheDesktopsBrowser() throws {
        try onMain {
            let (app, page) = try openChat()
            defer { app.mainWindow?.window.destroy() }
            let row = try row(2, of: page)
            row.view.grabFocus()
            waitFor("the message focused") { row.view.isFocusWidget }

            XCTAssertTrue(InputSimulation.key("Tab", on: row.view))
            waitFor("its first link focused") { row.textLabel.isFocusWidget && row.textLabel.currentLinkAddress == "https://example.org/notes_(draft)" }
            XCTAssertTrue(InputSimulation.key("Return", on: row.textLabel))
            waitFor("the browser given the address", timeout: .seconds(10)) { BrowserStandIn.opened == ["https://example.org/notes_(draft)"] }

            XCTAssertTrue(InputSimulation.key("Tab", on: row.textLabel))
            waitFor("the mail address next") { row.textLabel.currentLinkAddress == "mailto:team@example.org" }
            XCTAssertTrue(InputSimulation.key("Return", on: row.textLabel))
            waitFor("the mail address given to its handler", timeout: .seconds(10)) { BrowserStandIn.opened.count == 2 }
            XCTAssertEqual(BrowserStandIn.opened.last, "mailto:team@example.org")

            // javascript: is text: the next Tab leaves the message.
            XCTAssertTrue(InputSimulation.key("Tab", on: row.textLabel))
            waitFor("the focus past the message's links") { !row.textLabel.isFocusWidget }
            XCTAssertEqual(BrowserStandIn.opened.count, 2, "nothing else opened")
        }
    }

    func testALinkWhoseTextIsNotItsAddressAsksShowingTheAddress() throws {
        try onMain {
            let (app, page) = try openChat()
            defer { app.mainWindow?.window.destroy() }
            let row = try row(3, of: page)
            XCTAssertEqual(row.textLabel.text, Self.lookalike, "the link shows as written")
            row.view.grabFocus()
            XCTAssertTrue(InputSimulation.key("Tab", on: row.view))
            waitFor("its link focused") { row.textLabel.isFocusWidget && row.textLabel.currentLinkAddress != nil }
            let address = try XCTUnwrap(row.textLabel.currentLinkAddress)
            XCTAssertNotEqual(address, "https://exаmple.org/вход")

            XCTAssertTrue(InputSimulation.key("Return", on: row.textLabel))
            waitFor("the question") { page.linkQuestion?.isMapped == true }
            XCTAssertEqual(page.linkQuestion?.text, "Open this address?")
            XCTAssertTrue(page.linkQuestion?.secondaryText.contains(address) == true, page.linkQuestion?.secondaryText ?? "")
            try click(Dialog.cancel, in: page.linkQuestion)
            waitFor("the question gone") { page.linkQuestion == nil }
            XCTAssertEqual(BrowserStandIn.opened, [], "nothing opened")

            row.textLabel.grabFocus()
            XCTAssertTrue(InputSimulation.key("Return", on: row.textLabel))
            waitFor("the question again") { page.linkQuestion?.isMapped == true }
            try click(1, in: page.linkQuestion)
            waitFor("the address the link opens given to the browser", timeout: .seconds(10)) { BrowserStandIn.opened == [address] }

            // The message's menu asks the same.
            BrowserStandIn.clear()
            row.view.grabFocus()
            XCTAssertTrue(InputSimulation.key("Menu", on: row.view))
            waitFor("the menu") { page.contextMenu?.isMapped == true }
            XCTAssertTrue(page.contextMenu?.activateItem("Open Link") == true)
            waitFor("the same question from the menu") { page.linkQuestion?.isMapped == true }
            try click(Dialog.cancel, in: page.linkQuestion)
            waitFor("the question gone again") { page.linkQuestion == nil }
            XCTAssertEqual(BrowserStandIn.opened, [], "nothing opened")
        }
    }
}
