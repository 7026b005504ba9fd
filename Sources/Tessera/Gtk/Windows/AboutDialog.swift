import CGtk

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
