import Domain
import Foundation
import Gtk
import Localization

/// The cache's limit, what each section keeps on this computer, and Clear; read when shown and after each change.
@MainActor
final class StorageRows {
    let limit = ComboBoxText()
    let clearButton = Button(label: tr("C_lear…"))
    private(set) var rows: [ListBoxRow] = []
    private(set) var amounts: [Section: Label] = [:]
    private let limitSummary: Label
    private let use: @MainActor () async -> [Section: DiskUse]
    private var reading: Task<Void, Never>?
    /// A limit was chosen, in megabytes.
    var onLimit: (@MainActor (Int) -> Void)?
    /// Clear was clicked; call the closure once the cache is cleared.
    var onClear: (@MainActor (_ done: @escaping @MainActor () -> Void) -> Void)?

    /// The limits offered; another one set in `settings.json` is offered too.
    static let choices = [250, 500, 1000, 2000, 5000, 10_000]

    init(megabytes: Int, use: @escaping @MainActor () async -> [Section: DiskUse]) {
        self.use = use
        for choice in Set(Self.choices + [megabytes]).sorted() {
            limit.append(id: String(choice), text: sizeText(bytes: choice * AppSettings.megabyte))
        }
        limit.activeID = String(megabytes)
        limit.accessibleName = tr("Cache limit")
        let line = PreferencesRowLine.parts(title: tr("Cache limit"), summary: "", control: limit)
        limitSummary = line.summary
        rows.append(PreferencesRowLine.row(line.line))
        for section in Section.allCases {
            let made = PreferencesRowLine.sectionFigure(section)
            amounts[section] = made.figure
            rows.append(made.row)
        }
        clearButton.accessibleName = tr("Clear the cache")
        rows.append(PreferencesRowLine.row(PreferencesRowLine.make(
            title: tr("Clear the cache"),
            summary: tr("Deletes the pictures and the pages saved for offline reading. Your gallery, the people and your own messages stay."),
            control: clearButton)))
        limit.onChanged { [weak self] in
            guard let self, let chosen = self.limit.activeID.flatMap(Int.init) else { return }
            self.onLimit?(chosen)
            self.refresh()
        }
        clearButton.onClicked { [weak self] in
            self?.onClear? { [weak self] in self?.refresh() }
        }
    }

    func refresh() {
        reading?.cancel()
        reading = Task { [weak self] in
            guard let use = await self?.use(), !Task.isCancelled, let self else { return }
            for (section, label) in self.amounts {
                let text = sizeText(bytes: use[section]?.total ?? 0)
                label.text = text
                label.accessibleName = tr("{section}: {amount} on this computer", ["section": section.title, "amount": text])
            }
            let cached = use.values.reduce(0) { $0 + $1.cached }
            self.limitSummary.text = tr("Pictures and saved pages: {amount}", ["amount": sizeText(bytes: cached)])
        }
    }

}
