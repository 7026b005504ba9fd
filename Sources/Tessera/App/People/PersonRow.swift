import Domain
import Features
import Gtk
import ImagePipeline
import Localization

/// A people row, reused as people scroll: a round avatar and the name; windowless, focusable, a list item.
@MainActor
final class PersonRow: RecyclingCell {
    let view: Widget
    let avatar: PersonAvatar
    let nameLabel = Label()
    /// Says a row opens a page; beside an open pane, where a row only chooses, it is hidden.
    let chevron = Image(iconName: "go-next-symbolic", pixelSize: 16)
    private(set) var person: Person
    var item: Person { person }
    /// The person and the avatar's state the row shows now.
    private var shown: (person: Person, state: PeopleViewModel.AvatarState)?
    /// The avatar's state of a person (the page's model knows it).
    private let avatarState: @MainActor (Person) -> PeopleViewModel.AvatarState
    /// Whether the row is the first or the last of the list, as its corners show.
    private var ends = (first: false, last: false)

    static let avatarSize = 40
    /// The row's height: the avatar, 8 pixels above and below it, and the line under it.
    static let height = 57

    init(person: Person, pipeline: ImagePipeline, avatarState: @escaping @MainActor (Person) -> PeopleViewModel.AvatarState) {
        self.person = person
        self.avatarState = avatarState
        avatar = PersonAvatar(pipeline: pipeline, size: Self.avatarSize)
        let box = Box(.horizontal, spacing: 12)
        box.setMargins(top: 8, bottom: 8, start: 12, end: 12)
        nameLabel.xalign = 0
        nameLabel.ellipsize()
        box.append(avatar.widget)
        box.append(nameLabel, expand: true)
        box.append(chevron)
        let view = Box.cellView(holding: box, styleClass: "person-row")
        self.view = view
        view.announceAsListItem()
        view.showAll()
        chevron.keepsOwnVisibility = true
        update(person, state: avatarState(person))
    }

    /// Shows `person` in this row (a recycled row takes the person who scrolled into its place).
    func show(_ person: Person) {
        update(person, state: avatarState(person))
    }

    /// Shows the name and the stored avatar once there is one, the initials until then (the tooltip says why).
    func update(_ person: Person, state: PeopleViewModel.AvatarState) {
        // Every state change reaches every row near the view: an unchanged row does nothing.
        if let shown, shown.person == person, shown.state == state { return }
        let samePerson = shown?.person.id == person.id
        shown = (person, state)
        self.person = person
        nameLabel.text = person.name.preview
        avatar.name = person.name
        view.accessibleName = person.accessibleName
        // A new person drops the last one's avatar; a rename keeps it.
        let keepsAvatar = samePerson && avatar.image.showsImage
        switch state {
        case .stored:
            view.tooltip = nil
            if !keepsAvatar { avatar.bind(.avatar(of: person)) }
        case .waiting:
            view.tooltip = nil
            if !keepsAvatar { avatar.bind(nil) }
        case .failed(let reason):
            view.tooltip = tr("The avatar could not be downloaded. {reason}", ["reason": reason])
            if !keepsAvatar { avatar.bind(nil) }
        }
    }

    /// The first row has the list's top corners, the last its bottom corners and no line under it.
    func setPosition(_ index: Int, of count: Int) {
        let now = (first: index == 0, last: index == count - 1)
        guard now != ends else { return }
        ends = now
        if now.first { view.addStyleClass("first") } else { view.removeStyleClass("first") }
        if now.last { view.addStyleClass("last") } else { view.removeStyleClass("last") }
    }

    /// Lets go of the avatar and the names while the row waits to be reused.
    func park() {
        shown = nil
        avatar.bind(nil)
        view.accessibleName = ""
        view.tooltip = nil
        view.showsSelected = false
    }

    /// Loads nothing by size: the avatar is bound when the person is shown.
    func load(side size: Int) {}

    var isLoaded: Bool { avatar.image.isLoaded || shown.map { $0.state != .stored } ?? false }
    /// Whether the row shows its person's avatar as `state` says (the page hands it each change).
    func shows(_ state: PeopleViewModel.AvatarState) -> Bool { shown?.state == state }
    var hasImage: Bool { avatar.image.showsImage }
}

extension ImageRequest {
    /// The avatar at the largest size shown (the editor's 96 px), so list and editor share one decode.
    static func avatar(of person: Person) -> ImageRequest {
        ImageRequest(url: StoredAvatar.url(personID: person.id), maximumPixelSize: 96, sizing: .fill)
    }
}
