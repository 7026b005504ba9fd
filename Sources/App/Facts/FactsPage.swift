import Domain
import Features
import Foundation
import Gtk
import ImagePipeline
import Localization

/// The facts feed as a waterfall of cards sized by their images. Images load lazily: only cards
/// within half a screen of the view ask for theirs. A refresh keeps the cards until the new feed
/// has arrived; a failed refresh says why above them, with Retry.
@MainActor
public final class FactsPage: SettlingPage, ContentShowingPage, RefreshablePage, SectionTitledPage, ScreenshotScenes {
    public let title = tr("Facts")
    public let widget: Widget
    public let model: FactsViewModel
    private(set) var cards: [FactCard] = []
    private let pipeline: ImagePipeline
    /// The cards, or the feed loading or failing, with Retry.
    private let stack: ContentOrStatus
    private let scroller = ScrolledWindow()
    private let adjustment: Adjustment
    private let canvas = Fixed()
    /// Loading (with a spinner) or a failed first load (with Retry), filling the section.
    var statusRetry: Button { stack.retry }
    /// Above the cards: a failed refresh's message and Retry.
    private let banner = NoticeBar(action: tr("Retry"))
    var bannerLabel: Label { banner.label }
    var bannerRetry: Button { banner.button }
    /// Over the cards while a refresh runs.
    let refreshSpinner = Spinner()
    /// Over the cards for a moment after a refresh that found the feed unchanged.
    let upToDate = Label(tr("Up to date"))
    private var layout = CardLayout(width: 0)
    private var shownGeneration = -1
    private lazy var layoutCall = CoalescedCall { [weak self] in self?.relayout() }
    private var backendReady = false
    private let open: @MainActor (Fact, Double?) -> Void
    private let titleChanged: @MainActor () -> Void
    private let ready: @MainActor () async -> Void

    /// How far beyond the view (in screens) cards start loading their images.
    static let prefetchScreens = 0.5

    /// - Parameters:
    ///   - backendReady: returns once the backend answers; the feed is asked for after that.
    ///   - open: pushes the detail page of a fact (with its image's aspect, when known).
    ///   - titleChanged: the feed's title changed; the header bar shows it.
    public init(model: FactsViewModel, pipeline: ImagePipeline,
                backendReady: @escaping @MainActor () async -> Void = {},
                open: @escaping @MainActor (Fact, Double?) -> Void,
                titleChanged: @escaping @MainActor () -> Void = {}) {
        self.model = model
        self.pipeline = pipeline
        self.open = open
        self.titleChanged = titleChanged
        ready = backendReady
        adjustment = scroller.verticalAdjustment()
        canvas.scrollsFocus(with: adjustment)
        scroller.add(canvas)

        refreshSpinner.accessibleName = tr("Refreshing")
        refreshSpinner.halign = .center
        refreshSpinner.valign = .start
        refreshSpinner.setMargins(12)
        refreshSpinner.setSizeRequest(width: 32, height: 32)
        refreshSpinner.addStyleClass("facts-refresh-spinner")
        upToDate.addStyleClass("app-notification")
        upToDate.addStyleClass("facts-up-to-date")
        upToDate.halign = .center
        upToDate.valign = .start
        upToDate.keepsOwnVisibility = true
        upToDate.isVisible = false
        let over = Overlay(child: scroller)
        over.addOverlay(refreshSpinner)
        over.addOverlay(upToDate)
        let content = Box(.vertical)
        content.append(banner.widget)
        content.append(over, expand: true)

        refreshSpinner.keepsOwnVisibility = true
        stack = ContentOrStatus(content: content, iconName: "dialog-information-symbolic",
                                initially: .loading(title: tr("Loading facts…")))
        widget = stack.widget
        render(model.state)

        statusRetry.onClicked { [weak self] in self?.refresh() }
        banner.onClick = { [weak self] in self?.refresh() }
        scroller.onSizeAllocate { [weak self] rect in self?.widthChanged(rect.width) }
        adjustment.onValueChanged { [weak self] in self?.bindNearViewport() }
        adjustment.onExtentChanged { [weak self] in self?.bindNearViewport() }
        model.onChange = { [weak self] state in self?.render(state) }
        // Once its window is gone, the page takes no more updates (late replies would find its
        // widgets destroyed).
        widget.onDestroy { [weak model] in model?.onChange = nil }
        // What was saved at an earlier launch shows at once; the feed is asked for after the
        // first frame, once the backend answers.
        Task { [weak self] in await self?.model.showSaved() }
        stack.widget.onNextDraw { [weak self] in
            Task { [weak self] in
                await self?.ready()
                self?.backendReady = true
                await self?.model.load()
            }
        }
    }

    public var sectionTitle: String? { model.state.title }

    /// The detail page in a landscape and in a portrait window.
    public var screenshotScenes: [ScreenshotScene] {
        [
            ScreenshotScene(name: "facts-detail-landscape", windowSize: (1100, 760)) { [weak self] in
                self?.openFirstPictured(unlessOpen: self?.isShowingDetail ?? true)
            },
            ScreenshotScene(name: "facts-detail-portrait", windowSize: (640, 900)) { [weak self] in
                self?.openFirstPictured(unlessOpen: self?.isShowingDetail ?? true)
            },
        ]
    }

    /// Whether a detail page is on top of this one (the grid is not mapped then).
    private var isShowingDetail: Bool { !stack.widget.isMapped }

    public func refresh() {
        guard backendReady else { return }
        Task { await model.refresh() }
    }

    // MARK: Rendering

    private func render(_ state: FactsViewModel.State) {
        switch state.phase {
        case .idle, .loading:
            stack.show(.loading(title: tr("Loading facts…")))
        case .failed(let message):
            stack.show(.failure(title: tr("The facts could not be loaded"), reason: message))
        case .loaded:
            stack.show(.content)
        }
        refreshSpinner.isVisible = state.isRefreshing
        refreshSpinner.isSpinning = state.isRefreshing
        upToDate.isVisible = state.isUpToDate
        if state.isOffline, let receivedAt = state.receivedAt {
            banner.showOffline(receivedAt: receivedAt) { [weak self] in self?.model.networkChanged(available: $0) }
        } else {
            banner.show(state.refreshError.map { tr("The facts could not be refreshed. {reason}", ["reason": $0]) })
        }
        if state.generation != shownGeneration {
            shownGeneration = state.generation
            rebuild(state.facts)
        }
        titleChanged()
    }

    private func rebuild(_ facts: [Fact]) {
        cards.forEach { canvas.remove($0.button) }
        cards = facts.map { fact in
            let card = FactCard(fact: fact, pipeline: pipeline)
            canvas.put(card.button, x: 0, y: 0)
            card.button.onClicked { [weak self, weak card] in
                guard let self, let card else { return }
                self.open(card.fact, card.aspect)
            }
            card.onAspectKnown = { [weak self] in self?.layoutCall.schedule() }
            return card
        }
        relayout()
    }

    /// Size allocation must not request sizes: the layout runs right after it.
    private func widthChanged(_ width: Int) {
        guard Double(width) != layout.width else { return }
        layout = CardLayout(width: Double(width))
        layoutCall.schedule()
    }

    private func relayout() {
        guard layout.width > 0 else { return }
        let frames = layout.frames(heights: cards.map { $0.height(in: layout) })
        for (card, frame) in zip(cards, frames) {
            card.button.setSizeRequest(width: Int(frame.width), height: Int(frame.height))
            canvas.move(card.button, x: Int(frame.x), y: Int(frame.y))
        }
        canvas.setSizeRequest(width: -1, height: Int(layout.contentHeight(frames)))
        self.frames = frames
        bindNearViewport()
    }

    private var frames: [Frame] = []

    /// Asks for the images of the cards within `prefetchScreens` of the view.
    private func bindNearViewport() {
        guard layout.width > 0, backendReady else { return }
        let height = adjustment.pageSize
        guard height > 0 else { return }
        let margin = height * Self.prefetchScreens
        let top = adjustment.value - margin, bottom = adjustment.value + height + margin
        for (card, frame) in zip(cards, frames) where frame.y < bottom && frame.y + frame.height > top {
            card.bindImage(columnWidth: Int(layout.columnWidth))
        }
    }

    // MARK: For tests and screenshots

    /// Opens the first fact that has an image, as a click would; nothing if one is open already.
    func openFirstPictured(unlessOpen isOpen: Bool) {
        guard !isOpen, let card = cards.first(where: { $0.fact.imageURL != nil }) else { return }
        open(card.fact, card.aspect)
    }

    public var isSettled: Bool {
        guard stack.isSettled else { return false }
        return switch model.state.phase {
        case .idle, .loading: false
        case .failed: true
        case .loaded: !model.state.isRefreshing && cards.allSatisfy(\.isSettled) && isLaidOut
        }
    }

    /// Cards laid out, each showing its picture at its size.
    public var showsContentInView: Bool { model.state.phase == .loaded && !cards.isEmpty && isSettled }

    /// The cards stand where the layout for the grid's current width puts them: no layout is
    /// waiting to run, it was made for this width, and GTK has given every card its frame.
    private var isLaidOut: Bool {
        guard !layoutCall.isScheduled, layout.width > 0, Double(scroller.allocatedSize.width) == layout.width,
              frames.count == cards.count else { return false }
        return zip(cardFrames, frames).allSatisfy { shown, planned in
            shown.x == Int(planned.x) && shown.y == Int(planned.y) && shown.width == Int(planned.width)
        }
    }
    var cardFrames: [Rect] {
        cards.map { card in
            let origin = card.button.origin(in: canvas) ?? (0, 0)
            let size = card.button.allocatedSize
            return Rect(x: origin.x, y: origin.y, width: size.width, height: size.height)
        }
    }
    var gridWidth: Int { canvas.allocatedSize.width }
    var isBannerVisible: Bool { banner.isShown }
    var isStatusVisible: Bool { stack.isStatusShown }
    var scroll: Adjustment { adjustment }
}
