import Gtk
import Localization

/// While items are chosen: how many, Delete (asks once) and Clear (Escape too).
@MainActor
final class GallerySelectionBar {
    let widget: Revealer
    let countLabel = Label()
    let deleteButton = Button(label: tr("_Delete…"))
    let clearButton = Button(label: tr("C_lear"))
    var onDelete: (() -> Void)?
    var onClear: (() -> Void)?

    init() {
        let box = Box(.horizontal, spacing: 6)
        box.addStyleClass("gallery-selection-bar")
        box.setMargins(top: 8, bottom: 8, start: 12, end: 12)
        countLabel.xalign = 0
        countLabel.addStyleClass("heading")
        deleteButton.addStyleClass("destructive-action")
        box.append(countLabel, expand: true)
        box.append(clearButton)
        box.append(deleteButton)
        // Shown at once, as the search bars are (keys typed meanwhile reach their widgets).
        widget = Revealer(child: box, transition: .slideDown, duration: 0)
        box.showAll()
        deleteButton.onClicked { [weak self] in self?.onDelete?() }
        clearButton.onClicked { [weak self] in self?.onClear?() }
    }

    /// Shows the bar with the count, or hides it when nothing is chosen.
    func show(count: Int) {
        widget.revealsChild = count > 0
        guard count > 0 else { return }
        countLabel.text = ntr("{count} item chosen", "{count} items chosen", count: count)
        countLabel.accessibleName = countLabel.text
    }
}
