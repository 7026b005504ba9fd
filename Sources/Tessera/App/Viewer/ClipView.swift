import Domain
import Foundation
import Gtk
import ImagePipeline
import Video
import Localization

/// The viewer's video from the player helper via GStreamer's GTK sink: poster, spinner, controls, errors.
@MainActor
final class ClipView {
    /// The video with its overlays.
    let widget: Widget
    /// The video playing, decoded by the player helper; `videoView` draws it.
    private(set) var player: ClipPlayback?
    /// Paused because the window went out of sight, to play on when it is back.
    private var pausedOutOfSight = false
    private var videoView: VideoSinkView?
    /// Fetches the clip for the player.
    private let pipeline: ImagePipeline
    private var download: Task<Void, Never>?
    /// The clip's download, when it plays as it downloads (tests).
    private(set) var streamed: RangedDownload?
    let playButton = Button(iconName: "media-playback-pause-symbolic", accessibleName: tr("Pause"))
    let muteButton = Button(iconName: "audio-volume-high-symbolic", accessibleName: tr("Mute"))
    let seekBar = Scale(minimum: 0, maximum: 1, step: 0.1)
    let timeLabel = Label("0:00")
    let videoError = Label()
    /// Over the video until its first frame shows.
    let videoPoster: ImageView
    /// Shown when the first frame is slow to come (`spinnerDelay`).
    let videoSpinner = Spinner()
    /// When the shown video was asked for.
    private var videoAskedAt = ContinuousClock.now
    private let videoArea = Box(.vertical)
    private let controls = Box(.horizontal, spacing: 6)
    private var tick: UInt32?
    /// What the play button shows now.
    private var shownPlaying = true
    /// Whether the clip's length was known at the last update.
    private var knewLength = false
    /// A clip reopened at the second it was left: paused, its poster kept over it until the frame there shows.
    private var opening: Opening?
    private var openedPaused = false // opened paused at a second, not played
    private var shownSecond = -1 // the whole second last shown; `onSecondChange` hears each new one
    /// The clip moved to another second, or paused, or sought: the viewer's place changed.
    var onSecondChange: (@MainActor () -> Void)?
    /// Whether clips start without sound; the mute button changes it and tells `onMuteChange`.
    var muted = false
    var onMuteChange: (@MainActor (Bool) -> Void)?
    /// Played or paused, or its length became known.
    var onStateChange: (@MainActor () -> Void)?
    /// The clip played to its end (once a play).
    var onEnd: (@MainActor () -> Void)?
    private var endHeard = false
    var isPlaying: Bool { player?.isPlaying ?? false }

    private enum Opening {
        case prerolling(Duration) // waiting for the first frame, to seek from it
        case seeking(Duration) // sought; waiting for the frame at the second
    }

    /// A usual helper start shows no spinner.
    static let spinnerDelay: Duration = .milliseconds(500)

    init(pipeline: ImagePipeline) {
        self.pipeline = pipeline
        videoPoster = ImageView(pipeline: pipeline, iconSize: 96, scaling: .fit)
        videoPoster.picture.addStyleClass("feed-viewer")

        controls.addStyleClass("feed-controls")
        controls.addStyleClass("osd")
        controls.setMargins(12)
        controls.halign = .fill
        controls.valign = .end
        seekBar.hexpand = true
        seekBar.accessibleName = tr("Position")
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
        let overlay = Overlay(child: videoArea)
        overlay.addOverlay(videoPoster.picture)
        overlay.addOverlay(videoSpinner)
        overlay.addOverlay(controls)
        overlay.addOverlay(videoError)
        widget = overlay
        overlay.showAll()
        videoError.keepsOwnVisibility = true
        videoError.isVisible = false
        videoPoster.picture.keepsOwnVisibility = true
        videoSpinner.keepsOwnVisibility = true
        videoSpinner.isVisible = false

        playButton.onClicked { [weak self] in self?.togglePlaying() }
        muteButton.onClicked { [weak self] in self?.toggleMute() }
        seekBar.onUserChange { [weak self] seconds in
            self?.opening = nil
            self?.player?.seek(to: .milliseconds(Int(seconds * 1000)))
        }
    }

    /// The video has played its first half second, or shows the second it reopened at, or failed.
    var isSettled: Bool {
        guard let player else { return true }
        if player.failure != nil { return true }
        return opening == nil && (openedPaused || (player.position ?? .zero) > .milliseconds(500))
    }

    /// Where the clip is, or the second it is opening at.
    var second: Duration? {
        switch opening {
        case .prerolling(let start), .seeking(let start): start
        case nil: player?.position
        }
    }

    /// Shows the clip playing paused at `start`: the poster stays until the frame there is drawn.
    func open(at start: Duration) {
        guard let player, start > .zero else { return }
        player.pause()
        pausedOutOfSight = false
        opening = .prerolling(start)
        update()
    }

    /// Plays `clip` from its bytes when here, else as it downloads in ranges; poster until the first frame.
    func play(_ clip: ImageRequest) {
        stop()
        videoPoster.picture.isVisible = true
        videoAskedAt = .now
        guard let view = VideoSinkView() else {
            videoError.text = tr("This video cannot be played: GStreamer's GTK video sink is not installed.")
            videoError.isVisible = true
            return
        }
        let player = ClipPlayback(videoSink: view.element)
        player.isMuted = muted
        self.player = player
        showMute()
        videoView = view
        download = Task { [weak self, pipeline, weak player] in
            if let bytes = await pipeline.storedData(for: clip) {
                self?.videoPoster.bind(clip)
                player?.start(clip: bytes)
                return
            }
            let ranges = RangedDownload(client: pipeline.client, url: clip.url, maximumLength: pipeline.configuration.maximumDownloadSize,
                                        pieceSize: pipeline.configuration.clipPieceSize, account: clip.account.name)
            self?.streamed = ranges
            do throws(ImageError) {
                try await ranges.run { part in
                    switch part {
                    case .whole(let bytes): player?.start(clip: bytes)
                    case .length(let length): player?.start(streaming: length) { offset in ranges.want(offset: offset) }
                    case .bytes(let offset, let bytes): player?.deliver(bytes, at: offset)
                    }
                }
            } catch .cancelled {
            } catch {
                player?.fail(tr("The video could not be downloaded ({reason}).", ["reason": error.description]))
            }
        }
        videoArea.append(view.view, expand: true)
        view.view.showAll()
        // Only once mapped: gtksink gives a windowless widget a window of its own.
        if view.view.isMapped {
            player.play()
        } else {
            view.view.onMap { [weak self, weak player] in
                if let player, !player.hasStarted, self?.opening == nil { player.play() }
                self?.updateTicking()
            }
        }
        update()
    }

    /// Stops and lets go of the clip playing, if one is.
    func stop() {
        pausedOutOfSight = false
        opening = nil
        openedPaused = false
        shownSecond = -1
        knewLength = false
        endHeard = false
        if let tick { videoArea.removeTickCallback(tick) }
        tick = nil
        download?.cancel()
        download = nil
        streamed = nil
        player?.pause()
        if let videoView { videoArea.remove(videoView.view) }
        player = nil
        videoView = nil
        videoError.isVisible = false
        videoPoster.bind(nil)
        showSpinner(false)
    }

    /// Pauses (the page left the screen): nothing ticks while it is away.
    func pause() {
        player?.pause()
        updateTicking()
    }

    /// Out of sight, a playing clip pauses; back, it plays on unless the person paused or moved on.
    func windowOutOfSight(_ outOfSight: Bool) {
        guard let player else { return }
        if outOfSight, player.isPlaying {
            pausedOutOfSight = true
            pause()
        } else if !outOfSight, pausedOutOfSight {
            pausedOutOfSight = false
            player.play()
        }
        update()
    }

    func togglePlaying() {
        guard let player else { return }
        pausedOutOfSight = false
        opening = nil
        player.togglePlaying()
        update()
        onSecondChange?()
    }

    /// Seeks as the seek bar does (media keys).
    func seek(to position: Duration) {
        opening = nil
        player?.seek(to: position)
        update()
    }

    private func toggleMute() {
        guard let player else { return }
        muted.toggle()
        player.isMuted = muted
        showMute()
        onMuteChange?(muted)
    }

    private func showMute() {
        muteButton.setIcon(muted ? "audio-volume-muted-symbolic" : "audio-volume-high-symbolic")
        muteButton.accessibleName = muted ? tr("Unmute") : tr("Mute")
    }

    /// Position and end are read every frame while playing on screen only, so an idle window sleeps.
    private func updateTicking() {
        let wanted = (player?.isPlaying == true || opening != nil) && videoArea.isMapped
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

    /// Every frame while a video plays, and once at each change: position, the end of the clip, errors.
    private func update() {
        defer { updateTicking() }
        guard let player else { return }
        player.tick()
        if player.failure != nil {
            opening = nil
        } else if let opening {
            openOn(opening, player)
        }
        if let failure = player.failure {
            videoError.text = tr("This video cannot be played. {reason}", ["reason": "\(failure)"])
            videoError.isVisible = true
            showSpinner(false)
        } else if videoPoster.picture.isVisible {
            if player.showsPicture, opening == nil {
                videoPoster.picture.isVisible = false
                showSpinner(false)
            } else if ContinuousClock.now - videoAskedAt >= Self.spinnerDelay {
                showSpinner(true)
            }
        }
        if player.reachedEnd != endHeard {
            endHeard = player.reachedEnd
            if endHeard { onEnd?() }
        }
        let playing = player.isPlaying
        if playing != shownPlaying || (player.duration != nil) != knewLength {
            knewLength = player.duration != nil
            onStateChange?()
        }
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
            let second = Int(position.seconds)
            if second != shownSecond {
                shownSecond = second
                onSecondChange?()
            }
        }
    }

    /// Seeks once the first frame is held, and ends the opening once the frame at the second is.
    private func openOn(_ step: Opening, _ player: ClipPlayback) {
        guard player.isPrerolled, let duration = player.duration else { return }
        switch step {
        case .prerolling(let start) where start < duration:
            player.seek(to: start)
            opening = .seeking(start)
        case .prerolling:
            opening = nil // the clip is shorter now: it shows from its start
        case .seeking(let start):
            guard let position = player.position, abs((position - start).seconds) < 0.25 else { return }
            opening = nil
            openedPaused = true
        }
    }

    private func showSpinner(_ shown: Bool) {
        guard videoSpinner.isVisible != shown else { return }
        videoSpinner.isVisible = shown
        videoSpinner.isSpinning = shown
    }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
