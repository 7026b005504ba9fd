import Domain
import Gtk
import ImagePipeline

/// One post of the grid: its image filling a square tile; a video shows a play badge. A flat
/// button, so it takes focus and a click, Enter or Space opens it.
@MainActor
final class FeedTile {
    let post: MediaPost
    let button: Button
    let image: ImageView
    /// Kept here: a GTK 3 gesture is not owned by its widget.
    let longPress: LongPressGesture

    init(post: MediaPost, pipeline: ImagePipeline) {
        self.post = post
        image = ImageView(pipeline: pipeline, iconSize: 48, scaling: .fill)
        let overlay = Overlay(child: image.picture)
        if post.kind == .video {
            // Poster frames come from the video itself, which needs GStreamer (not built yet).
            image.picture.showIcon("video-x-generic-symbolic")
            let badge = Box(.horizontal, spacing: 4)
            badge.addStyleClass("feed-badge")
            badge.append(Image(iconName: "media-playback-start-symbolic", pixelSize: 16))
            badge.append(Label("Video"))
            badge.halign = .start
            badge.valign = .end
            badge.setMargins(8)
            overlay.addOverlay(badge)
        }
        button = Button(child: overlay)
        button.addStyleClass("flat")
        button.addStyleClass("feed-tile")
        button.accessibleName = post.accessibleName
        longPress = LongPressGesture(on: button)
        button.showAll()
    }

    /// Loads the image decoded for a tile of `side` pixels (videos keep their badge tile).
    func bind(side: Int) {
        guard post.kind == .image, image.boundSize != side else { return }
        image.bind(ImageRequest(url: post.url, maximumPixelSize: side))
    }
}
