import Domain
import Gtk
import ImagePipeline
import Video

/// One post of the grid: its image filling a square tile; a video shows a play badge. A flat
/// button, so it takes focus and a click, Enter or Space opens it.
@MainActor
final class FeedTile {
    let post: MediaPost
    let button: Button
    let image: ImageView
    /// Kept here: a GTK 3 gesture is not owned by its widget.
    let longPress: LongPressGesture
    /// A video's length on its badge ("0:02"), once its poster has been read.
    let durationLabel = Label("Video")
    private(set) var poster: VideoPoster?
    private var posterRequested = false

    init(post: MediaPost, pipeline: ImagePipeline) {
        self.post = post
        image = ImageView(pipeline: pipeline, iconSize: 48, scaling: .fill)
        let overlay = Overlay(child: image.picture)
        if post.kind == .video {
            image.picture.showIcon("video-x-generic-symbolic")
            let badge = Box(.horizontal, spacing: 4)
            badge.addStyleClass("feed-badge")
            badge.append(Image(iconName: "media-playback-start-symbolic", pixelSize: 16))
            badge.append(durationLabel)
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

    /// Loads the image decoded for a tile of `side` pixels; a video's poster comes from the clip.
    func bind(side: Int, posters: VideoPosterCache) {
        switch post.kind {
        case .image:
            guard image.boundSize != side else { return }
            image.bind(ImageRequest(url: post.url, maximumPixelSize: side))
        case .video:
            guard !posterRequested else { return }
            posterRequested = true
            Task { [weak self] in
                guard let self else { return }
                switch await posters.poster(for: self.post, side: side) {
                case .success(let poster): self.show(poster)
                case .failure: self.image.picture.showIcon(ImageView.brokenIcon)
                }
            }
        }
    }

    private func show(_ poster: VideoPoster) {
        self.poster = poster
        image.picture.show(poster.image)
        if let duration = poster.duration {
            durationLabel.text = duration.clockText
            button.accessibleName = "\(post.accessibleName), \(duration.clockText)"
        }
    }

    /// True once the tile shows what it will show (an image, a poster or the broken icon).
    var isLoaded: Bool {
        switch post.kind {
        case .image: image.content != .icon(ImageView.placeholderIcon)
        case .video: poster != nil || image.content == .icon(ImageView.brokenIcon)
        }
    }
}
