import CGtk

/// GTK's shortcuts overview window, built from a description of the app's shortcuts.
@MainActor
public final class ShortcutsWindow: Window {
    public struct Shortcut: Sendable {
        public var accelerator: String, title: String
        public init(_ accelerator: String, _ title: String) { self.accelerator = accelerator; self.title = title }
    }
    public struct Group: Sendable {
        public var title: String, shortcuts: [Shortcut]
        public init(_ title: String, _ shortcuts: [Shortcut]) { self.title = title; self.shortcuts = shortcuts }
    }

    public let groups: [Group]

    /// GTK 3.24's shortcuts window leaves a dangling handler when finalized: only hide it.
    override func willRelease() { hide() }

    public init(parent: Window?, groups: [Group]) {
        self.groups = groups
        super.init(taking: tessera_object_new(gtk_shortcuts_window_get_type()))
        let section = tessera_object_new(gtk_shortcuts_section_get_type())!
        tessera_object_set_string(section, "section-name", "shortcuts")
        tessera_object_set_int(section, "max-height", 12)
        for group in groups {
            let groupWidget = tessera_object_new(gtk_shortcuts_group_get_type())!
            tessera_object_set_string(groupWidget, "title", group.title)
            for shortcut in group.shortcuts {
                let item = tessera_object_new(gtk_shortcuts_shortcut_get_type())!
                tessera_object_set_string(item, "accelerator", shortcut.accelerator)
                tessera_object_set_string(item, "title", shortcut.title)
                gtk_widget_show(item.cast())
                gtk_container_add(groupWidget.cast(), item.cast())
            }
            gtk_widget_show(groupWidget.cast())
            gtk_container_add(section.cast(), groupWidget.cast())
        }
        gtk_widget_show(section.cast())
        gtk_container_add(container, section.cast())
        setTransient(for: parent)
        isModal = true
    }
}
