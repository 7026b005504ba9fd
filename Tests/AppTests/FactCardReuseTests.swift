@testable import App
import Domain
import Foundation
import Gtk
import ImagePipeline
import Networking
import SimulatedInput
import XCTest

/// A card reused for another row shows only that row: "Picture unavailable" from a row whose
/// picture could not be shown does not stay on a text-only row.
final class FactCardReuseTests: AppTestCase {
    func testATextRowShownInACardThatSaidPictureUnavailableSaysOnlyItsText() throws {
        try onMain {
            let facts = [Fact(id: 0, title: "Geography", description: "It's really big.", imageURL: nil, rejectedImageLink: "http://[broken"),
                         Fact(id: 1, title: "Eh", description: "A chiefly Canadian interrogative utterance.", imageURL: nil)]
            let card = FactCard(entry: FactEntry(generation: 0, index: 0), fact: { facts[$0.index] },
                                pipeline: ImagePipeline(client: CurlHTTPClient(), decoders: []))
            let window = Window()
            window.add(card.view)
            window.setDefaultSize(width: 320, height: 400)
            window.showAll()
            defer { window.destroy() }
            waitFor("the card on screen") { card.view.isMapped }
            XCTAssertEqual(ShownLabels.texts(under: card.view), ["Geography", "Picture unavailable"])
            card.show(FactEntry(generation: 0, index: 1))
            XCTAssertEqual(ShownLabels.texts(under: card.view), ["Eh", "A chiefly Canadian interrogative utterance."])
        }
    }
}
