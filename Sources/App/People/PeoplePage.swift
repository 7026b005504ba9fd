import Domain
import Features
import Foundation
import Gtk
import ImagePipeline
import Localization

/// The 20 people: a list of round avatars and names, a progress line ("Avatars: 7 of 20"), and a
/// notice bar for refused names and failed writes. Rows that come into view ask for their
/// avatars; a row opens its edit page. Typing in the list (or Ctrl+F) searches it by name.
@MainActor
public final class PeoplePage: SettlingPage, ContentShowingPage, RefreshablePage, ScreenshotScenes {
    public let title = tr("People")
    public let widget: Widget
    public let model: PeopleViewModel
    private(set) var rows: [PersonRow] = []
    let list = ListBox(selectable: false)
    /// Whom the list's filter found when it last asked (nil: everyone).
    private var filtered: Set<Int64>?
    let progressLabel = Label()
    let notice = NoticeBar()
    /// Searches the list by name; typing in the list opens it.
    let search = FilterBar(placeholder: tr("Search people"))
    /// In place of the rows when the search finds no one.
    let noOneFound = StatusPage(iconName: "edit-find-symbolic", title: tr("No one found"),
                                description: tr("No name has what is typed. Escape shows everyone again."))
    /// GIO's network monitor, once an avatar failed.
    private var serverComingBack: ServerComingBack?
    private let avatarsServer: @MainActor () async -> URL
    /// Where the list was scrolled to, and the person whose row had the focus, when a search
    /// began: the list is back there once the search closes.
    private var placeBeforeSearch: (scroll: Double, focused: Int64?)?
    /// The people, or why they could not be read at all, with Retry.
    let content: ContentOrStatus
    private let scroller = ScrolledWindow()
    /// The scrolled content: positions in it are positions in the adjustment's range.
    private let column = Box(.vertical)
    private let adjustment: Adjustment
    private let pipeline: ImagePipeline
    /// Opens a person's editor; true when the user opened it (Enter, a click), false when the
    /// selection moved to them (arrow keys in a wide window).
    private let open: @MainActor (Person, Bool) -> Void
    /// Visibility is worked out after allocation (rows have their places then), once per frame.
    private lazy var visibility = CoalescedCall { [weak self] in
        guard let self else { return }
        self.model.rowsInView(self.rowsInView().map(\.person.id))
    }

    /// - Parameter avatarsServer: where the avatars come from, which a failed avatar waits for.
    public init(model: PeopleViewModel, pipeline: ImagePipeline, avatarsServer: @escaping @MainActor () async -> URL = { Backend.builtIn.avatar(1) },
         open: @escaping @MainActor (Person, Bool) -> Void) {
        self.avatarsServer = avatarsServer
        self.model = model
        self.pipeline = pipeline
        self.open = open
        adjustment = scroller.verticalAdjustment()
        list.addStyleClass("people-list")
        list.accessibleName = tr("People")
        list.scrollsFocus(with: adjustment)
        column.setMargins(top: 12, bottom: 24, start: 24, end: 24)
        column.append(list)
        noOneFound.widget.keepsOwnVisibility = true
        noOneFound.widget.isVisible = false
        column.append(noOneFound.widget)
        column.halign = .fill
        scroller.add(column)

        progressLabel.xalign = 0
        progressLabel.addStyleClass("dim-label")
        progressLabel.setMargins(top: 12, bottom: 0, start: 36, end: 24)

        let people = Box(.vertical)
        people.append(notice.widget)
        people.append(search.widget)
        people.append(progressLabel)
        people.append(scroller, expand: true)
        content = ContentOrStatus(content: people, iconName: "dialog-error-symbolic")
        widget = content.widget

        notice.onClick = { [weak self] in self?.model.dismissNotice() }
        content.retry.onClicked { [weak self] in
            guard let self else { return }
            Task { await self.model.retry() }
        }
        list.onRowActivated { [weak self] index in
            guard let self, self.rows.indices.contains(index) else { return }
            self.open(self.rows[index].person, true)
        }
        // In a wide window the editor beside the list follows the selection.
        list.onRowSelected { [weak self] index in
            guard let self, self.selectsForPane, !self.marking, self.rows.indices.contains(index) else { return }
            self.open(self.rows[index].person, false)
        }
        adjustment.onValueChanged { [weak self] in self?.visibility.schedule() }
        adjustment.onExtentChanged { [weak self] in self?.visibility.schedule() }
        scroller.onMap { [weak self] in self?.visibility.schedule() }
        connectSearch()
        // The rows are the people in order: a row shows when the search finds its person.
        list.setFilter { [weak self] index in
            guard let self, self.model.state.people.indices.contains(index) else { return true }
            return self.model.state.shows(self.model.state.people[index])
        }
        model.onChange = { [weak self] state in self?.render(state) }
        // Once its window is gone, the page takes no more updates (late replies would find its
        // widgets destroyed).
        widget.onDestroy { [weak model] in model?.onChange = nil }
        render(model.state)
    }

    /// The people are in the list (after each change).
    var onPeopleShown: (([Person]) -> Void)?

    private func render(_ state: PeopleViewModel.State) {
        if rows.map(\.person.id) != state.people.map(\.id) {
            rows.forEach { list.remove($0.row) }
            rows = state.people.map { person in
                let row = PersonRow(person: person, pipeline: pipeline)
                list.append(row.row)
                return row
            }
            visibility.schedule()
        }
        for (row, person) in zip(rows, state.people) {
            row.update(person, state: state.avatarState(of: person))
        }
        // The search's rows: the list asks its filter again only when whom it finds changed.
        if state.matching != filtered {
            filtered = state.matching
            list.invalidateFilter()
            visibility.schedule()
        }
        noOneFound.widget.isVisible = state.isNoOneFound
        if state.isLoaded { onPeopleShown?(state.people) }
        if !state.failures.isEmpty { waitForTheAvatarsServer() } else { serverComingBack?.stop() }
        progressLabel.text = state.isLoaded ? state.progressText : tr("Loading people…")
        progressLabel.accessibleName = progressLabel.text
        notice.show(state.notice)
        if let reason = state.failure {
            content.show(.failure(title: tr("People could not be opened"), reason: reason))
        } else {
            content.show(.content, animated: false)
        }
    }

    /// While avatars have failed, their server is waited for (`ServerComingBack`: a network that
    /// comes back, or the server on this machine answering again): then the avatars that failed
    /// are asked for again.
    private func waitForTheAvatarsServer() {
        if serverComingBack == nil {
            serverComingBack = ServerComingBack(server: avatarsServer) { [weak self] in self?.model.retryFailedAvatars() }
        }
        serverComingBack?.wait()
    }

    /// F5, Ctrl+R, the Refresh button: the avatars that could not be fetched are asked for again
    /// (the people themselves live in the database here, and follow it as it changes).
    public func refresh() {
        model.retryFailedAvatars()
    }

    // MARK: Search

    /// Opens the search holding `text` (a search begun in GNOME Shell's overview).
    func showSearch(for text: String) {
        if !search.isOpen { placeBeforeSearch = (scroll: adjustment.value, focused: nil) }
        search.open(with: text)
    }

    private func connectSearch() {
        widget.onKeyPress { [weak self] key in
            guard let self else { return false }
            let place = (scroll: self.adjustment.value, focused: self.rows.first { $0.row.isFocusWidget }?.person.id)
            let wasOpen = self.search.isOpen
            guard self.search.handle(key) else { return false }
            if !wasOpen, self.search.isOpen { self.placeBeforeSearch = place }
            return true
        }
        search.onChange = { [weak self] text in self?.model.search(text) }
        search.onLeave = { [weak self] in self?.firstRowFound?.row.grabFocus() }
        search.onClose = { [weak self] in
            guard let self else { return }
            let place = self.placeBeforeSearch
            self.placeBeforeSearch = nil
            // The row that had the focus takes it again, and the list is back where it was once
            // its rows are laid out again.
            let focused = place?.focused.flatMap { id in self.rows.first { $0.person.id == id } }
            (focused ?? self.firstRowFound)?.row.grabFocus()
            guard let scroll = place?.scroll else { return }
            self.widget.onNextDraw { [weak self] in self?.adjustment.value = scroll }
        }
    }

    /// The first row the search shows (every row without a search).
    private var firstRowFound: PersonRow? { rows.first { model.state.shows($0.person) } }

    /// The rows at least partly in view, top to bottom. None while the page is not on screen.
    func rowsInView() -> [PersonRow] {
        guard scroller.isMapped, adjustment.pageSize > 0 else { return [] }
        let top = adjustment.value, bottom = adjustment.value + adjustment.pageSize
        return rows.filter { row in
            // A row the search leaves out is unmapped, its last allocation kept.
            guard row.row.isMapped, let origin = row.row.origin(in: column) else { return false }
            let y = Double(origin.y), height = Double(row.row.allocatedSize.height)
            return height > 0 && y < bottom && y + height > top
        }
    }

    public var isSettled: Bool {
        guard content.isSettled, model.state.isLoaded else { return false }
        let visible = rowsInView()
        return !visible.isEmpty && visible.allSatisfy { row in
            row.hasImage || model.state.avatarState(of: row.person) != .waiting
        }
    }

    /// Rows in view, each with its avatar.
    public var showsContentInView: Bool {
        guard content.isSettled, model.state.isLoaded else { return false }
        let visible = rowsInView()
        return !visible.isEmpty && visible.allSatisfy(\.hasImage)
    }

    /// The edit page of the first person, the editor beside the list in a wide window, and the
    /// list in a narrow window (the sidebar folded into the header bar's sections button).
    public var screenshotScenes: [ScreenshotScene] {
        let editFirst = { @MainActor [weak self] in
            guard let self, let first = self.rows.first, self.scroller.isMapped else { return }
            self.search.close()
            self.open(first.person, true)
        }
        return [ScreenshotScene(name: "people-search") { [weak self] in self?.search.open(typing: Self.screenshotSearch) },
                ScreenshotScene(name: "people-edit", enter: editFirst),
                ScreenshotScene(name: "people-pane", windowSize: (1400, 900), enter: editFirst),
                ScreenshotScene(name: "people-narrow", windowSize: (640, 800)) {}]
    }

    /// What the screenshot of the search looks for: letters of some of the built-in names.
    static let screenshotSearch = "ja" // not translated

    /// In a wide window rows are selected, and the selected person's editor shows beside the list;
    /// in a narrow one rows only open it.
    var selectsForPane = false {
        didSet { list.selectionMode = selectsForPane ? .single : .none }
    }
    /// Set while the page selects a row itself (not the user choosing one).
    private var marking = false

    /// Selects `personID`'s row without opening anything (its editor is already beside the list).
    func markSelected(personID: Int64) {
        guard let row = rows.first(where: { $0.person.id == personID }) else { return }
        marking = true
        list.select(row.row)
        marking = false
    }

    /// The editor of `personID` closed: nothing is selected, and the focus is back on its row.
    func detailClosed(personID: Int64) {
        list.unselectAll()
        rows.first { $0.person.id == personID }?.row.grabFocus()
    }

    /// The row of `personID`.
    func row(of personID: Int64) -> PersonRow? { rows.first { $0.person.id == personID } }

    var isNoticeVisible: Bool { notice.isShown }
    /// The failure is on screen and its cross-fade has ended.
    var isFailureSettled: Bool { content.isFailureShown && content.isSettled && content.retry.isMapped }
    var scroll: Adjustment { adjustment }
}
