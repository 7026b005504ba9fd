import Domain
import Gtk
import Localization

/// The window: header bar, sections sidebar, and a stack of each section coordinator's navigation.
@MainActor
public final class MainWindow {
    public let window: ApplicationWindow
    public let headerBar = HeaderBar()
    public let backButton = Button(iconName: "go-previous-symbolic", accessibleName: tr("Back"))
    public let menuButton: MenuButton
    public let addButton = Button(iconName: "list-add-symbolic", accessibleName: "")
    /// Shown while the section can be searched: pressed while its search bar shows.
    public let searchButton = ToggleButton(iconName: "system-search-symbolic", accessibleName: tr("Search"))
    /// Shown while the top page can be refreshed.
    public let refreshButton = Button(iconName: "view-refresh-symbolic", accessibleName: tr("Refresh"))
    /// Selection mode's ends of the header bar: Delete the chosen items, Cancel choosing.
    public let deleteChosenButton = Button(label: tr("_Delete…"))
    public let cancelChoosingButton = Button(label: tr("_Cancel"))
    public let sidebar = Sidebar()
    /// In narrow windows, where the sidebar folds away: shows it over the content.
    public let sectionsButton = ToggleButton(iconName: "view-list-symbolic", accessibleName: tr("Sections"))
    public let content = Stack()
    /// Why the built-in server could not start, across the top of every section.
    let backendNotice = NoticeBar()
    let diskNotice = NoticeBar(action: tr("Storage…"))
    private let contentColumn = Box(.vertical)
    /// Made the first time their section shows, so start-up builds only the visible one.
    public private(set) var coordinators: [Section: SectionCoordinator] = [:]
    private let makeCoordinator: @MainActor (Section) -> SectionCoordinator
    public private(set) var currentSection: Section
    private let backAction: Action
    private let sectionAction: Action
    private let refreshAction: Action
    private let findAction: Action
    private let separator = Separator(.vertical)
    private let layout: Flap
    /// Called when the visible section changes.
    public var onSectionChange: (@MainActor (Section) -> Void)?

    public init(application: Application, menu: MenuModel, initialSection: Section,
                makeCoordinator: @escaping @MainActor (Section) -> SectionCoordinator) {
        window = ApplicationWindow(application: application)
        self.makeCoordinator = makeCoordinator
        currentSection = initialSection
        menuButton = MenuButton(iconName: "open-menu-symbolic", accessibleName: tr("Main Menu"), menu: menu)
        layout = Flap(flap: sidebar.widget, separator: separator, content: contentColumn)

        window.title = "Tessera"
        window.accessibleName = "Tessera"
        headerBar.title = "Tessera"
        headerBar.packStart(sectionsButton)
        headerBar.packStart(backButton)
        headerBar.packStart(addButton)
        headerBar.packStart(deleteChosenButton)
        headerBar.packEnd(cancelChoosingButton)
        headerBar.packEnd(menuButton)
        headerBar.packEnd(refreshButton)
        headerBar.packEnd(searchButton)
        searchButton.tooltip = tr("Search (Ctrl+F)")
        refreshButton.tooltip = tr("Refresh (F5)")
        window.setTitlebar(headerBar)

        content.transitionDuration = 160
        contentColumn.append(backendNotice.widget)
        contentColumn.append(diskNotice.widget)
        contentColumn.append(content, expand: true)
        window.add(layout)

        backAction = Action(name: "back")
        sectionAction = Action(name: "section", takesString: true)
        window.addAction(backAction)
        refreshAction = Action(name: "refresh")
        findAction = Action(name: "find")
        window.addAction(sectionAction)
        window.addAction(refreshAction)
        window.addAction(findAction)
        wireActions()
        backButton.actionName = "win.back"
        addButton.onClicked { [weak self] in (self?.currentCoordinator.topPage as? any AddingPage)?.add() }
        refreshButton.actionName = "win.refresh"
        searchButton.onToggled { [weak self] in
            guard let self, let page = self.searchablePage, self.searchButton.isActive != page.searchBar.isOpen else { return }
            if self.searchButton.isActive { page.startSearch() } else { page.stopSearch() }
        }
        deleteChosenButton.addStyleClass("destructive-action")
        deleteChosenButton.onClicked { [weak self] in self?.selectingPage?.deleteChosen() }
        cancelChoosingButton.onClicked { [weak self] in self?.selectingPage?.clearChosen() }
        sidebar.onSelect = { [weak self] section in
            guard let self else { return }
            // The section shown (or being shown) builds nothing and starts no cross-fade.
            if section == self.currentSection { return }
            self.show(section)
        }
        // A click, Enter or Space on a row goes into its section; the arrow keys only show it.
        sidebar.onActivate = { [weak self] _ in
            self?.closeFoldedSidebar()
            self?.focusShownPage()
        }
        sectionsButton.onToggled { [weak self] in
            guard let self, self.isSidebarFolded, self.sectionsButton.isActive != self.layout.revealsFlap else { return }
            self.layout.reveal(self.sectionsButton.isActive, animated: true)
        }
        layout.onRevealChange { [weak self] in self?.sidebarRevealed() }
        sidebar.widget.onMap { [weak self] in
            guard let self, self.showsFoldedSidebar else { return } // a row takes the focus once on screen
            self.sidebar.row(for: self.currentSection).grabFocus()
        }
        // Asked before the window's shortcuts, which GTK 3 runs before the focused widget's keys.
        window.onKeyPress { [weak self] key in
            guard let self, !self.showsFoldedSidebar, let page = self.coordinators[self.currentSection]?.topPage as? any KeyFirstPage else { return false }
            return page.handleKeyFirst(key)
        }
        // Minimized: a clip playing waits for the window to be back.
        window.onOutOfSightChange { [weak self] outOfSight in
            self?.coordinators.values.forEach { $0.windowOutOfSight(outOfSight) }
        }
        // The mouse's back button goes back, wherever the pointer is in the window.
        window.onButtonPress { [weak self] event in
            guard event.isBackButton else { return false }
            return self?.goBack() ?? false
        }
        layout.showAll()
        headerBar.showAll()
        sectionsButton.keepsOwnVisibility = true
        sectionsButton.isVisible = false
        deleteChosenButton.isVisible = false
        cancelChoosingButton.isVisible = false
        // Decided after the allocation that reported the width: GTK drops size changes made during one.
        layout.onSizeAllocate { [weak self] rect in
            guard let self else { return }
            self.allocatedWidth = rect.width
            self.adaptCall.schedule()
        }
        // The first frame shows the chrome only, so the window appears as soon as GTK can draw it.
        sidebar.select(initialSection) // `show` is not called: the page is not built yet
        sidebar.row(for: initialSection).grabFocus()
        backButton.isVisible = false
        addButton.isVisible = false
        searchButton.isVisible = false
        refreshButton.isVisible = false
        headerBar.subtitle = initialSection.title
    }

    /// False until the first section's page is in the window (`showInitialSection()`).
    public private(set) var showsInitialSection = false

    /// Builds and shows the first section's page, once, right after the window's first frame.
    public func showInitialSection() {
        guard !showsInitialSection else { return }
        show(currentSection, transition: .none)
        (currentCoordinator.topPage as? any InitiallyFocusedPage)?.focusInitially()
    }

    /// At or below this content width the sidebar's 190 px fold away.
    public static let foldWidth = 700
    /// From this width a 400 px detail pane fits beside full-width bubbles and names.
    public static let paneWidth = 960
    private var allocatedWidth = 0
    private lazy var adaptCall = CoalescedCall { [weak self] in self?.adaptToWidth() }

    public private(set) var showsPanes = false

    /// The width left for the sections beside the sidebar (all of it while the sidebar is folded).
    private var contentWidth: Int {
        allocatedWidth - (isSidebarFolded ? 0 : max(sidebar.widget.allocatedSize.width, 190) + 1)
    }

    /// The detail pane's width in a content area this wide: two fifths, within 360 to 520 px.
    static func detailPaneWidth(content width: Int) -> Int { min(520, max(360, width * 2 / 5)) }

    /// Folds the sidebar in narrow windows, and puts details beside their lists in wide ones.
    private func adaptToWidth() {
        foldSidebarIfNarrow()
        showsPanes = allocatedWidth > 0 && contentWidth >= Self.paneWidth
        let paneWidth = Self.detailPaneWidth(content: contentWidth)
        for coordinator in coordinators.values { coordinator.setShowsPanes(showsPanes, paneWidth: paneWidth) }
    }

    /// Whether the sidebar is folded away (a narrow window).
    public private(set) var isSidebarFolded = false
    /// The folded sidebar shows over the content (the Sections button pressed).
    public var showsFoldedSidebar: Bool { isSidebarFolded && layout.revealsFlap }
    /// The sidebar has come in or gone out as asked, not sliding.
    public var isSidebarInPlace: Bool { layout.revealProgress == (layout.revealsFlap ? 1 : 0) }

    /// A phone's width: no room for Minimize and Maximize beside a title.
    public static let compactWidth = 480

    private func foldSidebarIfNarrow() {
        let compact = allocatedWidth > 0 && allocatedWidth <= Self.compactWidth
        if compact != (headerBar.decorationLayout != nil) {
            headerBar.decorationLayout = compact ? HeaderBar.layout(ThemeSettings().decorationLayout, without: ["minimize", "maximize"]) : nil
        }
        let fold = allocatedWidth > 0 && allocatedWidth <= Self.foldWidth
        guard fold != isSidebarFolded else { return }
        let focusWasInSidebar = sidebar.containsFocus
        isSidebarFolded = fold
        layout.isFolded = fold
        if fold { layout.reveal(false, animated: false) }
        showSidebar()
        // The focus does not vanish with the rows: it goes to what replaced them.
        if fold, focusWasInSidebar { sectionsButton.grabFocus() }
        updateChrome()
    }

    private func wireActions() {
        backAction.onActivate { [weak self] _ in _ = self?.goBack() }
        sectionAction.onActivate { [weak self] name in
            guard let self, let name, let section = Section(rawValue: name) else { return }
            self.closeFoldedSidebar()
            self.show(section)
            // Until the page can take it, the focus waits on the section's row, not on the row left.
            if self.sidebar.containsFocus { self.sidebar.row(for: section).grabFocus() }
            self.focusShownPage()
        }
        refreshAction.onActivate { [weak self] _ in
            (self?.currentCoordinator.topPage as? any RefreshablePage)?.refresh()
        }
        findAction.onActivate { [weak self] _ in self?.searchablePage?.startSearch() }
    }

    public var currentCoordinator: SectionCoordinator { coordinator(for: currentSection) }
    /// The shown section's coordinator if it was made (the first section's is made after the first frame).
    var currentCoordinatorIfMade: SectionCoordinator? { coordinators[currentSection] }

    /// The section's coordinator, made and added to the content stack on first use.
    public func coordinator(for section: Section) -> SectionCoordinator {
        if let existing = coordinators[section] { return existing }
        let made = makeCoordinator(section)
        let before = made.onChange
        made.onChange = { [weak self] in
            before?()
            self?.updateChrome()
        }
        (made.pages.first as? any SearchablePage)?.searchBar.onOpenChange { [weak self] in self?.updateChrome() }
        made.container.showAll()
        if showsPanes { made.setShowsPanes(true, paneWidth: Self.detailPaneWidth(content: contentWidth)) }
        content.addNamed(made.container, name: section.rawValue, title: section.title)
        coordinators[section] = made
        return made
    }

    /// Shows `section`, keeping each section's own navigation stack as it was.
    public func show(_ section: Section, transition: Stack.Transition = .crossfade) {
        showsInitialSection = true
        let changed = section != currentSection
        if changed { coordinators[currentSection]?.sectionWillHide() }
        // Out of the page first, or the stack focuses an entry, which selects its text.
        if changed, coordinators[currentSection]?.container.containsFocus == true {
            (isSidebarFolded ? sectionsButton : sidebar.row(for: section)).grabFocus()
        }
        _ = coordinator(for: section)
        currentSection = section
        if sidebar.selectedSection != section { sidebar.select(section) }
        content.setVisibleChild(named: section.rawValue, transition: transition)
        updateChrome()
        if changed { onSectionChange?(section) }
    }

    /// The page Ctrl+F searches: the stack's top page, or a list with its detail in the pane beside it.
    private var searchablePage: (any SearchablePage)? {
        coordinators[currentSection]?.pages.last as? any SearchablePage
    }

    /// The root page whose chosen items the header bar counts.
    private var selectingPage: (any SelectingPage)? {
        coordinators[currentSection].flatMap { $0.canGoBack ? nil : $0.topPage as? any SelectingPage }
    }

    private var isChoosing: Bool { (selectingPage?.chosenCount ?? 0) > 0 }

    /// Focuses the page shown, so its keys work at once; where it has nothing to focus yet, focus stays.
    public func focusShownPage() {
        let page = currentCoordinator.topPage
        if let page = page as? any InitiallyFocusedPage {
            page.focusInitially()
        } else if let page = page as? any ContentFocusingPage {
            let section = currentSection
            _ = page.focusContent { [weak self] in self?.currentSection == section }
        } else {
            page.widget.takeFocus()
        }
    }

    /// Rebuilds `section` with a new view-model (its address changed), now or when next shown.
    public func reload(_ section: Section) {
        guard let old = coordinators.removeValue(forKey: section) else { return }
        old.sectionWillHide()
        content.remove(old.container)
        if section == currentSection { show(section, transition: .none) }
    }

    /// Pops the current section's top page; false at a section's root.
    @discardableResult
    public func goBack() -> Bool {
        if let page = currentCoordinator.topPage as? any BackHandlingPage, page.handleBack() { return true }
        return currentCoordinator.pop()
    }

    /// Header bar, back and refresh follow the section's stack; pages call it when their title changes.
    public func updateChrome() {
        // No coordinator yet (the first frame) or one being made: nothing to follow.
        guard let coordinator = coordinators[currentSection] else { return }
        backButton.isVisible = coordinator.canGoBack
        backAction.isEnabled = coordinator.canGoBack
        let adding = coordinator.topPage as? any AddingPage
        addButton.isVisible = adding != nil
        addButton.accessibleName = adding?.addLabel ?? ""
        addButton.tooltip = adding?.addTooltip
        let refreshable = coordinator.topPage is any RefreshablePage
        refreshButton.isVisible = refreshable
        refreshAction.isEnabled = refreshable
        // Disabled, Ctrl+F goes on to the focused widget.
        findAction.isEnabled = searchablePage != nil
        searchButton.isVisible = findAction.isEnabled
        searchButton.isActive = searchablePage?.searchBar.isOpen ?? false
        let sectionName = (coordinator.pages.first as? any SectionTitledPage)?.sectionTitle ?? currentSection.title
        // A narrow window's header bar has no room for the app's name above the section's.
        let rootTitle = isSidebarFolded ? sectionName : "Tessera"
        headerBar.title = coordinator.canGoBack ? coordinator.topPage.title : rootTitle
        headerBar.subtitle = coordinator.canGoBack || !isSidebarFolded ? sectionName : nil
        showSelectionMode()
    }

    private var fillsWindow: Bool { coordinators[currentSection]?.topPage is any WindowFillingPage }

    /// The sidebar beside the sections in wide windows, the Sections button in narrow ones; neither under the viewer.
    private func showSidebar() {
        let shown = isSidebarFolded ? showsFoldedSidebar && !fillsWindow && !isChoosing : !fillsWindow
        if !shown, sidebar.containsFocus { _ = currentCoordinator.container.takeFocus() }
        if shown != layout.revealsFlap { layout.reveal(shown, animated: false) }
        sectionsButton.isVisible = isSidebarFolded && !isChoosing && !fillsWindow
    }

    private func closeFoldedSidebar() {
        guard showsFoldedSidebar else { return }
        layout.reveal(false, animated: true)
    }

    /// The Sections button follows the folded sidebar, which takes the focus while it shows and gives it back after.
    private func sidebarRevealed() {
        guard isSidebarFolded else { return }
        let shown = layout.revealsFlap
        if sectionsButton.isActive != shown { sectionsButton.isActive = shown }
        if shown, sidebar.widget.isMapped {
            sidebar.row(for: currentSection).grabFocus()
        } else if !shown, sidebar.containsFocus {
            sectionsButton.grabFocus()
        }
    }

    /// While items are chosen the header bar counts them and offers only Delete and Cancel, as GNOME's apps do.
    private func showSelectionMode() {
        let count = selectingPage?.chosenCount ?? 0
        let choosing = count > 0
        if choosing { headerBar.addStyleClass("selection-mode") } else { headerBar.removeStyleClass("selection-mode") }
        headerBar.showsCloseButton = !choosing
        deleteChosenButton.isVisible = choosing
        cancelChoosingButton.isVisible = choosing
        showSidebar()
        menuButton.isVisible = !choosing
        guard choosing else { return }
        for button in [backButton, addButton, searchButton, refreshButton] as [Widget] { button.isVisible = false }
        headerBar.title = ntr("{count} Selected", "{count} Selected", count: count)
        headerBar.subtitle = nil
    }
}
