import Domain
import Gtk
import HelperWire
import ImagePipeline
import Video
import Localization

/// A reused feed tile: a filling image or a video's poster with its length; a windowless button.
@MainActor
public final class FeedTile: RecyclingCell {
    public private(set) var post: MediaPost
    /// The focusable tile, announced as a push button.
    public let view: Widget
    public let image: ImageView
    private let badge = Box(.horizontal, spacing: 4)
    /// A video's length on its badge ("0:02"), once its poster has been read.
    let durationLabel = Label(tr("Video"))
    /// Looked up once per tile: `show` runs on every reuse.
    private let videoWord = tr("Video")
    private var boundSide = 0
    /// A video's tile shows its placeholder on purpose: data is saved, and its poster would download the clip.
    public private(set) var leavesPosterOut = false
    public var item: MediaPost { post }

    /// Whether data is being saved: a video then shows no poster (reading one downloads the clip).
    private let savesData: @MainActor () -> Bool

    init(post: MediaPost, pipeline: ImagePipeline, savesData: @escaping @MainActor () -> Bool = { false }) {
        self.post = post
        self.savesData = savesData
        image = ImageView(pipeline: pipeline, iconSize: 48, scaling: .fill)
        image.picture.playsAnimations = true
        badge.addStyleClass("feed-badge")
        badge.append(Image(iconName: "media-playback-start-symbolic", pixelSize: 16))
        badge.append(durationLabel)
        badge.halign = .start
        badge.valign = .end
        badge.setMargins(8)
        // Layered in a grid cell: a GtkOverlay's window would move in every layout.
        let layers = Grid()
        layers.attach(badge, column: 0, row: 0)
        layers.attach(image.picture, column: 0, row: 0)
        image.picture.hexpand = true
        image.picture.vexpand = true
        let view = Box.cellView(holding: layers, styleClass: "feed-tile", expand: false)
        self.view = view
        view.announceAsButton()
        view.showAll()
        badge.keepsOwnVisibility = true
        image.onImage = { [weak self] decoded in self?.showDuration(of: decoded) }
        show(post)
    }

    /// Shows `post` in this tile (a recycled tile takes the post that scrolled into its place).
    public func show(_ post: MediaPost) {
        self.post = post
        forgetContent()
        // Only what changes: each label or visibility change makes GTK measure the tile again.
        view.accessibleName = post.accessibleName
        if badge.isVisible != (post.kind == .video) { badge.isVisible = post.kind == .video }
        if durationLabel.text != videoWord { durationLabel.text = videoWord }
    }

    private var placeholder: String {
        post.kind == .video ? "video-x-generic-symbolic" : ImageView.placeholderIcon
    }

    /// Lets go of the post's image and name while the tile waits to be reused.
    public func park() {
        forgetContent()
        view.accessibleName = ""
    }

    /// Drops the image or poster shown (one still on its way is never shown).
    private func forgetContent() {
        boundSide = 0
        leavesPosterOut = false
        image.bind(nil, placeholder: placeholder)
    }

    /// Ahead of the view, its picture waits behind those in view for the network and the decoders.
    public func setInView(_ inView: Bool) {
        image.priority = inView ? ImageRequest.visible : ImageRequest.prefetch
    }

    /// Loads the image or the video's poster decoded for a tile of `side` pixels.
    public func load(side: Int) {
        guard boundSide != side else { return }
        boundSide = side
        // Saving data, a video's tile shows its placeholder: its clip downloads when played.
        leavesPosterOut = post.kind == .video && savesData()
        if leavesPosterOut { return image.bind(nil, placeholder: placeholder) }
        // The picture is the tile less its border, and is asked for at its own size.
        let pictureSide = max(1, side - view.borderAndPadding.across)
        var request = ImageRequest(url: post.url, maximumPixelSize: pictureSide, sizing: .fill,
                                   content: post.kind == .video ? .videoFrame : .image)
        request.account = DownloadAccount(Section.feed.rawValue)
        // An animated GIF or WebP plays in its tile while the tile is on screen.
        request.animates = post.kind == .image
        image.bind(request, placeholder: placeholder)
    }

    /// Loads again at the next layout (data saving changed: a video's poster comes or goes).
    func reload() {
        boundSide = 0
    }

    /// A poster carries its clip's length: the badge and the accessible name say it.
    private func showDuration(of decoded: DecodedImage) {
        guard post.kind == .video, let duration = decoded.duration else { return }
        durationLabel.text = duration.clockText
        view.accessibleName = "\(post.accessibleName), \(duration.clockText)"
    }

    /// True once a video's poster shows.
    var showsPoster: Bool { post.kind == .video && image.showsImage }

    /// Shows what it will: image, poster, broken icon, or a video's placeholder while saving data.
    public var isLoaded: Bool { image.isLoaded || leavesPosterOut }
}
