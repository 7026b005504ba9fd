import Domain
import Features
import Foundation
import Gtk
import ImagePipeline
import Localization

/// The facts feed as a waterfall of cards sized by their pictures, in a `RecyclingGrid`: only rows near the
/// view get cards and load pictures. A refresh keeps the cards until the new feed arrives; typing over the
/// cards (or Ctrl+F) searches titles and descriptions.
@MainActor
public final class FactsPage: SettlingPage, ContentShowingPage, RefreshablePage, SectionTitledPage, ScreenshotScenes {
    public let title = tr("Facts")
    public let widget: Widget
    public let model: FactsViewModel
    let grid: RecyclingGrid<FactCard, WaterfallLayout>
    /// The cards, or the feed loading or failing, with Retry.
    private let stack: ContentOrStatus
    /// Loading (with a spinner) or a failed first load (with Retry), filling the section.
    var statusRetry: Button { stack.retry }
    /// Above the cards: a failed refresh's message and Retry.
    private let banner = NoticeBar(action: tr("Retry"))
    var bannerLabel: Label { banner.label }
    var bannerRetry: Button { banner.button }
    /// Over the cards while a refresh runs.
    let refreshSpinner = Spinner.refreshing()
    /// Over the cards for a moment after a refresh that found the feed unchanged.
    let upToDate = Label(tr("Up to date"))
    private var shownGeneration = -1
    /// The search's answer the grid shows (nil: every card).
    private var shownMatching: [Int]?
    /// While a search shows some cards: each shown row's place in the grid, by its place in the feed.
    private var gridPlaces: [Int: Int]?
    /// Searches the cards' titles and descriptions; typing over the cards opens it.
    let search = FilterBar(placeholder: tr("Search facts"))
    /// Over the grid when the search finds nothing.
    let nothingFound = StatusPage(iconName: "edit-find-symbolic", title: tr("No facts found"),
                                  description: tr("No title or description has what is typed. Escape shows every fact again."))
    /// Where the view stood and the focused card's row when a search began, restored when it closes.
    var placeBeforeSearch: PlaceInView?
    /// The rows of the feed the grid shows.
    private var shownFacts: [Fact] = []
    /// Each loaded picture's width / height by link, so a card keeps its height; only the shown feed's.
    private var aspects: [URL: Double] = [:]
    /// Pictures loaded since the last layout: put into the layout together, once a frame.
    private var learned: [(index: Int, aspect: Double)] = []
    private lazy var aspectsCall = CoalescedCall { [weak self] in self?.applyLearnedAspects() }
    private var backendReady = false
    private let server: @MainActor () async -> URL
    private let open: @MainActor (Fact, Double?) -> Void
    private let titleChanged: @MainActor () -> Void
    private let ready: @MainActor () async -> Void

    /// Half a screen beyond the view, cards are made and load pictures (the seed's "only as needed").
    static let prefetchScreens = 0.5
    /// The cards' columns: 260 to 420 pixels wide, 12 apart.
    static let layout = WaterfallLayout(captionHeight: Double(FactCard.captionHeight))

    /// `backendReady` waits for the backend; `open` pushes a fact's detail; `titleChanged` is for the header.
    public var onPlaceChange: (@MainActor () -> Void)?
    /// A search from the last launch, opened once the facts are loaded.
    var searchToRestore: String?
    /// The facts are loaded (after each change).
    var onFactsShown: (([Fact]) -> Void)?

    public init(model: FactsViewModel, pipeline: ImagePipeline,
                backendReady: @escaping @MainActor () async -> Void = {},
                server: @escaping @MainActor () async -> URL = { Backend.builtIn.facts },
                dataSaving: DataSaving? = nil,
                open: @escaping @MainActor (Fact, Double?) -> Void,
                titleChanged: @escaping @MainActor () -> Void = {}) {
        self.model = model
        self.open = open
        self.titleChanged = titleChanged
        ready = backendReady
        self.server = server
        let me = WeakReference<FactsPage>()
        grid = RecyclingGrid(layout: Self.layout) { entry in
            let card = FactCard(entry: entry, fact: { me.object?.shownFacts[$0.index] ?? Fact(id: $0.index, title: nil, description: nil, imageURL: nil) },
                                pipeline: pipeline)
            card.onAspectKnown = { entry, aspect in me.object?.learn(aspect, of: entry) }
            return card
        }
        // Pictures loading above make cards taller: the view stays on the card looked at (or the top).
        grid.margin = Self.prefetchScreens
        // Saving data: no cards (and no pictures) ahead of the view.
        dataSaving?.observe(grid) { [weak grid] saving in grid?.margin = saving ? 0 : Self.prefetchScreens }
        grid.keepsViewStill = true
        grid.staysAtEnd = false

        upToDate.addStyleClass("app-notification")
        upToDate.addStyleClass("facts-up-to-date")
        upToDate.halign = .center
        upToDate.valign = .start
        upToDate.keepsOwnVisibility = true
        upToDate.isVisible = false
        let over = Overlay(child: grid.widget)
        nothingFound.widget.keepsOwnVisibility = true
        nothingFound.widget.isVisible = false
        over.addOverlay(nothingFound.widget)
        over.addOverlay(refreshSpinner)
        over.addOverlay(upToDate)
        let content = Box(.vertical)
        content.append(banner.widget)
        content.append(over, expand: true)

        stack = ContentOrStatus(content: content, iconName: "dialog-information-symbolic",
                                initially: .loading(title: tr("Loading facts…")))
        let page = Box(.vertical)
        page.append(search.widget) // above the status too: a search begun while loading finds what comes
        page.append(stack.widget, expand: true)
        widget = page
        me.object = self
        render(model.state)

        grid.onActivate = { [weak self] card in self?.open(card.fact) }
        grid.onViewMoved = { [weak self] in self?.onPlaceChange?() }
        // A fact's id is its place in its feed.
        grid.locate = { [weak self] id in
            guard let self, id.generation == self.shownGeneration else { return nil }
            return self.gridPlace(ofRow: id.index)
        }
        connectSearch()
        statusRetry.onClicked { [weak self] in self?.refresh() }
        banner.onClick = { [weak self] in self?.refresh() }
        model.onChange = { [weak self] state in self?.render(state) }
        // Late replies must not reach destroyed widgets.
        widget.onDestroy { [weak model] in model?.onChange = nil }
        // Saved facts show at once; the feed is asked for once the backend answers.
        Task { [weak self] in await self?.model.showSaved() }
        stack.widget.onNextDraw { [weak self] in
            Task { [weak self] in
                await self?.ready()
                self?.backendReady = true
                self?.grid.isReady = true
                await self?.model.load()
            }
        }
    }

    public var sectionTitle: String? { model.state.title }

    /// Whether a detail page is on top of this one (the grid is not mapped then).
    var isShowingDetail: Bool { !stack.widget.isMapped }

    public func refresh() {
        guard backendReady else { return }
        Task { await model.refresh() }
    }

    /// Pushes the detail of `fact`, with its picture's shape when it has loaded.
    func open(_ fact: Fact) {
        open(fact, fact.imageURL.flatMap { aspects[$0] })
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
        refreshSpinner.showRefreshing(state.isRefreshing)
        upToDate.isVisible = state.isUpToDate
        if state.receivedAt != nil {
            banner.followNetwork(server: server) { [weak self] in self?.model.networkChanged(available: $0) }
        }
        if state.isOffline, let receivedAt = state.receivedAt {
            banner.showOffline(receivedAt: receivedAt)
        } else {
            banner.show(state.refreshError.map { tr("The facts could not be refreshed. {reason}", ["reason": $0]) })
        }
        if state.generation != shownGeneration || state.matching != shownMatching {
            shownGeneration = state.generation
            shownMatching = state.matching
            show(state.facts, generation: state.generation, only: state.matching)
        }
        nothingFound.widget.isVisible = state.isNothingFound
        searchRestoredIfLoaded()
        if state.phase == .loaded { onFactsShown?(state.facts) }
        titleChanged()
    }

    /// Hands a feed to the grid (`only` while searching), heights from known shapes, else 4:3.
    private func show(_ facts: [Fact], generation: Int, only shown: [Int]? = nil) {
        var kept: [URL: Double] = [:]
        let known = aspects
        // Each row read in place: a `map` copied and retained every fact on the main thread.
        var cards = [WaterfallLayout.Card](repeating: .text, count: facts.count)
        facts.withUnsafeBufferPointer { facts in
            for index in facts.indices {
                if facts[index].hasPicture { cards[index] = .picture(aspect: nil) }
            }
        }
        // Links are hashed only when some picture's shape is known (not at the first feed).
        if !known.isEmpty {
            for (index, fact) in facts.enumerated() {
                guard let url = fact.imageURL, let aspect = known[url] else { continue }
                kept[url] = aspect
                cards[index] = .picture(aspect: aspect)
            }
        }
        aspects = kept
        learned = []
        shownFacts = facts
        let rows = shown ?? Array(facts.indices)
        gridPlaces = shown.map { Dictionary(uniqueKeysWithValues: $0.enumerated().map { ($1, $0) }) }
        grid.updateLayout { $0.setCards(shown.map { $0.map { cards[$0] } } ?? cards) }
        let entries = rows.map { FactEntry(generation: generation, index: $0) }
        grid.setItems(entries, animated: false, extending: false)
    }

    /// Where the row at `index` of the feed is in the grid; nil when a search left it out.
    func gridPlace(ofRow index: Int) -> Int? {
        guard let gridPlaces else { return index }
        return gridPlaces[index]
    }

    /// A card's picture loaded: its height follows the picture's shape from the next frame.
    private func learn(_ aspect: Double, of entry: FactEntry) {
        guard entry.generation == shownGeneration, shownFacts.indices.contains(entry.index),
              let url = shownFacts[entry.index].imageURL, aspects[url] != aspect else { return }
        aspects[url] = aspect
        guard let place = gridPlace(ofRow: entry.index) else { return }
        learned.append((place, aspect))
        aspectsCall.schedule()
    }

    private func applyLearnedAspects() {
        let batch = learned
        learned = []
        // The focused card, when the user sees it: it stays in view as pictures change its height.
        let focused = grid.focusedCell.flatMap { grid.index(of: $0.item.id) }.flatMap { isInView($0) ? $0 : nil }
        var moved = false
        grid.updateLayout { moved = $0.setAspects(batch) }
        // Laid out at once: a layout finding the same cards in range would keep them where they stood.
        guard moved else { return }
        grid.layoutNow()
        if let focused { grid.reveal(index: focused) }
    }

    // MARK: For tests and screenshots

    public var isSettled: Bool {
        guard stack.isSettled else { return false }
        return switch model.state.phase {
        case .idle, .loading: false
        case .failed: true
        case .loaded: !model.state.isRefreshing && grid.isLoaded && isLaidOut && !isSearching
        }
    }

    /// Something is typed whose answer the grid does not show yet.
    private var isSearching: Bool { !model.state.filter.isEmpty && model.state.matching == nil }

    /// Cards laid out, each showing its picture at its size.
    public var showsContentInView: Bool { model.state.phase == .loaded && !model.state.facts.isEmpty && isSettled }

    /// Every card stands where this width's layout puts it, at its height.
    private var isLaidOut: Bool {
        guard learned.isEmpty, grid.layout.width > 0, Double(grid.widget.allocatedSize.width) == grid.layout.width else {
            return false
        }
        return zip(grid.cells, grid.cellFrames).allSatisfy { card, shown in
            guard let index = grid.index(of: card.item.id) else { return false }
            let planned = grid.layout.frame(at: index)
            return shown.x == Int(planned.x) && shown.y == Int(planned.y) && shown.width == Int(planned.width)
                && abs(Double(shown.height) - planned.height) < 1
        }
    }
    /// The cards near the view, in feed order.
    var cards: [FactCard] { grid.cells }
    var cardFrames: [Rect] { grid.cellFrames }
    var gridWidth: Int { grid.canvas.allocatedSize.width }
    var isBannerVisible: Bool { banner.isShown }
    var isStatusVisible: Bool { stack.isStatusShown }
    public var scroll: Adjustment { grid.adjustment }
    /// Every card made so far, in use or spare: a screen's worth, whatever the feed's length.
    public var cardsMade: Int { grid.cellsMade }
}
