import CGtk

/// The standard About dialog.
@MainActor
public final class AboutDialog: Window {
    public struct Info: Sendable {
        public var name: String, version: String, comments: String, website: String
        public var iconName: String, author: String
        public init(name: String, version: String, comments: String, website: String,
                    iconName: String, author: String) {
            self.name = name; self.version = version; self.comments = comments
            self.website = website; self.iconName = iconName; self.author = author
        }
    }

    public init(parent: Window?, info: Info) {
        super.init(taking: UnsafeMutableRawPointer(gtk_about_dialog_new()))
        let about: UnsafeMutablePointer<GtkAboutDialog> = raw.cast()
        gtk_about_dialog_set_program_name(about, info.name)
        gtk_about_dialog_set_version(about, info.version)
        gtk_about_dialog_set_comments(about, info.comments)
        gtk_about_dialog_set_website(about, info.website)
        gtk_about_dialog_set_logo_icon_name(about, info.iconName)
        gtk_about_dialog_set_license_type(about, GTK_LICENSE_MIT_X11)
        tessera_about_dialog_set_authors(about, info.author)
        setTransient(for: parent)
        isModal = true
        // Any response (Close, Escape) closes it.
        connect("response", shape: .pointer) { [weak self] _ in self?.hide(); return false }
    }
    public var programName: String {
        gtk_about_dialog_get_program_name(raw.cast()).map { String(cString: $0) } ?? ""
    }
}

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

    public init(parent: Window?, groups: [Group]) throws(GtkError) {
        self.groups = groups
        let builder = gtk_builder_new()
        defer { g_object_unref(builder) }
        var error: UnsafeMutablePointer<GError>? = nil
        guard gtk_builder_add_from_string(builder, Self.xml(groups), gsize.max, &error) != 0,
              let object = gtk_builder_get_object(builder, "shortcuts") else {
            throw GtkError(consuming: error)
        }
        super.init(taking: UnsafeMutableRawPointer(object))
        setTransient(for: parent)
        isModal = true
    }

    private static func xml(_ groups: [Group]) -> String {
        func escape(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        }
        var out = """
        <interface><object class="GtkShortcutsWindow" id="shortcuts"><property name="modal">1</property>
        <child><object class="GtkShortcutsSection"><property name="visible">1</property>
        <property name="section-name">shortcuts</property><property name="max-height">12</property>
        """
        for group in groups {
            out += "<child><object class=\"GtkShortcutsGroup\"><property name=\"visible\">1</property>"
            out += "<property name=\"title\">\(escape(group.title))</property>"
            for shortcut in group.shortcuts {
                out += "<child><object class=\"GtkShortcutsShortcut\"><property name=\"visible\">1</property>"
                out += "<property name=\"accelerator\">\(escape(shortcut.accelerator))</property>"
                out += "<property name=\"title\">\(escape(shortcut.title))</property></object></child>"
            }
            out += "</object></child>"
        }
        out += "</object></child></object></interface>"
        return out
    }
}
