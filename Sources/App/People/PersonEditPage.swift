import Domain
import Features
import Gtk
import ImagePipeline

/// Edits one person's name. The entry starts with the current name; going back by any path (the
/// header button, Escape, Alt+Left, the mouse's back button, Enter in the entry) saves it off the
/// main loop. The list learns of the new name from the database, not from this page.
@MainActor
final class PersonEditPage: LeavingPage {
    let title: String
    let widget: Widget
    let entry = Entry(placeholder: "Name")
    let avatar: ImageView
    private let personID: Int64
    private let model: PeopleViewModel
    private var saved = false

    init(person: Person, model: PeopleViewModel, pipeline: ImagePipeline, goBack: @escaping @MainActor () -> Void) {
        personID = person.id
        self.model = model
        title = "Edit \(person.name)"
        let box = Box(.vertical, spacing: 18)
        box.halign = .center
        box.valign = .start
        box.setMargins(top: 48, bottom: 24, start: 24, end: 24)
        avatar = ImageView(pipeline: pipeline, iconSize: 48, scaling: .fill)
        let picture = avatar.picture
        picture.isCircular = true
        picture.addStyleClass("avatar")
        picture.setSizeRequest(width: 96, height: 96)
        picture.halign = .center
        // The list decoded it already: a memory-cache hit shows at once.
        avatar.bind(person.hasAvatar ? .avatar(of: person) : nil, placeholder: "avatar-default-symbolic")
        picture.accessibleName = "Avatar of \(person.name)"
        let label = Label("Name")
        label.xalign = 0
        label.addStyleClass("dim-label")
        entry.text = person.name
        entry.accessibleName = "Name"
        entry.setSizeRequest(width: 320, height: -1)
        entry.onActivate { goBack() }
        let hint = Label("The name is saved when you go back.")
        hint.addStyleClass("dim-label")
        hint.xalign = 0
        box.append(picture)
        box.append(label)
        box.append(entry)
        box.append(hint)
        widget = box
        entry.onMap { [weak self] in self?.entry.grabFocus() }
    }

    func pageWillLeave() {
        guard !saved else { return }
        saved = true
        model.rename(personID, to: entry.text)
    }
}
