import Foundation
import Gtk
import Localization

/// GNOME's search bar: Ctrl+F or a letter opens, typing filters, Down to the list, Escape closes.
@MainActor
final class FilterBar {
    let widget: SearchBar
    let entry: Entry
    /// What was typed changed (empty once the bar closes).
    var onChange: ((String) -> Void)?
    /// Down (or Tab) in the entry: the list takes the focus.
    var onLeave: (() -> Void)?
    /// The bar closed (Escape); the list should take the focus.
    var onClose: (() -> Void)?
    /// Whether it shows (and so filters).
    private(set) var isOpen = false

    /// `placeholder` names what it searches.
    init(placeholder: String) {
        entry = Entry(searchPlaceholder: placeholder)
        entry.accessibleName = placeholder
        widget = SearchBar(entry: entry)
        widget.showAll()
        entry.onChanged { [weak self] in
            guard let self, self.isOpen else { return }
            self.onChange?(self.entry.text)
        }
        entry.onKeyPress { [weak self] key in
            guard let self else { return false }
            switch key.keyName {
            case "Escape":
                self.close()
                return true
            case "Down", "KP_Down":
                self.onLeave?()
                return true
            default:
                return false
            }
        }
    }

    /// Opens with focus, appending `text` (the opening letter).
    func open(typing text: String? = nil) {
        isOpen = true
        widget.isOpen = true
        if let text { entry.text += text }
        entry.grabFocusWithoutSelecting()
        entry.cursorPosition = -1
    }

    /// Opens the bar holding `text` alone (a search begun elsewhere: GNOME Shell's).
    func open(with text: String) {
        entry.text = text
        open()
        // The entry changed while the bar was closed, unheard.
        onChange?(text)
    }

    /// Clears and hides the bar; the list shows everything again.
    func close() {
        guard isOpen else { return }
        isOpen = false
        entry.text = ""
        widget.isOpen = false
        onChange?("")
        onClose?()
    }

    /// A printable key opens and types into the bar, Escape closes it; true when the key was the bar's.
    func handle(_ key: KeyEvent) -> Bool {
        if key.keyName == "Escape", isOpen {
            close()
            return true
        }
        guard key.modifiers.isDisjoint(with: [.control, .alt]), let text = key.text,
              !text.allSatisfy(\.isWhitespace) else { return false }
        open(typing: text)
        return true
    }
}
