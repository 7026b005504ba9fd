import Domain
import Foundation
import Gtk
import Localization

/// Preferences as GNOME lays them out, used at once: backend switch, per-service addresses, "Save data", downloads.
@MainActor
final class PreferencesWindow {
    let window = Window()
    let builtInSwitch = Switch()
    let scroller = ScrolledWindow()
    let page = Box(.vertical, spacing: 24)
    private(set) var rows: [ServiceAddressRow] = []
    /// What the window shows, as edited.
    private(set) var form: ServiceAddresses
    /// What was applied last (or saved, when the window opened).
    private var applied: ServiceAddresses
    /// Called with the addresses to use and save: the switch turned, or an address entered or left.
    var onApply: (@MainActor (ServiceAddresses) -> Void)?
    /// "Save data", and what each section downloaded this session.
    let data: DataSavingRows
    /// The cache's limit, each section's use of the disk, Clear.
    let storage: StorageRows
    /// "Restore where I left off": the section, details, list places and searches at the next launch.
    let restoring: SwitchRow
    let notifying: SwitchRow // desktop notifications of new messages

    /// `given`: the command line's addresses, fixed for this launch; `downloaded`: bytes by section name.
    init(parent: Window?, addresses: ServiceAddresses, given: [Backend.Service: URL], savesData: Bool = false, restoresPlace: Bool = true, notifies: Bool = true,
         downloaded: @escaping () -> [String: Int] = { [:] }, cacheMegabytes: Int = AppSettings.defaultDiskCacheMegabytes,
         diskUse: @escaping @MainActor () async -> [Section: DiskUse] = { [:] }) {
        form = addresses
        applied = addresses
        data = DataSavingRows(savesData: savesData, downloaded: downloaded)
        storage = StorageRows(megabytes: cacheMegabytes, use: diskUse)
        restoring = SwitchRow(title: tr("Restore where I left off"),
                              summary: tr("Each section opens at the place, page and search it showed when Tessera closed."),
                              isOn: restoresPlace)
        notifying = SwitchRow(title: tr("Notify about new messages"),
                              summary: tr("While Tessera's window is not in use or shows another section."), isOn: notifies)
        window.title = tr("Preferences")
        window.setTransient(for: parent)
        window.isModal = true
        window.setDefaultSize(width: Self.size.width, height: Self.size.height)
        let header = HeaderBar()
        header.title = tr("Preferences")
        window.setTitlebar(header)

        page.setMargins(top: 24, bottom: 24, start: 12, end: 12)
        page.addStyleClass("preferences-page")
        page.append(group(title: tr("General"), description: nil, rows: [restoring.row, notifying.row]))
        page.append(group(title: tr("Backend"), description: nil, rows: [builtInRow()]))
        rows = Backend.Service.allCases.map { service in
            ServiceAddressRow(service: service, text: addresses.texts[service] ?? "", given: given[service])
        }
        page.append(group(title: tr("Services"),
                          description: tr("Each service can come from a server of its own. An empty address uses the built-in backend."),
                          rows: rows.map(\.row)))
        page.append(group(title: tr("Data"),
                          description: tr("Downloaded this session, by section. On a metered network Tessera saves data by itself."),
                          rows: data.rows))
        page.append(group(title: tr("Storage"),
                          description: tr("What Tessera keeps on this computer, by section. Past the cache limit the pictures used least recently go first."),
                          rows: storage.rows))
        scroller.add(page)
        window.add(scroller)

        builtInSwitch.isOn = addresses.builtInForEverything
        builtInSwitch.onToggled { [weak self] in
            guard let self else { return }
            self.form.builtInForEverything = self.builtInSwitch.isOn
            self.update()
            self.apply()
        }
        for row in rows {
            row.onChanged = { [weak self] text in
                self?.form.texts[row.service] = text
                self?.update()
            }
            row.onCommit = { [weak self] in self?.apply() }
        }
        window.onKeyPress { [weak self] key in
            guard key.keyName == "Escape", key.modifiers.isEmpty else { return false }
            self?.window.close()
            return true
        }
        update()
        scroller.showAll()
        header.showAll()
    }

    /// GNOME's preferences windows open about this size.
    static let size = (width: 640, height: 640)

    func present() {
        window.present()
        // Reading again, once shown (the window opened again).
        data.refresh()
        storage.refresh()
    }

    /// Storage, the last group, scrolled into view whole once laid out; its limit focused.
    func showStorage() {
        storage.limit.grabFocus()
        window.onNextDraw { [weak self] in
            guard let self else { return }
            let adjustment = self.scroller.verticalAdjustment()
            adjustment.value = adjustment.maximumValue
        }
    }

    /// Whether the form differs from what is used, with every address usable.
    var canApply: Bool { form != applied && form.canApply }

    /// Uses the form, when it changed and every address in it can be used (else the rows say why).
    func apply() {
        guard canApply else { return }
        applied = form
        update()
        onApply?(form)
    }

    /// Each row's problem, and the entries usable while the switch is off.
    private func update() {
        for row in rows {
            row.show(problem: form.builtInForEverything || row.given != nil ? nil : form.problem(for: row.service))
            row.entry.isSensitive = !form.builtInForEverything && row.given == nil
        }
    }

    private func builtInRow() -> ListBoxRow {
        builtInSwitch.accessibleName = tr("Use the built-in backend for everything")
        let line = PreferencesRowLine.make(title: tr("Use the built-in backend for everything"),
                                           summary: tr("The addresses below are kept but not used."), control: builtInSwitch)
        return PreferencesRowLine.row(line)
    }

    /// A heading, an optional description and the rows in one rounded list.
    private func group(title: String, description: String?, rows: [ListBoxRow]) -> Widget {
        let box = Box(.vertical, spacing: 6)
        let heading = Label(title)
        heading.xalign = 0
        heading.addStyleClass("heading")
        box.append(heading)
        if let description {
            let words = Label(description)
            words.xalign = 0
            words.wraps = true
            words.addStyleClass("dim-label")
            box.append(words)
        }
        let list = ListBox(selectable: false)
        list.addStyleClass("preferences-list")
        list.accessibleName = title
        rows.forEach(list.append)
        box.append(list)
        return box
    }
}
