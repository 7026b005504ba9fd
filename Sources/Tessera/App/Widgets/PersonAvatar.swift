import Domain
import Gtk
import ImagePipeline

/// A person's round avatar: their initials on a colour until the stored picture shows over them.
@MainActor
final class PersonAvatar {
    let widget: Widget
    let image: ImageView
    private let initials: Avatar

    init(pipeline: ImagePipeline, size: Int) {
        initials = Avatar(size: size)
        image = ImageView(pipeline: pipeline, iconSize: size / 2, scaling: .fill)
        let picture = image.picture
        picture.isCircular = true
        picture.addStyleClass("avatar")
        picture.setSizeRequest(width: size, height: size)
        // Transparent, not hidden, while it loads: the picture loads only while mapped.
        picture.opacity = 0
        let overlay = Overlay(child: initials)
        overlay.addOverlay(picture)
        overlay.valign = .center
        overlay.halign = .center
        widget = overlay
        image.onImage = { [weak self] _ in self?.image.picture.opacity = 1 }
    }

    /// Whose initials show.
    var name: String {
        get { initials.text }
        set { initials.text = newValue }
    }

    /// The initials show: no picture over them.
    var showsInitials: Bool { image.picture.opacity == 0 && !initials.text.isEmpty }

    /// Shows the stored avatar `request` asks for over the initials; nil: the initials only.
    func bind(_ request: ImageRequest?) {
        image.bind(request, placeholder: "")
        image.picture.opacity = image.shownImage == nil ? 0 : 1
    }
}
