import Domain
import Gtk
import Localization

/// The loading end of a paged list: nothing, a spinner, a failure with Retry, or a quiet end line.
@MainActor
final class PagingIndicator {
    let widget: Widget
    let spinner = Spinner()
    let retry = Button(label: tr("Retry"))
    /// Why the last page failed (after `failurePrefix`).
    let error = Label()
    /// The line shown at the end.
    let end: Label
    private let stack = Stack()
    private let failurePrefix: String

    /// The spinner's name, a failure's lead-in, the end line; `retryBeside` puts Retry beside the reason.
    init(loading: String, failurePrefix: String, end: String, retryBeside: Bool) {
        self.failurePrefix = failurePrefix
        self.end = Label(end)
        spinner.setSizeRequest(width: 24, height: 24)
        spinner.accessibleName = loading
        error.wraps = true
        error.addStyleClass("dim-label")
        let failed = Box(retryBeside ? .horizontal : .vertical, spacing: retryBeside ? 12 : 6)
        if retryBeside {
            failed.halign = .center
        } else {
            error.setJustification(.center)
            retry.halign = .center
        }
        failed.append(error)
        failed.append(retry)
        self.end.addStyleClass("dim-label")
        stack.addNamed(Box(.vertical), name: "idle")
        stack.addNamed(spinner, name: "loading")
        stack.addNamed(failed, name: "failed")
        stack.addNamed(self.end, name: "end")
        widget = stack
    }

    func show(_ paging: Paging) {
        switch paging {
        case .idle: stack.setVisibleChild(named: "idle", transition: .none)
        case .loading: stack.setVisibleChild(named: "loading", transition: .none)
        case .failed(let reason):
            error.text = "\(failurePrefix) \(reason.preview)"
            stack.setVisibleChild(named: "failed", transition: .none)
        case .ended: stack.setVisibleChild(named: "end", transition: .none)
        }
        spinner.isSpinning = paging == .loading
    }

    /// "idle", "loading", "failed" or "end", for tests.
    var state: String? { stack.visibleChildName }
}
