import Foundation
import Gtk
import Localization

/// The viewer's side pane, as eog's and Loupe's: what the file is, how it was taken, where; scrolls when long.
@MainActor
final class PropertiesPane {
    let widget: Widget
    let close = Button(iconName: "window-close-symbolic", accessibleName: tr("Close Properties"))
    private let column = Box(.vertical, spacing: 18)
    /// The groups shown, remade whole for each item.
    private var groups = Box(.vertical, spacing: 18)
    /// What it shows now, and what that was made from (`ViewerPage.propertiesFollow`).
    private(set) var shown: PictureProperties?
    var source: PropertiesSource?
    private var rowLabels: [(caption: Label, value: Label)] = []
    /// The place as a link to its map, when the picture has one.
    private(set) var placeLink: Label?
    /// A row's value was shown in words: "Reading…" or why it could not be read.
    private let state = Label()

    init() {
        let heading = Label(tr("Properties"))
        heading.addStyleClass("heading")
        heading.xalign = 0
        let top = Box(.horizontal, spacing: 6)
        top.append(heading, expand: true)
        close.addStyleClass("flat")
        top.append(close)
        column.setMargins(top: 12, bottom: 18, start: 18, end: 12)
        column.append(top)
        state.addStyleClass("dim-label")
        state.xalign = 0
        state.wraps = true
        column.append(state)
        column.append(groups)
        let scrolled = ScrolledWindow()
        scrolled.add(column)
        scrolled.setSizeRequest(width: 280, height: -1)
        scrolled.addStyleClass("background")
        scrolled.accessibleName = tr("Properties")
        widget = scrolled
        widget.showAll()
        state.keepsOwnVisibility = true
        state.hide()
    }

    /// Each row's caption and value as a person reads them, top to bottom, the place last.
    var rows: [(caption: String, value: String)] {
        rowLabels.map { ($0.caption.text, $0.value.text) } + (placeLink.map { [(tr("Place"), $0.text)] } ?? [])
    }

    /// Replaces what it shows; `note`, when given, says that more is on its way or why it is not.
    func show(_ properties: PictureProperties, note: String? = nil) {
        state.text = note ?? ""
        state.isVisible = note != nil
        guard properties != shown else { return }
        shown = properties
        column.remove(groups)
        groups = Box(.vertical, spacing: 18)
        column.append(groups)
        rowLabels = []
        placeLink = nil
        addGroup(tr("File"), properties.picture + [PictureProperties.Row(caption: tr("Address"), value: properties.address)])
        if !properties.camera.isEmpty { addGroup(tr("Camera"), properties.camera) }
        if let place = properties.place {
            let group = Box(.vertical, spacing: 6)
            group.append(groupHeading(tr("Place")))
            let link = Label()
            link.setMarkup("<a href=\"\(Label.escaped(place.map.absoluteString))\">\(Label.escaped(place.words))</a>")
            link.xalign = 0
            link.tooltip = tr("Show on a map")
            group.append(link)
            placeLink = link
            groups.append(group)
        }
        groups.showAll()
    }

    private func addGroup(_ title: String, _ rows: [PictureProperties.Row]) {
        let group = Box(.vertical, spacing: 6)
        group.append(groupHeading(title))
        for row in rows {
            let caption = Label(row.caption)
            caption.addStyleClass("dim-label")
            caption.addStyleClass("caption")
            caption.xalign = 0
            let value = Label(row.value)
            value.xalign = 0
            value.wrapAnywhere()
            value.isSelectable = true
            value.canFocus = false
            let pair = Box(.vertical, spacing: 2)
            pair.append(caption)
            pair.append(value)
            group.append(pair)
            rowLabels.append((caption, value))
        }
        groups.append(group)
    }

    private func groupHeading(_ title: String) -> Label {
        let heading = Label(title)
        heading.addStyleClass("heading")
        heading.xalign = 0
        return heading
    }
}
