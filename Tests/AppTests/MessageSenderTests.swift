@testable import App
import Domain
import FixtureServer
import Foundation
import Gtk
import TestSupport
import XCTest
import SimulatedInput

/// The message detail names its sender: the person in People whose avatar it shows, or "You".
final class MessageSenderTests: MessagesTestCase {
    /// Message 3's avatar (number 3) never arrives: its initials stay.
    override class var serverConfiguration: @Sendable (inout FixtureServer.Configuration) -> Void {
        { $0.messageCount = 200; $0.silentAvatar = 3; $0.silentAvatarTimes = 1_000 }
    }

    func testEachRowNamesItsSenderAndShowsTheirInitialsUntilTheirPictureComes() throws {
        try onMain {
            let (app, page) = try openMessages()
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            waitFor("the first page", timeout: .seconds(10)) { numbers(page).count == 20 }
            waitFor("the rows in view") { page.rows.contains { $0.message.origin == .server(number: 3) } }
            let row = { page.rows.first { $0.message.origin == .server(number: 3) } }
            waitFor("the sender named") { row()?.meta.text == "Jeremy · #3" }
            XCTAssertEqual(row()?.avatar.name, "Jeremy")
            XCTAssertTrue(try XCTUnwrap(row()).avatar.showsInitials, "no picture over the initials")
            let first = try XCTUnwrap(page.rows.first { $0.message.origin == .server(number: 1) })
            waitFor("Adam's picture over his initials") { first.isLoaded && !first.avatar.showsInitials }
            XCTAssertEqual(first.meta.text, "Adam · #1")

            XCTAssertNil(app.peopleModel.rename(3, to: "Jeremy Fox"))
            waitFor("the row renamed") { row()?.meta.text == "Jeremy Fox · #3" }
            XCTAssertEqual(row()?.avatar.name, "Jeremy Fox")
        }
    }

    func testTheDetailNamesThePersonWhoseFaceTheMessageShowsAsPeopleNamesThem() throws {
        try onMain {
            let (app, page) = try openMessages()
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            waitFor("the first page", timeout: .seconds(10)) { numbers(page).count == 20 }
            let coordinator = main.coordinator(for: .messages)

            let detail = try open(.server(number: 3), in: page, coordinator)
            waitFor("the sender named") { detail.senderLabel.text == Person.seedNames[2] }
            XCTAssertEqual(detail.message.avatarNumber, 3)
            let avatar = detail.avatar.widget.allocation, sender = detail.senderLabel.allocation
            let time = detail.timeLabel.allocation
            XCTAssertGreaterThanOrEqual(sender.y, avatar.y + avatar.height, "the name under the avatar")
            XCTAssertGreaterThanOrEqual(time.y, sender.y + sender.height, "the time under the name")
            XCTAssertGreaterThan(sender.height, time.height, "the name a title, larger than the dim time")

            XCTAssertNil(app.peopleModel.rename(3, to: "Jeremy Fox"))
            waitFor("the open detail renamed") { detail.senderLabel.text == "Jeremy Fox" }
            XCTAssertTrue(InputSimulation.key("Escape", on: main.window))
            waitFor("back at the chat") { coordinator.depth == 1 }
            let again = try open(.server(number: 3), in: page, coordinator)
            waitFor("the new name") { again.senderLabel.text == "Jeremy Fox" }

            XCTAssertTrue(InputSimulation.key("Escape", on: main.window))
            waitFor("back at the chat") { coordinator.depth == 1 }
            page.entry.text = "Mine"
            page.composer.sendButton.click()
            waitFor("the sent row") { page.rows.last?.message.text == "Mine" }
            // The composer clears and takes the focus back once the send is stored, after the row shows.
            waitFor("the composer cleared") { page.entry.text.isEmpty }
            let own = try open(try XCTUnwrap(page.rows.last).message.origin, in: page, coordinator)
            XCTAssertEqual(own.senderLabel.text, "You")
            waitFor("settled") { own.isSettled }
        }
    }

    /// Opens the message's detail from its row with Enter, as a keyboard user does.
    @MainActor
    private func open(_ origin: ChatMessage.Origin, in page: MessagesPage,
                      _ coordinator: SectionCoordinator) throws -> MessageDetailPage {
        waitFor("the message's row") { page.rows.contains { $0.message.origin == origin } }
        let row = try XCTUnwrap(page.rows.first { $0.message.origin == origin })
        activate(row)
        waitFor("the detail of \(origin)") { coordinator.depth == 2 }
        if coordinator.depth != 2 { XCTFail(row.view.isFocusWidget ? "the row kept the focus" : "the row lost the focus") }
        return try XCTUnwrap(coordinator.topPage as? MessageDetailPage)
    }
}
