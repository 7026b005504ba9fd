import Domain
import Gtk
import Localization

/// Loupe's buttons over the picture: zoom, fullscreen and menu on top, previous and next at the sides.
@MainActor
final class ViewerControls {
    let zoomOut = Button(iconName: "zoom-out-symbolic", accessibleName: tr("Zoom Out"))
    let zoomLevel = Button(label: ViewerControls.noZoomLevel)
    /// The zoom level's button while no picture is shown at a level (it loads or failed).
    static let noZoomLevel = "—" // not translated
    let zoomIn = Button(iconName: "zoom-in-symbolic", accessibleName: tr("Zoom In"))
    let fullscreen = Button(iconName: "view-fullscreen-symbolic", accessibleName: tr("Fullscreen"))
    /// Shown while a slideshow runs.
    let slideshowPause = Button(iconName: "media-playback-pause-symbolic", accessibleName: tr("Pause Slideshow"))
    let menu: MenuButton
    let previous = Button(iconName: "go-previous-symbolic", accessibleName: tr("Previous"))
    let next = Button(iconName: "go-next-symbolic", accessibleName: tr("Next"))
    /// The zoom buttons, hidden for a clip.
    let zoomBox = Box(.horizontal)
    /// Everything at the top end.
    let topBar = Box(.horizontal, spacing: 6)

    /// The menu's items: label and the action it runs ("viewer.<name>").
    static let menuItems: [(label: String, action: String)] = [
        (tr("_Copy"), "viewer.copy"),
        (tr("_Save As…"), "viewer.save-as"),
        (tr("Copy _Link"), "viewer.copy-link"),
        (tr("_Open in Browser"), "viewer.open-in-browser"),
        (tr("Open Wit_h…"), "viewer.open-with"),
        (tr("Set as _Background"), "viewer.set-background"),
        (tr("Rotate Clock_wise"), "viewer.rotate-clockwise"),
        (tr("Rotate Cou_nterclockwise"), "viewer.rotate-counterclockwise"),
        (tr("_Flip Horizontally"), "viewer.flip-horizontally"),
        (tr("Flip _Vertically"), "viewer.flip-vertically"),
        (tr("P_rint…"), "viewer.print"),
        (tr("Sli_deshow"), "viewer.slideshow"),
        (tr("_Properties"), "viewer.properties"),
    ]

    init() {
        let model = MenuModel()
        for item in Self.menuItems { model.append(item.label, action: item.action) }
        let paces = MenuModel()
        for seconds in AppSettings.slideshowSecondsChoices {
            paces.append(ntr("{count} Second", "{count} Seconds", count: seconds), action: "viewer.slideshow-seconds::\(seconds)")
        }
        model.appendSubmenu(tr("Slideshow P_ace"), paces)
        menu = MenuButton(iconName: "view-more-symbolic", accessibleName: tr("Picture Menu"), menu: model)
        zoomLevel.accessibleName = tr("Zoom Level")
        zoomLevel.tooltip = tr("Best Fit or 100 %")
        zoomBox.addStyleClass("linked")
        zoomBox.append(zoomOut)
        zoomBox.append(zoomLevel)
        zoomBox.append(zoomIn)
        topBar.append(zoomBox)
        // Shown or hidden with the item (a clip has no zoom).
        zoomBox.showAll()
        zoomBox.keepsOwnVisibility = true
        topBar.append(slideshowPause)
        slideshowPause.keepsOwnVisibility = true
        slideshowPause.isVisible = false
        topBar.append(fullscreen)
        topBar.append(menu)
        topBar.halign = .end
        topBar.valign = .start
        topBar.setMargins(12)
        topBar.addStyleClass("viewer-controls")
        for (button, align) in [(previous, Align.start), (next, Align.end)] {
            button.halign = align
            button.valign = .center
            button.setMargins(12)
            button.addStyleClass("viewer-navigation")
            button.addStyleClass("circular")
        }
        for button in [zoomOut, zoomLevel, zoomIn, slideshowPause, fullscreen, previous, next] { button.addStyleClass("osd") }
        menu.addStyleClass("osd")
    }

    /// The pause button shows while a slideshow runs, saying what it will do.
    func showSlideshow(running: Bool, paused: Bool) {
        guard running != slideshowPause.isVisible || paused != shownPaused else { return }
        shownPaused = paused
        slideshowPause.isVisible = running
        slideshowPause.setIcon(paused ? "media-playback-start-symbolic" : "media-playback-pause-symbolic")
        slideshowPause.accessibleName = paused ? tr("Go On With the Slideshow") : tr("Pause Slideshow")
    }
    private var shownPaused = false

    /// Adds the controls over `overlay`.
    func add(to overlay: Overlay) {
        overlay.addOverlay(topBar)
        overlay.addOverlay(previous)
        overlay.addOverlay(next)
        // The page shows or hides these as the item changes; the rest shows with the page.
        for widget in [previous, next] as [Widget] { widget.keepsOwnVisibility = true }
    }
}
