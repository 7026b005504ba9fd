import Domain
import Features
import Gtk

/// A row of the people list: a round avatar and the name.
@MainActor
final class PersonRow {
    let row: ListBoxRow
    let avatar = Picture(iconSize: 24, scaling: .fill)
    let nameLabel = Label()
    private(set) var person: Person
    private var showsImage = false

    static let avatarSize = 40

    init(person: Person) {
        self.person = person
        let box = Box(.horizontal, spacing: 12)
        box.setMargins(top: 8, bottom: 8, start: 12, end: 12)
        avatar.isCircular = true
        avatar.addStyleClass("avatar")
        avatar.setSizeRequest(width: Self.avatarSize, height: Self.avatarSize)
        avatar.valign = .center
        nameLabel.xalign = 0
        nameLabel.ellipsize()
        box.append(avatar)
        box.append(nameLabel, expand: true)
        box.append(Image(iconName: "go-next-symbolic", pixelSize: 16))
        row = ListBoxRow(child: box)
        row.showAll()
        update(person, state: .waiting)
    }

    func update(_ person: Person, state: PeopleViewModel.AvatarState) {
        self.person = person
        nameLabel.text = person.name
        row.accessibleName = person.accessibleName
        switch state {
        case .stored:
            row.tooltip = nil // the image arrives through show(_:)
        case .waiting:
            row.tooltip = nil
            if !showsImage { avatar.showIcon("avatar-default-symbolic") }
        case .failed(let reason):
            row.tooltip = "The avatar could not be downloaded. \(reason)"
            if !showsImage { avatar.showIcon("image-missing") }
        }
    }

    func show(_ image: any PixbufSource) {
        avatar.show(image)
        showsImage = true
    }

    var hasImage: Bool { showsImage }
}
