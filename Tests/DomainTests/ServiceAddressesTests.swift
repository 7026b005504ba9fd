import Domain
import Foundation
import XCTest

/// What the Preferences window edits: the addresses as typed, their problems in words, what Apply
/// uses and what is saved.
final class ServiceAddressesTests: XCTestCase {
    func testAnAddressIsCheckedAsTypedAndAnEmptyOneMeansTheBackend() {
        var form = ServiceAddresses()
        XCTAssertTrue(form.canApply)
        XCTAssertEqual(form.overrides, [:])
        form.texts[.facts] = "example"
        XCTAssertEqual(form.problem(for: .facts), "“example” is not a web address.")
        XCTAssertFalse(form.canApply)
        form.texts[.facts] = "ftp://example.org/"
        XCTAssertEqual(form.problem(for: .facts), "“ftp://example.org/” is not an http or https address.")
        form.texts[.facts] = "  https://example.org/facts/ "
        XCTAssertNil(form.problem(for: .facts))
        XCTAssertTrue(form.canApply)
        XCTAssertEqual(form.overrides, [.facts: URL(string: "https://example.org/facts/")!])
        form.texts[.facts] = "   "
        XCTAssertNil(form.problem(for: .facts), "blank: the built-in backend")
        XCTAssertEqual(form.overrides, [:])
    }

    func testTheSwitchUsesNoAddressChecksNoneAndKeepsThemSaved() {
        let form = ServiceAddresses(builtInForEverything: true, texts: [.facts: "https://example.org/", .feed: "oops"])
        XCTAssertTrue(form.canApply, "unused addresses are not checked")
        XCTAssertEqual(form.overrides, [:])
        let saved = form.saved(in: .defaults)
        XCTAssertTrue(saved.builtInForEverything)
        XCTAssertEqual(saved.services, ["facts": "https://example.org/", "feed": "oops"])
        XCTAssertEqual(ServiceAddresses(settings: saved), form, "read back as saved")
    }

    func testSettingsWithAnUnknownServiceReadTheOthers() {
        var settings = AppSettings.defaults
        settings.services = ["weather": "https://example.org/", "Facts": "https://example.net/"]
        XCTAssertEqual(ServiceAddresses(settings: settings).texts, [.facts: "https://example.net/"])
    }

    func testEachServiceNamesItsEntryAndTheSectionThatReloads() {
        XCTAssertEqual(Backend.Service.facts.addressName, "Facts address")
        XCTAssertEqual(Backend.Service.avatars.section, .people)
        XCTAssertNil(Backend.Service.images.section, "the gallery's links are written once")
    }
}
