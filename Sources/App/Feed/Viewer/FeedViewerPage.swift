import Domain
import Foundation
import Gtk
import ImagePipeline
import Localization

/// One post filling the window: an image fitted to it, or the video playing (`ClipView`: Space
/// or the button plays and pauses; a seek bar; mute). Left and Right go to the previous and next
/// post; Escape, the back button, Alt+Left, a click on the backdrop or a downward swipe go back.
@MainActor
final class FeedViewerPage: LeavingPage, SettlingPage {
    var title: String { posts[index].accessibleName }
    let widget: Widget
    let picture: ImageView
    /// The video, when the post is one.
    let clip: ClipView
    private let content = Stack()
    private(set) var index: Int
    private let posts: [MediaPost]
    private let backdrop: Button
    /// Kept alive here: a GTK 3 gesture is not owned by its widget.
    private let swipe: SwipeGesture
    private let onMove: @MainActor () -> Void
    private let onLeave: @MainActor (MediaPost) -> Void

    /// The viewer's box in logical pixels (`ImageView` asks for it at device pixels): a window
    /// filling a 2K screen, or a 4K one at scale 2. Smaller pictures are never scaled up.
    static let pixelSize = 2048

    init(posts: [MediaPost], index: Int, pipeline: ImagePipeline, goBack: @escaping @MainActor () -> Void,
         onMove: @escaping @MainActor () -> Void, onLeave: @escaping @MainActor (MediaPost) -> Void) {
        self.posts = posts
        self.index = index
        self.onMove = onMove
        self.onLeave = onLeave
        picture = ImageView(pipeline: pipeline, iconSize: 96, scaling: .fit)
        picture.picture.addStyleClass("feed-viewer")
        picture.picture.playsAnimations = true
        clip = ClipView(pipeline: pipeline)
        content.addNamed(picture.picture, name: "image")
        content.addNamed(clip.widget, name: "video")
        // The whole page is a button: a click on the backdrop goes back.
        backdrop = Button(child: content)
        backdrop.addStyleClass("flat")
        backdrop.addStyleClass("feed-viewer-backdrop")
        backdrop.hexpand = true
        backdrop.vexpand = true
        widget = backdrop
        swipe = SwipeGesture(on: backdrop)
        backdrop.showAll()

        backdrop.onClicked { goBack() }
        swipe.onSwipe { velocityX, velocityY in
            if velocityY > 400, abs(velocityY) > 2 * abs(velocityX) { goBack() } // downwards
        }
        backdrop.onKeyPress { [weak self] event in
            guard let self else { return false }
            switch event.keyName {
            case "Left", "KP_Left": return self.show(self.index - 1)
            case "Right", "KP_Right": return self.show(self.index + 1)
            case "space":
                self.clip.togglePlaying()
                return true
            case "Return", "KP_Enter": return true // the backdrop's click is for the mouse only
            default: return false
            }
        }
        backdrop.onMap { [weak self] in self?.backdrop.grabFocus() }
        backdrop.onUnmap { [weak self] in self?.clip.pause() }
        load()
    }

    var post: MediaPost { posts[index] }

    /// The image is shown, or the video has played its first half second (or failed).
    var isSettled: Bool {
        switch post.kind {
        case .image: picture.content != .icon(ImageView.placeholderIcon)
        case .video: clip.isSettled
        }
    }

    /// Shows the post at `newIndex`; false at either end.
    @discardableResult
    func show(_ newIndex: Int) -> Bool {
        guard posts.indices.contains(newIndex) else { return false }
        index = newIndex
        load()
        onMove()
        return true
    }

    private func load() {
        let post = posts[index]
        backdrop.accessibleName = post.accessibleName
        clip.stop()
        switch post.kind {
        case .image:
            content.setVisibleChild(named: "image", transition: .none)
            // An animated GIF plays here (tiles show its first frame).
            var request = ImageRequest(url: post.url, maximumPixelSize: Self.pixelSize)
            request.animates = true
            picture.bind(request)
        case .video:
            picture.bind(nil)
            content.setVisibleChild(named: "video", transition: .none)
            clip.play(ImageRequest(url: post.url, maximumPixelSize: Self.pixelSize, content: .videoFrame))
        }
    }

    func pageWillLeave() {
        clip.stop()
        onLeave(posts[index])
    }
}
