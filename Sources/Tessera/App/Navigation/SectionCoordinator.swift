import Domain
import Gtk
import Localization

/// A section's navigation: pages slide in and out; People and Messages show details beside the root page when
/// wide (`showsPanes`), as pages when narrow.
@MainActor
public class SectionCoordinator {
    public let section: Section
    /// The section's content: one stack child per page.
    public let container = Stack()
    public private(set) var pages: [any Page] = []
    /// Pages popped but still sliding out; removed when the transition ends.
    private var leaving: [any Page] = []
    private var pageCounter = 0
    /// Called after every push or pop, and when the pane opens, closes or changes.
    public var onChange: (@MainActor () -> Void)?

    /// With a detail pane: root page, separator and pane side by side (the stack's first child).
    private let split: Box?
    /// Where the detail goes in a wide window.
    let pane = Box(.vertical)
    private let paneSeparator = Separator(.vertical)
    /// The detail shown in the pane (wide windows only).
    public private(set) var paneDetail: (any Page)?
    /// The pushed page that is a detail (it moves into the pane when the window widens).
    private var pushedDetail: ObjectIdentifier?
    /// Whether details show in the pane beside the root page (a wide window).
    public private(set) var showsPanes = false

    /// - Parameter detailPane: details go in a pane beside `root` in wide windows.
    public init(section: Section, root: any Page, detailPane: Bool = false) {
        self.section = section
        container.hexpand = true
        container.vexpand = true
        if detailPane {
            let split = Box(.horizontal)
            split.append(root.widget, expand: true)
            split.append(paneSeparator)
            split.append(pane)
            pane.addStyleClass("detail-pane")
            // Its own width, set by the window: an expanding detail would share the room with the list.
            pane.hexpand = false
            pane.accessibleName = tr("Details")
            for part in [paneSeparator, pane] as [Widget] {
                part.keepsOwnVisibility = true
                part.isVisible = false
            }
            self.split = split
        } else {
            split = nil
        }
        container.onNotify("transition-running") { [weak self] in self?.removeLeavingPages() }
        add(root)
        container.setVisibleChild(named: name(of: root), transition: .none)
    }

    public var depth: Int { pages.count }
    /// The page the header bar speaks for: a pushed page, else the pane's detail, else the root.
    public var topPage: any Page { pages.count > 1 ? pages[pages.count - 1] : paneDetail ?? pages[0] }
    public var canGoBack: Bool { pages.count > 1 || paneDetail != nil }

    public func push(_ page: any Page) {
        push(page, transition: isReopening ? .none : .slideLeft)
    }

    /// Pages `body` pushes show at once: what was open at the last launch is there, not arriving.
    func reopen(_ body: () -> Void) {
        isReopening = true
        body()
        isReopening = false
    }

    /// Pushes `viewer`; its zooms and moves are the section's place to save.
    func pushViewer(_ viewer: ViewerPage) -> ViewerPage {
        viewer.onPlaceChange = { [weak self] in self?.onPlaceChange?() }
        push(viewer)
        return viewer
    }

    /// The viewer open at the last launch, once `items` are shown: `open` pushes it on its item's index, at once.
    func reopenViewer<Items: Collection>(in items: Items, id: (Items.Element) -> String, _ open: (Items.Index) -> ViewerPage?) {
        guard let place = viewerToReopen else { return }
        viewerToReopen = nil
        guard let index = items.firstIndex(where: { id($0) == place.itemID }) else { return }
        reopen { open(index)?.restore(place) }
    }

    private func push(_ page: any Page, transition: Stack.Transition) {
        add(page)
        page.widget.showAll()
        // Before the switch, so the stack does not move focus to the new page's first widget itself.
        if let focused = page as? any InitiallyFocusedPage, container.containsFocus { focused.focusInitially() }
        container.setVisibleChild(named: name(of: page), transition: transition)
        onChange?()
    }

    /// Shows a detail: in the pane when wide (the one there leaves as if popped), pushed when narrow.
    public func showDetail(_ page: any Page) {
        guard showsPanes, pages.count == 1 else {
            pushedDetail = ObjectIdentifier(page)
            return push(page)
        }
        if let shown = paneDetail {
            (shown as? any LeavingPage)?.pageWillLeave()
            pane.remove(shown.widget)
        }
        putInPane(page)
        onChange?()
    }

    /// Pops the top page, or closes the pane; returns false at the root with no pane open.
    @discardableResult
    public func pop() -> Bool {
        guard pages.count > 1 else { return closePane() }
        (topPage as? any LeavingPage)?.pageWillLeave()
        let popped = pages.removeLast()
        leaving.append(popped)
        container.setVisibleChild(named: name(of: topPage), transition: .slideRight)
        removeLeavingPages()
        if ObjectIdentifier(popped) == pushedDetail {
            pushedDetail = nil
            detailClosed(popped)
        }
        onChange?()
        return true
    }

    public func popToRoot() {
        while canGoBack { pop() }
    }

    /// Closes the pane (its detail leaves as if popped); false when none is open.
    @discardableResult
    public func closePane() -> Bool {
        guard let shown = paneDetail else { return false }
        (shown as? any LeavingPage)?.pageWillLeave()
        emptyPane()
        detailClosed(shown)
        onChange?()
        return true
    }

    /// A detail left, popped or its pane closed: subclasses put the focus back on what opened it.
    open func detailClosed(_ page: any Page) {}

    /// Called when details move between pane and pages: subclasses tell their root page.
    open func panesChanged() {}

    /// The window shows another section now, or is closing: subclasses save what is being typed.
    open func sectionWillHide() {}

    /// The window went out of sight (minimized) or came back: the pages that care are told.
    func windowOutOfSight(_ outOfSight: Bool) {
        for case let page as any SightAwarePage in pages { page.windowOutOfSight(outOfSight) }
    }

    /// What the open detail shows (a person's id), kept for the next launch; nil when none is open.
    open var openDetailKey: String? { nil }

    /// The detail open at the last close: the subclass opens it again once its item is shown.
    public var detailToReopen: String?
    private var isReopening = false

    public var viewerPlace: ViewerPlace? { (topPage as? ViewerPage)?.place }
    public var viewerToReopen: ViewerPlace? // the subclass opens it again once its item is shown
    public var onPlaceChange: (@MainActor () -> Void)? // no push or pop: the viewer zoomed or moved on

    /// Wide windows show details in the pane, narrow ones push them; an open detail moves across as it is.
    public func setShowsPanes(_ wide: Bool, paneWidth: Int) {
        guard let split else { return }
        pane.setSizeRequest(width: paneWidth, height: -1)
        guard wide != showsPanes else { return }
        showsPanes = wide
        if wide, pages.count == 2, let detail = pages.last, ObjectIdentifier(detail) == pushedDetail {
            pages.removeLast()
            pushedDetail = nil
            container.setVisibleChild(named: split.name, transition: .none)
            container.remove(detail.widget)
            putInPane(detail)
        } else if !wide, let detail = paneDetail {
            emptyPane()
            pushedDetail = ObjectIdentifier(detail)
            push(detail, transition: .none)
        }
        panesChanged()
        onChange?()
    }

    /// Takes the detail out of the pane and hides the pane (the detail stays as it is).
    private func emptyPane() {
        guard let detail = paneDetail else { return }
        pane.remove(detail.widget)
        paneDetail = nil
        pane.isVisible = false
        paneSeparator.isVisible = false
    }

    private func putInPane(_ page: any Page) {
        paneDetail = page
        pane.append(page.widget, expand: true)
        page.widget.showAll()
        pane.isVisible = true
        paneSeparator.isVisible = true
    }

    private func add(_ page: any Page) {
        pageCounter += 1
        let child = pages.isEmpty ? split ?? page.widget : page.widget
        child.name = "page-\(pageCounter)"
        pages.append(page)
        container.addNamed(child, name: child.name)
    }

    private func name(of page: any Page) -> String {
        page === pages.first ? (split ?? page.widget).name : page.widget.name
    }

    /// Removes popped pages once no transition shows them any more (at once when animations are off).
    private func removeLeavingPages() {
        guard !container.transitionRunning else { return }
        for page in leaving { container.remove(page.widget) }
        leaving.removeAll()
    }
}
