import Domain
import Foundation
import Gtk
import ImagePipeline
import Localization

/// The one full-size viewer, `ImageViewer` or `ClipView`: Left, Right, Space, F5, F11, Ctrl+C, Ctrl+S, Ctrl+P,
/// Ctrl+R; Escape, Alt+Left, a click beside or a downward swipe go back.
@MainActor
public final class ViewerPage: LeavingPage, SettlingPage, InitiallyFocusedPage, BackHandlingPage, KeyFirstPage, WindowFillingPage {
    public var title: String { item.name }
    /// The picture with its controls, and the Properties pane at its end.
    public let widget: Widget
    let overlay: Overlay
    let flap: Flap
    let propertiesPane = PropertiesPane()
    /// What the pane read of the item shown (`ViewerPage+Properties`).
    var propertiesRead: PropertiesRead?
    public let image: ImageViewer
    /// The clip, when the item is one.
    let clip: ClipView
    let controls = ViewerControls()
    private let content = Stack()
    private(set) var index: Int
    let items: [ViewerItem]
    let pipeline: ImagePipeline
    /// What its downloads are counted under (the section it opened from).
    let account: DownloadAccount
    let actions = ActionGroup()
    /// Kept alive here: a GTK 3 gesture is not owned by its widget.
    private let swipe: SwipeGesture
    private let onMove: @MainActor () -> Void
    public var onPlaceChange: (@MainActor () -> Void)?
    private let onLeave: @MainActor (ViewerItem) -> Void
    /// A file chooser or a dialog the viewer has open, kept alive while it shows.
    var openDialog: AnyObject?
    /// The slideshow, while one runs (`ViewerPage+Slideshow`).
    var slideshow: Slideshow?
    /// What went wrong with a copy, a save or the browser, in words.
    let notice = NoticeBar()
    /// The window dialogs open over.
    let window: @MainActor () -> Window?
    /// What every viewer remembers: print choices, the slideshow's pace, turned pictures.
    let viewerChoices: ViewerChoices
    /// The clip on the session bus for media keys.
    lazy var mediaPlayer = ClipMediaPlayer(page: self)
    /// Open With… and Set as Background.
    lazy var handOff = ViewerHandOff(pipeline: pipeline, account: account, notice: notice, window: window,
                                     keepBackground: viewerChoices.keepBackground) { [weak self] in self?.item }

    /// - Parameter section: the section it opened from, what its downloads are counted under.
    public init(items: [ViewerItem], index: Int, pipeline: ImagePipeline, section: Section? = nil, goBack: @escaping @MainActor () -> Void,
         window: @escaping @MainActor () -> Window? = { nil }, viewerChoices: ViewerChoices = ViewerChoices(),
         onMove: @escaping @MainActor () -> Void = {}, onLeave: @escaping @MainActor (ViewerItem) -> Void = { _ in }) {
        precondition(items.indices.contains(index), "the viewer opens on one of its items")
        self.window = window
        self.viewerChoices = viewerChoices
        self.items = items
        self.index = index
        self.pipeline = pipeline
        self.onMove = onMove
        self.onLeave = onLeave
        account = DownloadAccount(section?.rawValue)
        image = ImageViewer(pipeline: pipeline, account: account)
        clip = ClipView(pipeline: pipeline)
        content.addNamed(image.widget, name: "picture")
        content.addNamed(clip.widget, name: "clip")
        content.hexpand = true
        content.vexpand = true
        let overlay = Overlay(child: content)
        self.overlay = overlay
        overlay.addStyleClass("viewer")
        controls.add(to: overlay)
        overlay.addOverlay(notice.widget)
        overlay.canFocus = true
        flap = Flap(flap: propertiesPane.widget, separator: Separator(.vertical), content: overlay, atEnd: true)
        widget = flap
        swipe = SwipeGesture(on: overlay)
        flap.showAll()
        flap.reveal(false, animated: false)
        notice.widget.keepsOwnVisibility = true

        image.onBackdropClick = goBack
        image.onChange = { [weak self] in
            self?.updateControls()
            self?.propertiesFollow()
            self?.onPlaceChange?()
        }
        clip.onSecondChange = { [weak self] in self?.onPlaceChange?() }
        clip.onEnd = { [weak self] in self?.clipEnded() }
        clip.onStateChange = { [weak self] in self?.mediaPlayer.changed() }
        clip.muted = viewerChoices.clipsMuted
        clip.onMuteChange = { [weak self] in self?.viewerChoices.rememberMute($0) }
        swipe.onSwipe { [weak self] velocityX, velocityY in
            // Downwards, fast and mostly straight; a drag that pans a zoomed picture is not one.
            guard self?.image.isFitted ?? true else { return }
            if velocityY > 400, abs(velocityY) > 2 * abs(velocityX) { goBack() }
        }
        overlay.onKeyPress { [weak self] event in self?.handleKey(event) ?? false }
        overlay.onMap { [weak self] in self?.overlay.grabFocus() }
        // Fullscreen, however it was entered or left, resizes the page: the button follows.
        overlay.onSizeAllocate { [weak self] _ in
            self?.foldPropertiesWhenNarrow()
            self?.updateControls()
            self?.slideshowFollowsFullscreen()
        }
        overlay.onUnmap { [weak self] in self?.clip.pause() }
        _ = image.picture.onButtonPress { [weak self] _ in
            self?.overlay.grabFocus()
            return false
        }
        connectControls()
        connectActions()
        load()
    }

    var item: ViewerItem { items[index] }
    public var initialFocus: Widget { overlay }

    /// As sharp as the zoom needs, or half a second of clip played, or failed; the Properties pane, if shown, whole and read.
    public var isSettled: Bool {
        guard propertiesSettled else { return false }
        switch item.kind {
        case .picture: return image.isSettled && image.isSharp || image.failure != nil
        case .clip: return clip.isSettled
        }
    }

    /// Shows the item at `newIndex`; false at either end.
    @discardableResult
    func show(_ newIndex: Int) -> Bool {
        guard items.indices.contains(newIndex) else { return false }
        index = newIndex
        load()
        slideshowMoved()
        onMove()
        onPlaceChange?()
        return true
    }

    private func load() {
        overlay.accessibleName = item.name
        clip.stop()
        switch item.kind {
        case .picture:
            content.setVisibleChild(named: "picture", transition: .none)
            // An animated GIF or WebP plays here (tiles show its first frame).
            image.orientation = viewerChoices.orientation(of: item.url)
            image.show(item.url, animates: true)
        case .clip:
            image.clear()
            content.setVisibleChild(named: "clip", transition: .none)
            var request = ImageRequest(url: item.url, maximumPixelSize: ViewerSize.pixelSize, content: .videoFrame)
            request.account = account
            clip.play(request)
        }
        updateControls()
        propertiesFollow()
        mediaPlayer.follow()
    }

    private func handleKey(_ event: KeyEvent) -> Bool {
        let control = event.modifiers.contains(.control)
        if item.kind == .picture, image.handleKey(event) { return true }
        if event.modifiers == [.alt], event.keyName == "Return" || event.keyName == "KP_Enter" {
            toggleProperties()
            return true
        }
        if slideshow != nil, event.keyName == "space", !control {
            toggleSlideshowPause()
            return true
        }
        switch (event.keyName, control) {
        case ("Left", false), ("KP_Left", false): return show(index - 1)
        case ("Right", false), ("KP_Right", false): return show(index + 1)
        case ("space", false) where item.kind == .clip:
            clip.togglePlaying()
            return true
        case ("F11", _):
            toggleFullscreen()
            return true
        case ("F5", false):
            if slideshow == nil { startSlideshow() } else { endSlideshow() }
            return true
        case ("c", true), ("C", true):
            copy()
            return true
        case ("s", true), ("S", true):
            saveAs()
            return true
        case ("p", true), ("P", true):
            printPicture()
            return true
        case ("r", true), ("R", true):
            turnPicture(by: event.modifiers.contains(.shift) ? -1 : 1)
            return true
        default:
            return false
        }
    }

    /// Ctrl+0, 1, 2 zoom wherever focus is; the window would take them for sections.
    public func handleKeyFirst(_ key: KeyEvent) -> Bool {
        guard key.modifiers == [.control], ["0", "1", "2", "KP_0", "KP_1", "KP_2"].contains(key.keyName) else { return false }
        if item.kind == .picture { _ = image.handleKey(key) }
        return true
    }

    /// Escape (and every back path) leaves fullscreen first, then the viewer.
    public func handleBack() -> Bool {
        if slideshow != nil {
            endSlideshow()
            return true
        }
        guard widget.toplevelIsFullscreen else { return false }
        widget.setToplevelFullscreen(false)
        return true
    }

    func toggleFullscreen() {
        widget.setToplevelFullscreen(!widget.toplevelIsFullscreen)
    }

    private func connectControls() {
        controls.zoomIn.onClicked { [weak self] in self?.image.zoomIn() }
        controls.zoomOut.onClicked { [weak self] in self?.image.zoomOut() }
        controls.zoomLevel.onClicked { [weak self] in self?.image.toggleFit() }
        controls.fullscreen.onClicked { [weak self] in self?.toggleFullscreen() }
        controls.slideshowPause.onClicked { [weak self] in self?.toggleSlideshowPause() }
        controls.previous.onClicked { [weak self] in
            guard let self else { return }
            self.show(self.index - 1)
        }
        controls.next.onClicked { [weak self] in
            guard let self else { return }
            self.show(self.index + 1)
        }
    }

    /// The buttons follow the item, the zoom and the slideshow.
    func updateControls() {
        let picture = item.kind == .picture
        controls.zoomBox.isVisible = picture
        // Labels change only when different (relayouts remade buttons each frame); no level while loading.
        let percent = image.viewport?.percent
        if percent != shownPercent {
            shownPercent = percent
            if let percent {
                controls.zoomLevel.label = tr("{percent} %", ["percent": String(percent)])
                controls.zoomLevel.accessibleName = tr("Zoom Level, {percent} %", ["percent": String(percent)])
            } else {
                controls.zoomLevel.label = ViewerControls.noZoomLevel
                controls.zoomLevel.accessibleName = tr("Zoom Level")
            }
        }
        controls.zoomLevel.isSensitive = image.viewport != nil
        controls.zoomOut.isSensitive = image.viewport.map { !$0.isFitted } ?? false
        controls.zoomIn.isSensitive = image.viewport.map { $0.zoom < ImageViewport.maximumZoom } ?? false
        controls.previous.isVisible = index > 0
        controls.next.isVisible = index < items.count - 1
        controls.showSlideshow(running: slideshow != nil, paused: slideshow?.isPaused ?? false)
        let fullscreen = widget.toplevelIsFullscreen
        if fullscreen != shownFullscreen {
            shownFullscreen = fullscreen
            controls.fullscreen.setIcon(fullscreen ? "view-restore-symbolic" : "view-fullscreen-symbolic")
            controls.fullscreen.accessibleName = fullscreen ? tr("Leave Fullscreen") : tr("Fullscreen")
        }
    }

    /// What the zoom level button and the fullscreen button show now.
    private var shownPercent: Int?
    private var shownFullscreen: Bool?

    public func pageWillLeave() {
        slideshow = nil
        mediaPlayer.leave()
        clip.stop()
        if widget.toplevelIsFullscreen { widget.setToplevelFullscreen(false) }
        onLeave(item)
    }
}
