import Domain
import Foundation
import Gtk
import ImagePipeline

/// One card of the facts grid: the row's image with its title along the bottom of the image, or,
/// for a row without an image link, a text card with the title and the start of the description.
/// A flat button, so it takes focus and a click, Enter or Space opens it.
@MainActor
final class FactCard {
    let fact: Fact
    let button: Button
    /// The image, for rows with a link (usable or not).
    let image: ImageView?
    /// The title over the bottom of the image (nil for a text card).
    let caption: Label?
    private let textBox: Box?
    /// The loaded image's width / height; nil until it has loaded.
    private(set) var aspect: Double?
    private(set) var isBound = false
    /// Called when the image's size becomes known (the card's height changes).
    var onAspectKnown: (@MainActor () -> Void)?

    init(fact: Fact, pipeline: ImagePipeline) {
        self.fact = fact
        if fact.imageURL != nil || fact.rejectedImageLink != nil {
            let image = ImageView(pipeline: pipeline, iconSize: 48, scaling: .fill)
            let overlay = Overlay(child: image.picture)
            let caption = Label(fact.displayTitle)
            caption.addStyleClass("fact-caption")
            caption.ellipsize(afterLines: 2)
            caption.wraps = true
            caption.xalign = 0
            caption.valign = .end
            caption.halign = .fill
            overlay.addOverlay(caption)
            button = Button(child: overlay)
            self.image = image
            self.caption = caption
            textBox = nil
            if fact.imageURL == nil { image.showBroken() }
        } else {
            let box = Box(.vertical, spacing: 6)
            box.setMargins(14)
            let title = Label(fact.displayTitle)
            title.addStyleClass("fact-text-title")
            title.xalign = 0
            title.wraps = true
            box.append(title)
            if let description = fact.description {
                let body = Label(description.preview)
                body.xalign = 0
                body.wraps = true
                body.ellipsize(afterLines: 8)
                box.append(body)
            }
            button = Button(child: box)
            button.addStyleClass("fact-text-card")
            image = nil
            caption = nil
            textBox = box
        }
        button.addStyleClass("fact-card")
        button.addStyleClass("flat")
        button.accessibleName = fact.accessibleName
        button.tooltip = fact.description?.preview
        image?.onImage = { [weak self] image in
            guard let self, image.height > 0 else { return }
            let aspect = Double(image.width) / Double(image.height)
            guard self.aspect != aspect else { return }
            self.aspect = aspect
            self.onAspectKnown?()
        }
        button.showAll()
    }

    /// The card's height at `layout`'s column width.
    func height(in layout: CardLayout) -> Double {
        if image != nil { return layout.imageHeight(aspect: aspect ?? CardLayout.placeholderAspect) }
        return Double(button.preferredHeight(forWidth: Int(layout.columnWidth)))
    }

    /// Starts loading the image, decoded for a column of `columnWidth` pixels (tall images need
    /// up to twice that in height).
    func bindImage(columnWidth: Int) {
        guard let image, let url = fact.imageURL, !isBound else { return }
        isBound = true
        image.bind(ImageRequest(url: url, maximumPixelSize: columnWidth * 2))
    }

    var isSettled: Bool {
        guard let image else { return true }
        return !isBound || (image.content != .icon(ImageView.placeholderIcon) && image.picture.paintsAtItsSize) || fact.imageURL == nil
    }
}
