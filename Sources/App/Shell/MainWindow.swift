import Domain
import Gtk

/// The window: a header bar, the sections sidebar and the content stack holding each section
/// coordinator's navigation stack.
@MainActor
public final class MainWindow {
    public let window: ApplicationWindow
    public let headerBar = HeaderBar()
    public let backButton = Button(iconName: "go-previous-symbolic", accessibleName: "Back")
    public let menuButton: MenuButton
    /// Shown while the top page can be refreshed.
    public let refreshButton = Button(iconName: "view-refresh-symbolic", accessibleName: "Refresh")
    public let sidebar = Sidebar()
    public let content = Stack()
    /// Section coordinators, made the first time their section is shown so that start-up builds
    /// only the visible section.
    public private(set) var coordinators: [Section: SectionCoordinator] = [:]
    private let makeCoordinator: @MainActor (Section) -> SectionCoordinator
    public private(set) var currentSection: Section
    private let backAction: Action
    private let sectionAction: Action
    private let refreshAction: Action
    private let layout = Box(.horizontal)
    private let separator = Separator(.vertical)
    /// Called when the visible section changes.
    public var onSectionChange: (@MainActor (Section) -> Void)?

    public init(application: Application, menu: MenuModel, initialSection: Section,
                makeCoordinator: @escaping @MainActor (Section) -> SectionCoordinator) {
        window = ApplicationWindow(application: application)
        self.makeCoordinator = makeCoordinator
        currentSection = initialSection
        menuButton = MenuButton(iconName: "open-menu-symbolic", accessibleName: "Main Menu", menu: menu)

        window.title = "Tessera"
        window.accessibleName = "Tessera"
        headerBar.title = "Tessera"
        headerBar.packStart(backButton)
        headerBar.packEnd(menuButton)
        headerBar.packEnd(refreshButton)
        refreshButton.tooltip = "Refresh (F5)"
        window.setTitlebar(headerBar)

        content.transitionDuration = 160
        layout.append(sidebar.widget)
        layout.append(separator)
        layout.append(content, expand: true)
        window.add(layout)

        backAction = Action(name: "back")
        sectionAction = Action(name: "section", takesString: true)
        window.addAction(backAction)
        refreshAction = Action(name: "refresh")
        window.addAction(sectionAction)
        window.addAction(refreshAction)
        wireActions()
        backButton.actionName = "win.back"
        refreshButton.actionName = "win.refresh"
        sidebar.onSelect = { [weak self] section in self?.show(section) }
        // The mouse's back button goes back, wherever the pointer is in the window.
        window.onButtonPress { [weak self] event in
            guard event.isBackButton else { return false }
            return self?.goBack() ?? false
        }
        layout.showAll()
        headerBar.showAll()
        show(initialSection, transition: .none) // also selects its sidebar row
        sidebar.row(for: initialSection).grabFocus()
    }

    private func wireActions() {
        backAction.onActivate { [weak self] _ in _ = self?.goBack() }
        sectionAction.onActivate { [weak self] name in
            guard let name, let section = Section(rawValue: name) else { return }
            self?.show(section)
        }
        refreshAction.onActivate { [weak self] _ in
            (self?.currentCoordinator.topPage as? any RefreshablePage)?.refresh()
        }
    }

    public var currentCoordinator: SectionCoordinator { coordinator(for: currentSection) }

    /// The section's coordinator, made and added to the content stack on first use.
    public func coordinator(for section: Section) -> SectionCoordinator {
        if let existing = coordinators[section] { return existing }
        let made = makeCoordinator(section)
        made.onChange = { [weak self] in self?.updateChrome() }
        made.container.showAll()
        content.addNamed(made.container, name: section.rawValue, title: section.title)
        coordinators[section] = made
        return made
    }

    /// Shows `section`, keeping each section's own navigation stack as it was.
    public func show(_ section: Section, transition: Stack.Transition = .crossfade) {
        let changed = section != currentSection
        _ = coordinator(for: section)
        currentSection = section
        if sidebar.selectedSection != section { sidebar.select(section) }
        content.setVisibleChild(named: section.rawValue, transition: transition)
        updateChrome()
        if changed { onSectionChange?(section) }
    }

    /// Pops the current section's top page; false at a section's root.
    @discardableResult
    public func goBack() -> Bool {
        currentCoordinator.pop()
    }

    /// Header bar, back and refresh buttons follow the current section's stack; pages call it when
    /// their title changes.
    public func updateChrome() {
        let coordinator = currentCoordinator
        backButton.isVisible = coordinator.canGoBack
        backAction.isEnabled = coordinator.canGoBack
        let refreshable = coordinator.topPage is any RefreshablePage
        refreshButton.isVisible = refreshable
        refreshAction.isEnabled = refreshable
        headerBar.title = coordinator.canGoBack ? coordinator.topPage.title : "Tessera"
        headerBar.subtitle = (coordinator.pages.first as? any SectionTitledPage)?.sectionTitle ?? currentSection.title
    }
}
