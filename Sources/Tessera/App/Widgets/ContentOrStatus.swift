import Gtk
import Localization

/// A section's content, or a loading or failure status (with Retry) in its place.
@MainActor
final class ContentOrStatus {
    /// What fills the section.
    enum Shown: Equatable {
        case content
        case loading(title: String)
        case failure(title: String, reason: String)
    }

    let widget: Widget
    let placeholder: RetryPlaceholder
    let spinner = Spinner()
    var retry: Button { placeholder.retry }
    private let stack = Stack()
    private(set) var shown: Shown

    /// `content` shows once loaded; `iconName` is the status's icon; `initially`, what shows first.
    init(content: Widget, iconName: String = "network-error-symbolic", initially: Shown = .content) {
        spinner.setSizeRequest(width: 32, height: 32)
        spinner.accessibleName = tr("Loading")
        placeholder = RetryPlaceholder(iconName: iconName, title: "", between: spinner)
        stack.addNamed(content, name: "content")
        stack.addNamed(placeholder.widget, name: "status")
        stack.hexpand = true
        stack.vexpand = true
        widget = stack
        for part in [spinner, placeholder.retry] as [Widget] { part.keepsOwnVisibility = true }
        stack.showAll()
        // The stack shows its first child, the content, until told otherwise.
        shown = .content
        show(initially, animated: false)
    }

    /// Shows `next`, cross-fading after a status; the same state again changes nothing.
    func show(_ next: Shown, animated: Bool = true) {
        guard next != shown else { return }
        shown = next
        switch next {
        case .content:
            spinner.isSpinning = false
            stack.setVisibleChild(named: "content", transition: animated ? .crossfade : .none)
        case .loading(let title):
            placeholder.status.view.title = title
            placeholder.reason = ""
            spinner.isVisible = true
            spinner.isSpinning = true
            placeholder.retry.isVisible = false
            stack.setVisibleChild(named: "status", transition: .none)
        case .failure(let title, let reason):
            placeholder.status.view.title = title
            placeholder.reason = reason
            spinner.isSpinning = false
            spinner.isVisible = false
            placeholder.retry.isVisible = true
            stack.setVisibleChild(named: "status", transition: animated ? .crossfade : .none)
        }
    }

    var isContentShown: Bool { stack.visibleChildName == "content" }
    var isStatusShown: Bool { stack.visibleChildName == "status" }
    var isFailureShown: Bool { if case .failure = shown { isStatusShown } else { false } }
    /// No cross-fade is running: what shows is where a click lands.
    var isSettled: Bool { !stack.transitionRunning }
}
