import Domain
import Foundation
import Gtk
import ImagePipeline

/// One post filling the window: an image fitted to it. Left and Right go to the previous and next
/// post; Escape, the back button, Alt+Left, a click on the backdrop or a downward swipe go back.
@MainActor
final class FeedViewerPage: LeavingPage {
    var title: String { posts[index].accessibleName }
    let widget: Widget
    let picture: ImageView
    let videoNote = Label("Playing videos needs GStreamer support, which Tessera does not have yet.")
    private(set) var index: Int
    private let posts: [MediaPost]
    private let backdrop: Button
    /// Kept alive here: a GTK 3 gesture is not owned by its widget.
    private let swipe: SwipeGesture
    private let onMove: @MainActor () -> Void
    private let onLeave: @MainActor (MediaPost) -> Void

    static let pixelSize = 2048

    init(posts: [MediaPost], index: Int, pipeline: ImagePipeline, goBack: @escaping @MainActor () -> Void,
         onMove: @escaping @MainActor () -> Void, onLeave: @escaping @MainActor (MediaPost) -> Void) {
        self.posts = posts
        self.index = index
        self.onMove = onMove
        self.onLeave = onLeave
        picture = ImageView(pipeline: pipeline, iconSize: 96, scaling: .fit)
        picture.picture.addStyleClass("feed-viewer")
        let overlay = Overlay(child: picture.picture)
        videoNote.addStyleClass("feed-badge")
        videoNote.wraps = true
        videoNote.halign = .center
        videoNote.valign = .end
        videoNote.setMargins(24)
        overlay.addOverlay(videoNote)
        // The whole page is a button: a click on the backdrop goes back.
        backdrop = Button(child: overlay)
        backdrop.addStyleClass("flat")
        backdrop.addStyleClass("feed-viewer-backdrop")
        backdrop.hexpand = true
        backdrop.vexpand = true
        widget = backdrop
        swipe = SwipeGesture(on: backdrop)
        backdrop.showAll()
        videoNote.keepsOwnVisibility = true
        backdrop.onClicked { goBack() }
        swipe.onSwipe { velocityX, velocityY in
            if velocityY > 400, abs(velocityY) > 2 * abs(velocityX) { goBack() } // downwards
        }
        backdrop.onKeyPress { [weak self] event in
            guard let self else { return false }
            switch event.keyName {
            case "Left", "KP_Left": return self.show(self.index - 1)
            case "Right", "KP_Right": return self.show(self.index + 1)
            case "Return", "KP_Enter", "space": return true // the backdrop's click is for the mouse only
            default: return false
            }
        }
        backdrop.onMap { [weak self] in self?.backdrop.grabFocus() }
        load()
    }

    var post: MediaPost { posts[index] }

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
        switch post.kind {
        case .image:
            videoNote.isVisible = false
            picture.bind(ImageRequest(url: post.url, maximumPixelSize: Self.pixelSize))
        case .video:
            picture.bind(nil)
            picture.picture.showIcon("video-x-generic-symbolic")
            videoNote.isVisible = true
        }
    }

    func pageWillLeave() { onLeave(posts[index]) }
}
