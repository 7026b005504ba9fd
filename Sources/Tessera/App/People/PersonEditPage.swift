import Domain
import Features
import Gtk
import ImagePipeline
import Localization

/// Edits a name, saved off the main loop on any way back or away; the list learns it from the database.
@MainActor
final class PersonEditPage: LeavingPage {
    let title: String
    let widget: Widget
    let entry = Entry(placeholder: tr("Name"))
    /// The name's row, a boxed list as GNOME's forms show a field.
    let form = ListBox(selectable: false)
    let avatar: PersonAvatar
    let personID: Int64
    private let model: PeopleViewModel
    /// The name last saved (or the one the page opened with).
    private var savedName: String
    /// The entry takes focus when shown: as a page always, in the pane only when the user opened the person.
    var focusesEntryWhenShown = true
    /// In the pane beside the list: the hint says when the name is saved there.
    var isInPane = false {
        didSet {
            hint.text = isInPane ? Self.paneHint : Self.pageHint
            closeButton.isVisible = isInPane
        }
    }
    /// Closes the pane from where it is, not from the header bar's far start.
    let closeButton = Button(iconName: "window-close-symbolic", accessibleName: tr("Close"))
    private let hint = Label(PersonEditPage.pageHint)
    static var pageHint: String { tr("The name is saved when you go back.") }
    static var paneHint: String { tr("The name is saved when you choose someone else or close this pane.") }

    init(person: Person, model: PeopleViewModel, pipeline: ImagePipeline, goBack: @escaping @MainActor () -> Void) {
        personID = person.id
        savedName = person.name
        self.model = model
        title = tr("Edit {name}", ["name": person.name.preview])
        let box = Box(.vertical, spacing: 18)
        box.valign = .start
        box.setMargins(top: 48, bottom: 24, start: 12, end: 12)
        avatar = PersonAvatar(pipeline: pipeline, size: 96)
        avatar.name = person.name
        // The list decoded it already: a memory-cache hit shows at once.
        avatar.bind(person.hasAvatar ? .avatar(of: person) : nil)
        avatar.widget.accessibleName = tr("Avatar of {name}", ["name": person.name.preview])
        let label = Label(tr("Name"))
        label.xalign = 0
        entry.text = person.name
        entry.accessibleName = tr("Name")
        let field = Box(.horizontal, spacing: 12)
        field.setMargins(top: 8, bottom: 8, start: 12, end: 12)
        field.append(label)
        field.append(entry, expand: true)
        let row = ListBoxRow(child: field)
        row.isActivatable = false
        form.addStyleClass("preferences-list")
        form.append(row)
        entry.onActivate { goBack() }
        hint.addStyleClass("dim-label")
        hint.xalign = 0
        hint.wraps = true
        avatar.widget.halign = .center
        box.append(avatar.widget)
        box.append(form)
        box.append(hint)
        closeButton.addStyleClass("flat")
        closeButton.addStyleClass("circular")
        closeButton.halign = .end
        closeButton.valign = .start
        closeButton.setMargins(6)
        closeButton.onClicked { goBack() }
        closeButton.keepsOwnVisibility = true
        closeButton.isVisible = false
        // The list's column: a row as wide as the list's, 12 px in at a phone's width.
        let overlay = Overlay(child: Clamp(box, maximumWidth: Clamp.listWidth + 24))
        overlay.addOverlay(closeButton)
        widget = overlay
        entry.onMap { [weak self] in
            guard let self, self.focusesEntryWhenShown else { return }
            self.entry.grabFocus()
        }
    }

    func pageWillLeave() { save() }

    /// Saves the name typed, if it changed since the last save; the page stays open.
    func save() {
        guard entry.text != savedName else { return }
        savedName = entry.text
        model.rename(personID, to: entry.text)
    }
}
