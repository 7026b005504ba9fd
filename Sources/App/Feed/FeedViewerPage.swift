import Domain
import Foundation
import Gtk
import ImagePipeline
import Video
import Localization

/// One post filling the window: an image fitted to it, or the video playing (Space or the button
/// plays and pauses; a seek bar; mute). Left and Right go to the previous and next post; Escape,
/// the back button, Alt+Left, a click on the backdrop or a downward swipe go back.
@MainActor
final class FeedViewerPage: LeavingPage, SettlingPage {
    var title: String { posts[index].accessibleName }
    let widget: Widget
    let picture: ImageView
    /// The video playing, decoded by the player helper; `videoView` draws it.
    private(set) var player: ClipPlayback?
    private var videoView: VideoSinkView?
    /// Fetches the clip for the player.
    private let pipeline: ImagePipeline
    private var download: Task<Void, Never>?
    let playButton = Button(iconName: "media-playback-pause-symbolic", accessibleName: tr("Pause"))
    let muteButton = Button(iconName: "audio-volume-high-symbolic", accessibleName: tr("Mute"))
    let seekBar = Scale(minimum: 0, maximum: 1, step: 0.1)
    let timeLabel = Label("0:00")
    let videoError = Label()
    /// The clip's poster, over the video until its first frame shows (the helper takes a tenth
    /// of a second to start, and the clip may still be downloading).
    let videoPoster: ImageView
    /// Shown when the first frame is slow to come (`spinnerDelay`).
    let videoSpinner = Spinner()
    /// When the shown video was asked for.
    private var videoAskedAt = ContinuousClock.now
    private let content = Stack()
    private let videoArea = Box(.vertical)
    private let controls = Box(.horizontal, spacing: 6)
    private(set) var index: Int
    private let posts: [MediaPost]
    private let backdrop: Button
    /// Kept alive here: a GTK 3 gesture is not owned by its widget.
    private let swipe: SwipeGesture
    private let onMove: @MainActor () -> Void
    private let onLeave: @MainActor (MediaPost) -> Void
    private var tick: UInt32?
    /// What the play button shows now.
    private var shownPlaying = true

    /// The viewer's box in logical pixels (`ImageView` asks for it at device pixels): a window
    /// filling a 2K screen, or a 4K one at scale 2. Smaller pictures are never scaled up.
    static let pixelSize = 2048
    /// How long the poster waits for the first frame before a spinner says the video is coming:
    /// a start as quick as the helper's usual one shows no spinner at all.
    static let spinnerDelay: Duration = .milliseconds(500)

    init(posts: [MediaPost], index: Int, pipeline: ImagePipeline, goBack: @escaping @MainActor () -> Void,
         onMove: @escaping @MainActor () -> Void, onLeave: @escaping @MainActor (MediaPost) -> Void) {
        self.posts = posts
        self.index = index
        self.onMove = onMove
        self.onLeave = onLeave
        self.pipeline = pipeline
        picture = ImageView(pipeline: pipeline, iconSize: 96, scaling: .fit)
        picture.picture.addStyleClass("feed-viewer")
        picture.picture.playsAnimations = true
        videoPoster = ImageView(pipeline: pipeline, iconSize: 96, scaling: .fit)
        videoPoster.picture.addStyleClass("feed-viewer")

        controls.addStyleClass("feed-controls")
        controls.setMargins(12)
        controls.halign = .fill
        controls.valign = .end
        seekBar.hexpand = true
        seekBar.accessibleName = tr("Position")
        timeLabel.addStyleClass("monospace")
        controls.append(playButton)
        controls.append(seekBar, expand: true)
        controls.append(timeLabel)
        controls.append(muteButton)
        videoError.wraps = true
        videoError.addStyleClass("feed-badge")
        videoError.valign = .center
        videoError.halign = .center
        videoArea.hexpand = true
        videoArea.vexpand = true
        videoSpinner.halign = .center
        videoSpinner.valign = .center
        videoSpinner.setSizeRequest(width: 32, height: 32)
        videoSpinner.accessibleName = tr("Loading the video")
        let videoOverlay = Overlay(child: videoArea)
        videoOverlay.addOverlay(videoPoster.picture)
        videoOverlay.addOverlay(videoSpinner)
        videoOverlay.addOverlay(controls)
        videoOverlay.addOverlay(videoError)
        content.addNamed(picture.picture, name: "image")
        content.addNamed(videoOverlay, name: "video")
        // The whole page is a button: a click on the backdrop goes back.
        backdrop = Button(child: content)
        backdrop.addStyleClass("flat")
        backdrop.addStyleClass("feed-viewer-backdrop")
        backdrop.hexpand = true
        backdrop.vexpand = true
        widget = backdrop
        swipe = SwipeGesture(on: backdrop)
        backdrop.showAll()
        videoError.keepsOwnVisibility = true
        videoError.isVisible = false
        videoPoster.picture.keepsOwnVisibility = true
        videoSpinner.keepsOwnVisibility = true
        videoSpinner.isVisible = false

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
                self.togglePlaying()
                return true
            case "Return", "KP_Enter": return true // the backdrop's click is for the mouse only
            default: return false
            }
        }
        playButton.onClicked { [weak self] in self?.togglePlaying() }
        muteButton.onClicked { [weak self] in self?.toggleMute() }
        seekBar.onUserChange { [weak self] seconds in self?.player?.seek(to: .milliseconds(Int(seconds * 1000))) }
        backdrop.onMap { [weak self] in self?.backdrop.grabFocus() }
        backdrop.onUnmap { [weak self] in
            self?.player?.pause()
            self?.updateTicking()
        }
        load()
    }

    var post: MediaPost { posts[index] }

    /// The image is shown, or the video has played its first half second (or failed).
    var isSettled: Bool {
        switch post.kind {
        case .image: return picture.content != .icon(ImageView.placeholderIcon)
        case .video:
            guard let player else { return true }
            return player.failure != nil || (player.position ?? .zero) > .milliseconds(500)
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
        stopVideo()
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
            let clip = ImageRequest(url: post.url, maximumPixelSize: Self.pixelSize, content: .videoFrame)
            videoPoster.bind(clip)
            videoPoster.picture.isVisible = true
            videoAskedAt = .now
            guard let view = VideoSinkView() else {
                videoError.text = tr("This video cannot be played: GStreamer's GTK video sink is not installed.")
                videoError.isVisible = true
                return
            }
            let player = ClipPlayback(videoSink: view.element)
            self.player = player
            videoView = view
            // The clip's bytes as the poster had them (kept on disk), for the player helper.
            download = Task { [pipeline, weak player] in
                do throws(ImageError) {
                    let bytes = try await pipeline.data(for: clip)
                    player?.start(clip: bytes)
                } catch {
                    player?.fail(tr("The video could not be downloaded ({reason}).", ["reason": "\(error)"]))
                }
            }
            videoArea.append(view.view, expand: true)
            view.view.showAll()
            // Only once the view is in the window: gtksink puts a widget that has no window yet
            // into a window of its own.
            if view.view.isMapped {
                player.play()
            } else {
                view.view.onMap { [weak self, weak player] in
                    guard let player, !player.hasStarted else { return }
                    player.play()
                    self?.updateTicking()
                }
            }
            update()
        }
    }

    /// The position and the end of the clip are read every frame while the video plays on
    /// screen, and never while it is paused, has ended or the section is hidden: an idle window
    /// does not wake for them.
    private func updateTicking() {
        let wanted = player?.isPlaying == true && videoArea.isMapped
        if wanted, tick == nil {
            tick = videoArea.addTickCallback { [weak self] _ in
                self?.update()
                return true
            }
        } else if !wanted, let tick {
            videoArea.removeTickCallback(tick)
            self.tick = nil
        }
    }

    private func stopVideo() {
        if let tick { videoArea.removeTickCallback(tick) }
        tick = nil
        download?.cancel()
        download = nil
        player?.pause()
        if let videoView { videoArea.remove(videoView.view) }
        player = nil
        videoView = nil
        videoError.isVisible = false
        videoPoster.bind(nil)
        showSpinner(false)
    }

    private func togglePlaying() {
        guard let player else { return }
        player.togglePlaying()
        update()
    }

    private func toggleMute() {
        guard let player else { return }
        player.isMuted.toggle()
        muteButton.setIcon(player.isMuted ? "audio-volume-muted-symbolic" : "audio-volume-high-symbolic")
        muteButton.accessibleName = player.isMuted ? tr("Unmute") : tr("Mute")
    }

    /// Every frame while a video plays, and once at each change: position, the end of the
    /// clip, errors.
    private func update() {
        defer { updateTicking() }
        guard let player else { return }
        player.tick()
        if let failure = player.failure {
            videoError.text = tr("This video cannot be played. {reason}", ["reason": "\(failure)"])
            videoError.isVisible = true
            showSpinner(false)
        } else if videoPoster.picture.isVisible {
            if player.showsPicture {
                videoPoster.picture.isVisible = false
                showSpinner(false)
            } else if ContinuousClock.now - videoAskedAt >= Self.spinnerDelay {
                showSpinner(true)
            }
        }
        let playing = player.isPlaying
        if playing != shownPlaying {
            shownPlaying = playing
            playButton.setIcon(playing ? "media-playback-pause-symbolic" : "media-playback-start-symbolic")
            playButton.accessibleName = playing ? tr("Pause") : tr("Play")
        }
        if let duration = player.duration {
            seekBar.setRange(minimum: 0, maximum: duration.seconds)
            let position = player.position ?? .zero
            seekBar.value = position.seconds
            timeLabel.text = "\(position.clockText) / \(duration.clockText)"
        }
    }

    private func showSpinner(_ shown: Bool) {
        guard videoSpinner.isVisible != shown else { return }
        videoSpinner.isVisible = shown
        videoSpinner.isSpinning = shown
    }

    func pageWillLeave() {
        stopVideo()
        onLeave(posts[index])
    }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
