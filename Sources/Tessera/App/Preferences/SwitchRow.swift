import Gtk

/// A preference that is on or off: its title, what it does, and the switch (named by the title).
@MainActor
final class SwitchRow {
    let control = Switch()
    let row: ListBoxRow
    var onChange: (@MainActor (Bool) -> Void)?

    init(title: String, summary: String, isOn: Bool) {
        control.isOn = isOn
        control.accessibleName = title
        row = PreferencesRowLine.row(PreferencesRowLine.make(title: title, summary: summary, control: control))
        control.onToggled { [weak self] in
            guard let self else { return }
            self.onChange?(self.control.isOn)
        }
    }
}
