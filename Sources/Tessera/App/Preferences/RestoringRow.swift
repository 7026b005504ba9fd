import Gtk
import Localization

/// "Restore where I left off": the section, details, list places and searches at the next launch.
@MainActor
final class RestoringRow {
    let restoreSwitch = Switch()
    let row: ListBoxRow
    var onChange: (@MainActor (Bool) -> Void)?

    init(restores: Bool) {
        restoreSwitch.isOn = restores
        restoreSwitch.accessibleName = tr("Restore where I left off")
        row = PreferencesRowLine.row(PreferencesRowLine.make(
            title: tr("Restore where I left off"),
            summary: tr("Each section opens at the place, page and search it showed when Tessera closed."),
            control: restoreSwitch))
        restoreSwitch.onToggled { [weak self] in
            guard let self else { return }
            self.onChange?(self.restoreSwitch.isOn)
        }
    }
}
