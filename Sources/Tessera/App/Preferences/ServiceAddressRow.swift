import Domain
import Foundation
import Gtk
import Localization

/// A service's address entry (empty: built-in) with why it cannot be used; fixed when given on the command line.
@MainActor
final class ServiceAddressRow {
    let service: Backend.Service
    let row: ListBoxRow
    let entry = Entry(placeholder: tr("Built-in backend"))
    /// Why the address typed cannot be used; empty and hidden when it can.
    let problem = Label()
    /// The address given with `--service` for this launch, if one was.
    let given: URL?
    var onChanged: (@MainActor (String) -> Void)?
    /// Enter in the entry, or the focus left it: the address typed is to be used.
    var onCommit: (@MainActor () -> Void)?

    init(service: Backend.Service, text: String, given: URL?) {
        self.service = service
        self.given = given
        entry.widthChars = Self.entryWidth
        entry.valign = .center
        entry.accessibleName = service.addressName
        entry.text = given?.absoluteString ?? text
        entry.isSensitive = given == nil
        let line = PreferencesRowLine.make(title: service.title,
                                           summary: given == nil ? service.summary : tr("Given on the command line for this launch."),
                                           control: entry)
        problem.xalign = 0
        problem.wraps = true
        problem.addStyleClass("error")
        problem.keepsOwnVisibility = true
        problem.isVisible = false
        let content = Box(.vertical, spacing: 6)
        content.append(line)
        content.append(problem)
        content.setMargins(top: 8, bottom: 8, start: 12, end: 12)
        row = ListBoxRow(child: content)
        row.isActivatable = false
        entry.onChanged { [weak self] in
            guard let self else { return }
            self.onChanged?(self.entry.text)
        }
        entry.onActivate { [weak self] in self?.onCommit?() }
        entry.onFocusOut { [weak self] in self?.onCommit?() }
    }

    /// Wide enough for "https://example.org/" without scrolling, leaving the summary room beside it.
    static let entryWidth = 22

    /// Shows `text` as the address's problem, or none.
    func show(problem text: String?) {
        problem.text = text ?? ""
        problem.isVisible = text != nil
        entry.accessibleDescription = text ?? ""
        if text == nil { entry.removeStyleClass("error") } else { entry.addStyleClass("error") }
    }
}
