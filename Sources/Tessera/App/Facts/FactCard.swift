// Runs in the app (tessera), on the main loop.

import Domain
import Foundation
import Gtk
import ImagePipeline
import Localization

/// A reused facts card: its picture with the title in a band under it, or a text card; a windowless button.
@MainActor
final class FactCard: RecyclingCell {
    private(set) var item: FactEntry
    /// The row shown.
    private(set) var fact: Fact
    /// The row an entry stands for (the page's feed holds them).
    private let factOf: @MainActor (FactEntry) -> Fact
    /// The focusable card.
    let view: Widget
    /// What the grid measures for a text card (`view` takes its frame as a size request).
    private let content = Grid()
    let image: ImageView
    /// The title under the picture.
    let caption: Label
    /// The caption band's height: one line of heading type and its padding.
    static let captionHeight = 38
    /// Under the broken-picture icon, in words, when the row has no picture or it could not be loaded.
    let unavailable = Label(tr("Picture unavailable"))
    private let textBox = Box(.vertical, spacing: 6)
    private let textTitle = Label()
    private let textBody = Label()
    /// The loaded picture's width / height; nil until it has loaded.
    private(set) var aspect: Double?
    private var boundSide = 0
    private var position = (index: -1, count: -1)
    /// Whether the picture and caption show rather than the text, as last set (nil: not yet).
    private var shownPictured: Bool?
    /// The picture of the card's row has loaded: the row and the picture's width / height.
    var onAspectKnown: (@MainActor (FactEntry, Double) -> Void)?

    init(entry: FactEntry, fact factOf: @escaping @MainActor (FactEntry) -> Fact, pipeline: ImagePipeline) {
        item = entry
        self.factOf = factOf
        let fact = factOf(entry)
        self.fact = fact
        image = ImageView(pipeline: pipeline, iconSize: 48, scaling: .fill)
        caption = Label(fact.displayTitle)
        caption.addStyleClass("fact-caption")
        caption.addStyleClass("heading")
        caption.ellipsize()
        caption.xalign = 0
        caption.setSizeRequest(width: -1, height: Self.captionHeight)
        image.picture.hexpand = true
        image.picture.vexpand = true
        image.picture.topCornerRadius = 10
        textBox.setMargins(12)
        textTitle.addStyleClass("title-4")
        textTitle.xalign = 0
        textTitle.wraps = true
        textBody.xalign = 0
        textBody.wraps = true
        textBody.ellipsize(afterLines: 8)
        textBox.append(textTitle)
        textBox.append(textBody)
        content.attach(image.picture, column: 0, row: 0)
        // In the picture's cell, below its centred icon: a GtkOverlay's window would move in every layout.
        unavailable.addStyleClass("dim-label")
        unavailable.valign = .center
        unavailable.setMargins(top: 88, bottom: 0, start: 12, end: 12)
        content.attach(unavailable, column: 0, row: 0)
        content.attach(caption, column: 0, row: 1)
        content.attach(textBox, column: 0, row: 2)
        let view = Box.cellView(holding: content, styleClass: "fact-card")
        self.view = view
        view.announceAsButton()
        view.showAll()
        for part in [caption, image.picture, textBox, textBody, unavailable] as [Widget] { part.keepsOwnVisibility = true }
        unavailable.isVisible = false
        image.onFailure = { [weak self] in self?.unavailable.isVisible = true }
        image.onImage = { [weak self] decoded in
            guard let self, decoded.height > 0 else { return }
            let aspect = Double(decoded.width) / Double(decoded.height)
            self.aspect = aspect
            self.onAspectKnown?(self.item, aspect)
            // After the view has taken this picture (the call comes from inside it).
            DispatchQueue.main.async { [weak self] in self?.pictureShown() }
        }
        show(entry)
    }

    /// Shows `entry`'s row in this card (a recycled card takes the row that scrolled into its place).
    func show(_ entry: FactEntry) {
        item = entry
        let fact = factOf(entry)
        self.fact = fact
        aspect = nil
        boundSide = 0
        let pictured = fact.hasPicture
        // Only what changes: each label or visibility change makes GTK measure the card again.
        if shownPictured != pictured {
            shownPictured = pictured
            image.picture.isVisible = pictured
            caption.isVisible = pictured
            textBox.isVisible = !pictured
        }
        if pictured {
            if caption.text != fact.displayTitle { caption.text = fact.displayTitle }
            if fact.imageURL == nil { image.showBroken() } else { image.bind(nil) }
        } else {
            image.bind(nil)
            textTitle.text = fact.displayTitle
            let preview = fact.description?.preview
            textBody.text = preview ?? ""
            textBody.isVisible = preview != nil
        }
        // Also off for a text row: a reused card may have said it of the row before.
        unavailable.isVisible = pictured && fact.imageURL == nil
        if pictured { view.removeStyleClass("fact-text-card") } else { view.addStyleClass("fact-text-card") }
        view.tooltip = fact.description?.preview
        position = (-1, -1)
        name()
    }

    /// Told by the grid on every layout; renames the card only when its place changed.
    func setPosition(_ index: Int, of count: Int) {
        guard (index, count) != position else { return }
        position = (index, count)
        name()
    }

    /// The row's title and description, and where it is among the feed's rows.
    private func name() {
        view.accessibleName = fact.accessibleName
        view.accessibleDescription = position.index < 0 ? ""
            : tr("Fact {number} of {count}", ["number": String(position.index + 1), "count": String(position.count)])
    }

    /// Lets go of the row's picture and names while the card waits to be reused.
    func park() {
        boundSide = 0
        wantedSide = 0
        image.bind(nil)
        view.accessibleName = ""
        view.accessibleDescription = ""
        view.tooltip = nil
    }

    /// Ahead of the view, its picture waits behind those in view for the network and the decoders.
    func setInView(_ inView: Bool) {
        image.priority = inView ? ImageRequest.visible : ImageRequest.prefetch
    }

    /// Loads for a `side`-pixel column; not again while on its way, again once shown if the card grew.
    func load(side: Int) {
        wantedSide = side
        guard side != boundSide, let url = fact.imageURL else { return }
        if boundSide > 0, !image.isLoaded { return }
        boundSide = side
        unavailable.isVisible = false
        image.bind(ImageRequest(url: url, maximumPixelSize: side * 2).counted(for: .facts))
    }

    /// The column width the card has now (its picture may still be on its way at another).
    private var wantedSide = 0

    /// Only wider: narrower would stretch, and a layout swinging between widths would ask forever.
    private func pictureShown() {
        guard wantedSide > boundSide, let url = fact.imageURL else { return }
        boundSide = wantedSide
        image.bind(ImageRequest(url: url, maximumPixelSize: wantedSide * 2).counted(for: .facts))
    }

    var measuredContent: Widget { content }

    /// Shows what it will: its picture at size, the broken icon, or its text.
    var isLoaded: Bool {
        guard fact.hasPicture else { return true }
        return fact.imageURL == nil || image.isLoaded
    }
}
