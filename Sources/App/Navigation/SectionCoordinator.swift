import Domain
import Gtk

/// Owns one section's navigation: a stack of pages shown one at a time, pushed with a slide to
/// the left and popped with a slide to the right. Views ask the coordinator to navigate; they
/// never push each other.
@MainActor
public class SectionCoordinator {
    public let section: Section
    /// The section's content: one stack child per page.
    public let container = Stack()
    public private(set) var pages: [any Page] = []
    /// Pages popped but still sliding out; removed when the transition ends.
    private var leaving: [any Page] = []
    private var pageCounter = 0
    /// Called after every push or pop.
    public var onChange: (@MainActor () -> Void)?

    public init(section: Section, root: any Page) {
        self.section = section
        container.hexpand = true
        container.vexpand = true
        container.onNotify("transition-running") { [weak self] in self?.removeLeavingPages() }
        add(root)
        container.setVisibleChild(named: name(of: root), transition: .none)
    }

    public var depth: Int { pages.count }
    public var topPage: any Page { pages[pages.count - 1] }
    public var canGoBack: Bool { pages.count > 1 }

    public func push(_ page: any Page) {
        add(page)
        page.widget.showAll()
        // Before the switch: the stack then finds the focus already outside the page it leaves
        // and does not move it to the new page's first focusable widget itself.
        if let focused = page as? any InitiallyFocusedPage, container.containsFocus { focused.initialFocus.grabFocus() }
        container.setVisibleChild(named: name(of: page), transition: .slideLeft)
        onChange?()
    }

    /// Pops the top page; returns false at the root.
    @discardableResult
    public func pop() -> Bool {
        guard canGoBack else { return false }
        (topPage as? any LeavingPage)?.pageWillLeave()
        leaving.append(pages.removeLast())
        container.setVisibleChild(named: name(of: topPage), transition: .slideRight)
        removeLeavingPages()
        onChange?()
        return true
    }

    public func popToRoot() {
        while canGoBack { pop() }
    }

    private func add(_ page: any Page) {
        pageCounter += 1
        page.widget.name = "page-\(pageCounter)"
        pages.append(page)
        container.addNamed(page.widget, name: page.widget.name)
    }

    private func name(of page: any Page) -> String { page.widget.name }

    /// Removes popped pages once no transition shows them any more (at once when animations are off).
    private func removeLeavingPages() {
        guard !container.transitionRunning else { return }
        for page in leaving { container.remove(page.widget) }
        leaving.removeAll()
    }
}
