import Domain
import Features
import Gtk
import ImagePipeline
import Localization

/// A row of the people list: a round avatar and the name.
@MainActor
final class PersonRow {
    let row: ListBoxRow
    let avatar: ImageView
    let nameLabel = Label()
    private(set) var person: Person
    /// The person and the avatar's state the row shows now.
    private var shown: (person: Person, state: PeopleViewModel.AvatarState)?

    static let avatarSize = 40

    init(person: Person, pipeline: ImagePipeline) {
        self.person = person
        avatar = ImageView(pipeline: pipeline, iconSize: 24, scaling: .fill)
        let picture = avatar.picture
        let box = Box(.horizontal, spacing: 12)
        box.setMargins(top: 8, bottom: 8, start: 12, end: 12)
        picture.isCircular = true
        picture.addStyleClass("avatar")
        picture.setSizeRequest(width: Self.avatarSize, height: Self.avatarSize)
        picture.valign = .center
        nameLabel.xalign = 0
        nameLabel.ellipsize()
        box.append(picture)
        box.append(nameLabel, expand: true)
        box.append(Image(iconName: "go-next-symbolic", pixelSize: 16))
        row = ListBoxRow(child: box)
        row.showAll()
        // Shown: a search leaves rows out through the list's filter, not their visibility.
        row.keepsOwnVisibility = true
        update(person, state: .waiting)
    }

    /// Shows the name, and the stored avatar once there is one (read and decoded by the image
    /// pipeline, off the main thread); until then an icon says whether it is on its way or failed.
    func update(_ person: Person, state: PeopleViewModel.AvatarState) {
        // Every change of the list's state comes to every row (a key typed in the search, an
        // avatar stored): a row whose person and avatar are as shown does nothing (10,000 rows
        // each setting their name again took 160 ms a key).
        if let shown, shown.person == person, shown.state == state { return }
        shown = (person, state)
        self.person = person
        nameLabel.text = person.name.preview
        row.accessibleName = person.accessibleName
        switch state {
        case .stored:
            row.tooltip = nil
            if !avatar.showsImage { avatar.bind(.avatar(of: person), placeholder: "avatar-default-symbolic") }
        case .waiting:
            row.tooltip = nil
            if !avatar.showsImage { avatar.bind(nil, placeholder: "avatar-default-symbolic") }
        case .failed(let reason):
            row.tooltip = tr("The avatar could not be downloaded. {reason}", ["reason": reason])
            if !avatar.showsImage { avatar.bind(nil, placeholder: "image-missing") }
        }
    }

    var hasImage: Bool { avatar.showsImage }
}

extension ImageRequest {
    /// A person's stored avatar at the largest size shown (the edit page's 96 px; `ImageView`
    /// asks for it at device pixels), so the list and the edit page share one decode.
    static func avatar(of person: Person) -> ImageRequest {
        ImageRequest(url: StoredAvatar.url(personID: person.id), maximumPixelSize: 96, sizing: .fill)
    }
}
