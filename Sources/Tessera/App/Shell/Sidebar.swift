import Domain
import Gtk
import Localization

/// The list of sections at the window's left edge.
@MainActor
public final class Sidebar {
    public let widget: Widget
    private let list = ListBox()
    private var rows: [ListBoxRow] = []
    private var unreadBadges: [Label] = []
    private var contents: [Widget] = []
    /// Called when the user picks a section (mouse, keyboard, or `select`).
    public var onSelect: (@MainActor (Section) -> Void)?
    /// Called when a row is activated: clicked, or Enter or Space on it.
    public var onActivate: (@MainActor (Section) -> Void)?

    public init() {
        list.addStyleClass("navigation-sidebar")
        list.accessibleName = tr("Sections")
        for section in Section.allCases {
            let box = Box(.horizontal, spacing: 12)
            box.setMargins(top: 10, bottom: 10, start: 14, end: 14)
            let icon = Image(iconName: section.iconName, pixelSize: 16)
            let label = Label(section.title)
            label.xalign = 0
            box.append(icon)
            box.append(label, expand: true)
            let badge = Label()
            badge.addStyleClass("unread-badge")
            badge.valign = .center
            box.append(badge)
            unreadBadges.append(badge)
            let row = ListBoxRow(child: box)
            row.accessibleName = section.title
            row.tooltip = tr("{summary} (Ctrl+{number})", ["summary": section.summary, "number": String(section.number)])
            list.append(row)
            rows.append(row)
            contents += [box, icon, label]
        }
        let scroller = ScrolledWindow()
        scroller.add(list)
        scroller.setSizeRequest(width: 190, height: -1)
        scroller.addStyleClass("sidebar")
        widget = scroller
        for badge in unreadBadges {
            badge.keepsOwnVisibility = true
            badge.isVisible = false
        }
        list.onRowSelected { [weak self] index in
            guard let self, Section.allCases.indices.contains(index) else { return }
            self.onSelect?(Section.allCases[index])
        }
        list.onRowActivated { [weak self] index in
            guard let self, Section.allCases.indices.contains(index) else { return }
            self.onActivate?(Section.allCases[index])
        }
    }

    /// Shows `count` unread on `section`'s row and in its name; 0 shows none.
    public func showUnread(_ count: Int, in section: Section) {
        let badge = unreadBadges[section.number - 1]
        badge.text = String(count)
        badge.isVisible = count > 0
        rows[section.number - 1].accessibleName = count > 0
            ? ntr("{section}, {count} unread", "{section}, {count} unread", count: count, ["section": section.title]) : section.title
    }

    /// Selects `section`'s row; the selection handler runs if it changed.
    public func select(_ section: Section) {
        list.select(rows[section.number - 1])
    }
    public var selectedSection: Section? { list.selectedIndex.map { Section.allCases[$0] } }
    /// The rows' accessible names, in order, as a screen reader reads them.
    public var rowNames: [String] { rows.map(\.accessibleName) }
    public func row(for section: Section) -> ListBoxRow { rows[section.number - 1] }
    /// Whether one of its rows has the keyboard focus.
    public var containsFocus: Bool { rows.contains { $0.isFocusWidget } }
}
