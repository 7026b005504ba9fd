import Domain
import Foundation
import Gtk
import ImagePipeline
import Localization

/// One fact: image above its title and text in a portrait window, beside them (30 %) at the top in a landscape one.
@MainActor
public final class FactDetailPage: SettlingPage, InitiallyFocusedPage {
    public enum Arrangement: Equatable, Sendable { case portrait, landscape }

    public let title: String
    public let widget: Widget
    let fact: Fact
    let image: ImageView
    /// The picture, taking clicks: a click or Enter on it opens it in the viewer.
    let banner: EventBox
    /// Opens the fact's picture in the viewer (the coordinator pushes it).
    var onView: (@MainActor (URL) -> Void)?
    /// The description, however long, laid out between frames.
    let description: LongText
    /// The description's scrolled column.
    var text: ScrolledWindow { description.widget }
    /// The fact's title, then its description.
    let textColumn = Box(.vertical)
    let heading: Label
    private let grid = Grid(homogeneousColumns: true)
    private(set) var arrangement: Arrangement?
    private var aspect: Double
    private var pageSize = (width: 0, height: 0)
    /// Runs after the allocation that asked for it: GTK drops size requests made during one.
    private lazy var arrangeCall = CoalescedCall { [weak self] in
        guard let self else { return }
        let size = self.windowSize() ?? self.pageSize
        self.arrange(Self.arrangement(for: size), force: true)
    }
    private let windowSize: @MainActor () -> (width: Int, height: Int)?

    /// The logical box detail images decode for: sharp at 30 % of a 4K window.
    static let imagePixelSize = 1536
    /// A portrait banner takes at most this share of the page's height.
    static let bannerShare = 0.45

    /// `aspect` is the image's width / height if known; `windowSize` decides portrait or landscape.
    public init(fact: Fact, aspect: Double?, pipeline: ImagePipeline,
                windowSize: @escaping @MainActor () -> (width: Int, height: Int)?) {
        self.fact = fact
        self.aspect = aspect ?? CardLayout.placeholderAspect
        self.windowSize = windowSize
        title = fact.displayTitle
        image = ImageView(pipeline: pipeline, iconSize: 64, scaling: .fit)
        image.picture.addStyleClass("fact-detail-image")
        image.picture.accessibleName = fact.imageURL == nil ? tr("No image") : tr("Image of {title}", ["title": fact.displayTitle])
        if fact.imageURL != nil { image.picture.accessibleDescription = tr("Press Enter to view it whole") }
        // The first keyboard stop: the description would select all its text on taking focus.
        image.picture.canFocus = true
        banner = EventBox(child: image.picture)
        description = LongText(fact.description ?? tr("No description."), accessibleName: tr("Description"))
        description.view.setTextMargins(top: 24, bottom: 24, start: 24, end: 24)
        description.view.addStyleClass("fact-description")
        if fact.description == nil { description.view.addStyleClass("dim-label") }
        heading = Label(fact.displayTitle)
        heading.addStyleClass("title-2")
        heading.xalign = 0
        heading.wraps = true
        heading.setMargins(top: 24, bottom: 0, start: 24, end: 24)
        let text = description.widget
        textColumn.append(heading)
        textColumn.append(text, expand: true)
        text.propagatesNaturalHeight = false
        text.hexpand = true
        text.vexpand = true
        grid.hexpand = true
        grid.vexpand = true
        widget = grid
        if let url = fact.imageURL {
            image.bind(ImageRequest(url: url, maximumPixelSize: Self.imagePixelSize).counted(for: .facts))
        } else if fact.rejectedImageLink != nil {
            image.showBroken()
        } else {
            image.picture.showIcon("image-x-generic-symbolic")
        }
        image.onImage = { [weak self] image in
            guard let self, image.height > 0 else { return }
            self.aspect = Double(image.width) / Double(image.height)
            self.arrangeCall.schedule()
        }
        grid.onSizeAllocate { [weak self] rect in
            guard let self else { return }
            let size = (rect.width, rect.height)
            guard size != self.pageSize else { return }
            self.pageSize = size
            self.arrangeCall.schedule()
        }
        banner.onButtonRelease { [weak self] event in
            guard event.button == 1, let self, let url = self.fact.imageURL else { return false }
            self.onView?(url)
            return true
        }
        image.picture.onKeyPress { [weak self] event in
            guard ["Return", "KP_Enter", "space"].contains(event.keyName), let self, let url = self.fact.imageURL else { return false }
            self.onView?(url)
            return true
        }
        arrange(.landscape)
        grid.showAll()
    }

    public var initialFocus: Widget { image.picture }

    /// Back from the viewer: the picture has the focus again.
    func focusPicture() {
        DispatchQueue.main.async { [weak self] in self?.image.picture.grabFocus() }
    }

    public var isSettled: Bool {
        let loaded = fact.imageURL == nil || image.content != .icon(ImageView.placeholderIcon)
        let size = windowSize() ?? pageSize
        return loaded && description.isComplete && !arrangeCall.isScheduled && arrangement == Self.arrangement(for: size)
    }

    /// The arrangement the window's shape calls for.
    static func arrangement(for size: (width: Int, height: Int)) -> Arrangement {
        size.height > size.width ? .portrait : .landscape
    }

    private func arrange(_ wanted: Arrangement, force: Bool = false) {
        if wanted != arrangement {
            if arrangement != nil {
                grid.remove(banner)
                grid.remove(textColumn)
            }
            arrangement = wanted
            switch wanted {
            case .landscape:
                grid.attach(banner, column: 0, row: 0, width: 3)
                grid.attach(textColumn, column: 3, row: 0, width: 7)
            case .portrait:
                grid.attach(banner, column: 0, row: 0, width: 10)
                grid.attach(textColumn, column: 0, row: 1, width: 10)
            }
        } else if !force {
            return
        }
        switch wanted {
        case .landscape:
            // At the top of its column, as tall as the picture there: not floating mid-column.
            banner.vexpand = false
            banner.valign = .start
            let width = Double(max(pageSize.width, 1)) * 0.3
            banner.setSizeRequest(width: -1, height: max(1, Int(min(width / aspect, Double(pageSize.height)).rounded())))
        case .portrait:
            banner.vexpand = false
            banner.valign = .fill
            let width = Double(max(pageSize.width, 1))
            let height = min(width / aspect, Double(pageSize.height) * Self.bannerShare)
            banner.setSizeRequest(width: -1, height: max(1, Int(height.rounded())))
        }
    }
}
