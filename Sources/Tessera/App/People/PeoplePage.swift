import Domain
import Features
import Foundation
import Gtk
import ImagePipeline
import Localization

/// The people in a `RecyclingGrid` (a GtkListBox walks every row per search key), with notices; rows in view
/// ask for avatars, a row opens its editor, typing searches.
@MainActor
public final class PeoplePage: SettlingPage, ContentShowingPage, RefreshablePage, ScreenshotScenes, SearchablePage, ContentFocusingPage {
    public let title = tr("People")
    public let widget: Widget
    public let model: PeopleViewModel
    let grid: RecyclingGrid<PersonRow, RowListLayout>
    /// The person whose editor is beside the list (a wide window), whose row shows as selected.
    private var selectedID: Int64?
    let notice = NoticeBar()
    /// Searches the list by name; typing in the list opens it.
    let search = FilterBar(placeholder: tr("Search people"))
    /// In place of the rows when the search finds no one.
    let noOneFound = StatusPage(iconName: "edit-find-symbolic", title: tr("No one found"),
                                description: tr("No name has what is typed. Escape shows everyone again."))
    /// GIO's network monitor, once an avatar failed.
    private var serverComingBack: ServerComingBack?
    private let avatarsServer: @MainActor () async -> URL
    /// Where the list was and whose row had focus when a search began, restored when it closes.
    private var placeBeforeSearch: (scroll: Double, focused: Int64?)?
    /// The people, or why they could not be read at all, with Retry.
    let content: ContentOrStatus
    private var adjustment: Adjustment { grid.adjustment }
    /// Opens a person's editor; true when the user opened it, false when arrow keys moved the selection.
    private let open: @MainActor (Person, Bool) -> Void
    /// Visibility is worked out after allocation (rows have their places then), once per frame.
    private lazy var visibility = CoalescedCall { [weak self] in
        guard let self else { return }
        let inView = self.peopleInView()
        guard inView != self.toldInView else { return }
        self.toldInView = inView
        self.model.rowsInView(inView)
    }
    /// The people the model was last told are in view.
    private var toldInView: [Int64] = []

    /// The list's rows: 57 pixels each, inside the page's margins, as wide as GNOME's lists at most.
    static let layout = RowListLayout(rowHeight: Double(PersonRow.height), top: 12, bottom: 24, side: 12,
                                      maximumWidth: Double(Clamp.listWidth))

    public var onPlaceChange: (@MainActor () -> Void)?

    /// - Parameter avatarsServer: where the avatars come from, which a failed avatar waits for.
    public init(model: PeopleViewModel, pipeline: ImagePipeline, avatarsServer: @escaping @MainActor () async -> URL = { Backend.builtIn.avatar(1) },
         open: @escaping @MainActor (Person, Bool) -> Void) {
        self.avatarsServer = avatarsServer
        self.model = model
        self.open = open
        let me = WeakReference<PeoplePage>()
        grid = RecyclingGrid(layout: Self.layout) { person in
            let row = PersonRow(person: person, pipeline: pipeline) { me.object?.model.state.avatarState(of: $0) ?? .waiting }
            row.chevron.isVisible = me.object?.selectsForPane != true
            return row
        }
        grid.canvas.accessibleName = tr("People")
        grid.canvas.announceAsList()
        grid.isReady = true
        noOneFound.widget.keepsOwnVisibility = true
        noOneFound.widget.isVisible = false
        noOneFound.widget.valign = .start
        let over = Overlay(child: grid.widget)
        over.addOverlay(noOneFound.widget)

        let people = Box(.vertical)
        people.append(search.widget)
        people.append(notice.widget)
        people.append(over, expand: true)
        content = ContentOrStatus(content: people, iconName: "dialog-error-symbolic")
        widget = content.widget
        me.object = self

        notice.onClick = { [weak self] in self?.model.dismissNotice() }
        content.retry.onClicked { [weak self] in
            guard let self else { return }
            Task { await self.model.retry() }
        }
        grid.onActivate = { [weak self] row in self?.open(row.person, true) }
        // In a wide window the editor beside the list follows the selection the arrow keys move.
        grid.onFocusMovedByKeys = { [weak self] row in
            guard let self, self.selectsForPane else { return }
            self.open(row.person, false)
        }
        grid.onLayout = { [weak self] in self?.laidOut() }
        grid.onViewMoved = { [weak self] in self?.onPlaceChange?() }
        grid.widget.onMap { [weak self] in self?.visibility.schedule() }
        grid.widget.onUnmap { [weak self] in self?.visibility.schedule() }
        connectSearch()
        model.onChange = { [weak self] state in self?.render(state) }
        // Late replies must not reach destroyed widgets.
        widget.onDestroy { [weak model] in model?.onChange = nil }
        render(model.state)
    }

    /// The people are in the list (after each change).
    var onPeopleShown: (([Person]) -> Void)?

    private func render(_ state: PeopleViewModel.State) {
        showPeople(state)
        noOneFound.widget.isVisible = state.isNoOneFound
        if state.isLoaded { onPeopleShown?(state.people) }
        if !state.failures.isEmpty { waitForTheAvatarsServer() } else { serverComingBack?.stop() }
        notice.show(state.notice)
        if let reason = state.failure {
            content.show(.failure(title: tr("People could not be opened"), reason: reason))
        } else {
            content.show(state.isLoaded ? .content : .loading(title: tr("Loading people…")), animated: false)
        }
    }

    /// New items when who is shown changed, else only changed names and avatars.
    private func showPeople(_ state: PeopleViewModel.State) {
        let shown = state.found
        let items = grid.items
        var changed: [Person] = []
        var sameRows = items.count == shown.count
        if sameRows {
            for (old, new) in zip(items, shown) where old != new {
                guard old.id == new.id else { sameRows = false; break }
                changed.append(new)
            }
        }
        if sameRows {
            changed.forEach(grid.replace)
        } else {
            grid.setItems(shown, animated: false, extending: false)
            visibility.schedule()
        }
        for row in grid.cells { row.update(row.person, state: state.avatarState(of: row.person)) }
    }

    /// After every layout and scroll: reused rows show the selection; the model hears who is in view.
    private func laidOut() {
        showSelection()
        visibility.schedule()
    }

    /// The people whose rows are at least partly in view, top to bottom; none while off screen.
    private func peopleInView() -> [Int64] {
        guard grid.widget.isMapped, adjustment.pageSize > 0, grid.layout.count == grid.items.count else { return [] }
        let top = adjustment.value
        return grid.layout.indices(from: top, to: top + adjustment.pageSize).map { grid.items[$0].id }
    }

    /// While avatars have failed, waits for their server to come back (`ServerComingBack`), then asks again.
    private func waitForTheAvatarsServer() {
        if serverComingBack == nil {
            serverComingBack = ServerComingBack(server: avatarsServer) { [weak self] in self?.model.retryFailedAvatars() }
        }
        serverComingBack?.wait()
    }

    /// F5, Ctrl+R, Refresh: failed avatars are asked again; the people follow the database anyway.
    public func refresh() {
        model.retryFailedAvatars()
    }

    // MARK: Search

    public var searchBar: SearchBar { search.widget }
    public func stopSearch() { search.close() }

    /// Ctrl+F: the search opens, the list's place kept to come back to.
    public func startSearch() {
        if !search.isOpen { placeBeforeSearch = (scroll: adjustment.value, focused: grid.focusedCell?.person.id) }
        search.open()
    }

    /// The search while it is open, else the first person in view.
    public func focusContent(while wanted: @escaping @MainActor () -> Bool) -> Bool {
        guard search.isOpen else { return grid.focusFirstInView(while: wanted) }
        search.entry.grabFocusWithoutSelecting()
        return true
    }

    /// Opens the search holding `text` (a search begun in GNOME Shell's overview).
    func showSearch(for text: String) {
        if !search.isOpen { placeBeforeSearch = (scroll: adjustment.value, focused: nil) }
        search.open(with: text)
    }

    private func connectSearch() {
        widget.onKeyPress { [weak self] key in
            guard let self else { return false }
            let place = (scroll: self.adjustment.value, focused: self.grid.focusedCell?.person.id)
            let wasOpen = self.search.isOpen
            guard self.search.handle(key) else { return false }
            if !wasOpen, self.search.isOpen { self.placeBeforeSearch = place }
            return true
        }
        search.onChange = { [weak self] text in
            self?.model.search(text)
            self?.onPlaceChange?()
        }
        search.onLeave = { [weak self] in
            guard let self, !self.grid.items.isEmpty else { return }
            self.grid.focus(index: 0)
        }
        search.onClose = { [weak self] in
            guard let self else { return }
            let place = self.placeBeforeSearch
            self.placeBeforeSearch = nil
            // Everyone again, focus and scroll back where they were once the search bar gave back its room.
            self.grid.layoutNow()
            let focused = place?.focused.flatMap { self.grid.index(of: $0) }
            if !self.grid.items.isEmpty { self.grid.focus(index: focused ?? 0) }
            guard let scroll = place?.scroll else { return }
            self.adjustment.value = scroll
            self.widget.onNextDraw { [weak self] in self?.adjustment.value = scroll }
        }
    }

    /// The rows near the view (in view and a screen around it), in the list's order.
    var rows: [PersonRow] { grid.cells }

    /// The rows at least partly in view, top to bottom. None while the page is not on screen.
    func rowsInView() -> [PersonRow] {
        peopleInView().compactMap { grid.cell(for: $0) }
    }

    public var isSettled: Bool {
        guard content.isSettled, model.state.isLoaded else { return false }
        let visible = rowsInView()
        // A stored avatar counts once the row shows it: it is still read and decoded after that.
        return !visible.isEmpty && visible.allSatisfy { row in
            let state = model.state.avatarState(of: row.person)
            return state != .waiting && row.shows(state) && row.isLoaded
        }
    }

    /// Rows in view, each with its avatar.
    public var showsContentInView: Bool {
        guard content.isSettled, model.state.isLoaded else { return false }
        let visible = rowsInView()
        return !visible.isEmpty && visible.allSatisfy(\.hasImage)
    }

    /// The first person's editor, the editor beside the list (wide), and the list alone (narrow).
    public var screenshotScenes: [ScreenshotScene] {
        let editFirst = { @MainActor [weak self] in
            guard let self, let first = self.grid.items.first, self.grid.widget.isMapped else { return }
            self.search.close()
            self.open(first, true)
        }
        return [ScreenshotScene(name: "people-search") { [weak self] in self?.search.open(typing: Self.screenshotSearch) },
                ScreenshotScene(name: "people-edit", enter: editFirst),
                ScreenshotScene(name: "people-pane", windowSize: (1400, 900), enter: editFirst),
                ScreenshotScene(name: "people-narrow", windowSize: (640, 800)) {}]
    }

    /// What the screenshot of the search looks for: letters of some of the built-in names.
    static let screenshotSearch = "ja" // not translated

    /// Wide: rows are selected and the editor shows beside the list; narrow: rows only open it.
    var selectsForPane = false {
        didSet { showSelection() }
    }

    /// Selects `personID`'s row without opening anything (its editor is already beside the list).
    func markSelected(personID: Int64) {
        selectedID = personID
        showSelection()
    }

    /// The editor of `personID` closed: nothing is selected, and the focus is back on its row.
    func detailClosed(personID: Int64) {
        selectedID = nil
        showSelection()
        if let index = grid.index(of: personID) { grid.focus(index: index) }
    }

    /// The selected person's row shows as selected, in a wide window only.
    private func showSelection() {
        let selected = selectsForPane ? selectedID : nil
        for row in grid.cells where row.view.showsSelected != (row.person.id == selected) {
            row.view.showsSelected = row.person.id == selected
        }
        for row in grid.cells where row.chevron.isVisible == selectsForPane { row.chevron.isVisible = !selectsForPane }
    }

    /// The row of `personID`, while it is near the view.
    func row(of personID: Int64) -> PersonRow? { grid.cell(for: personID) }

    var isNoticeVisible: Bool { notice.isShown }
    /// The failure is on screen and its cross-fade has ended.
    var isFailureSettled: Bool { content.isFailureShown && content.isSettled && content.retry.isMapped }
    var scroll: Adjustment { adjustment }
}
