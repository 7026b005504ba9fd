import Domain
import Foundation
import Gtk
import Localization

/// "Save data" (on any network) and this session's downloads by section, refreshed each second.
@MainActor
final class DataSavingRows {
    let savesDataSwitch = Switch()
    private(set) var rows: [ListBoxRow] = []
    /// Each section's figure, by section.
    private(set) var amounts: [Section: Label] = [:]
    private let downloaded: () -> [String: Int]
    private var refreshing: DispatchWorkItem?
    var onChange: (@MainActor (Bool) -> Void)?

    /// How often the figures are read while the window shows them.
    static let refreshEvery: DispatchTimeInterval = .seconds(1)

    init(savesData: Bool, downloaded: @escaping () -> [String: Int]) {
        self.downloaded = downloaded
        savesDataSwitch.isOn = savesData
        savesDataSwitch.accessibleName = tr("Save data")
        let line = PreferencesRowLine.make(
            title: tr("Save data"),
            summary: tr("On every network, not only on metered ones: nothing is fetched before it is on screen, and videos download only when played."),
            control: savesDataSwitch)
        rows.append(PreferencesRowLine.row(line))
        for section in Section.allCases {
            let made = PreferencesRowLine.sectionFigure(section)
            amounts[section] = made.figure
            rows.append(made.row)
        }
        savesDataSwitch.onToggled { [weak self] in
            guard let self else { return }
            self.onChange?(self.savesDataSwitch.isOn)
        }
        refresh()
    }


    /// Reads the figures now, then every `refreshEvery` while the rows are on screen.
    func refresh() {
        refreshing?.cancel()
        let totals = downloaded()
        for (section, label) in amounts {
            let bytes = totals[section.rawValue] ?? 0
            let text = sizeText(bytes: bytes)
            if label.text != text { label.text = text }
            label.accessibleName = tr("{section}: {amount} downloaded this session", ["section": section.title, "amount": text])
        }
        let next = DispatchWorkItem { [weak self] in
            guard let self, self.rows.first?.isMapped == true else { return }
            self.refresh()
        }
        refreshing = next
        DispatchQueue.main.asyncAfter(deadline: .now() + Self.refreshEvery, execute: next)
    }
}
