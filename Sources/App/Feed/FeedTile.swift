import Domain
import Gtk
import ImagePipeline
import Video

/// A tile of the feed grid, reused for whichever post scrolls into its place: the image filling
/// a square, or a video's poster with a play badge and its length. A flat button, so it takes
/// focus and a click, Enter or Space opens the post.
@MainActor
public final class FeedTile {
    public private(set) var post: MediaPost
    let button: Button
    let image: ImageView
    /// Kept here: a GTK 3 gesture is not owned by its widget.
    let longPress: LongPressGesture
    private let badge = Box(.horizontal, spacing: 4)
    /// A video's length on its badge ("0:02"), once its poster has been read.
    let durationLabel = Label("Video")
    private(set) var poster: VideoPoster?
    /// Bumped on every rebind; a poster that arrives for an earlier post is dropped.
    private var generation = 0
    private var boundSide = 0

    init(post: MediaPost, pipeline: ImagePipeline) {
        self.post = post
        image = ImageView(pipeline: pipeline, iconSize: 48, scaling: .fill)
        let overlay = Overlay(child: image.picture)
        badge.addStyleClass("feed-badge")
        badge.append(Image(iconName: "media-playback-start-symbolic", pixelSize: 16))
        badge.append(durationLabel)
        badge.halign = .start
        badge.valign = .end
        badge.setMargins(8)
        overlay.addOverlay(badge)
        button = Button(child: overlay)
        button.addStyleClass("flat")
        button.addStyleClass("feed-tile")
        longPress = LongPressGesture(on: button)
        button.showAll()
        badge.keepsOwnVisibility = true
        show(post)
    }

    /// Shows `post` in this tile (a recycled tile takes the post that scrolled into its place).
    func show(_ post: MediaPost) {
        generation += 1
        self.post = post
        poster = nil
        boundSide = 0
        button.accessibleName = post.accessibleName
        badge.isVisible = post.kind == .video
        durationLabel.text = "Video"
        switch post.kind {
        case .image: image.bind(nil)
        case .video:
            image.bind(nil)
            image.picture.showIcon("video-x-generic-symbolic")
        }
    }

    /// Loads the image decoded for a tile of `side` pixels; a video's poster comes from the clip.
    func bind(side: Int, posters: VideoPosterCache) {
        guard boundSide != side else { return }
        boundSide = side
        switch post.kind {
        case .image:
            image.bind(ImageRequest(url: post.url, maximumPixelSize: side))
        case .video:
            let generation = self.generation, post = self.post
            if let done = posters.cached(post) { return apply(done) }
            Task { [weak self] in
                let result = await posters.poster(for: post, side: side)
                guard let self, self.generation == generation, !result.isCancelled else { return }
                self.apply(result)
            }
        }
    }

    private func apply(_ result: Result<VideoPoster, VideoError>) {
        switch result {
        case .success(let poster):
            self.poster = poster
            image.picture.show(poster.image)
            if let duration = poster.duration {
                durationLabel.text = duration.clockText
                button.accessibleName = "\(post.accessibleName), \(duration.clockText)"
            }
        case .failure:
            image.picture.showIcon(ImageView.brokenIcon)
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
