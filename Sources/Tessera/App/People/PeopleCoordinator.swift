import Domain
import Gtk

/// The list and a person's editor, beside it when wide, pushed when narrow.
@MainActor
final class PeopleCoordinator: SectionCoordinator {
    private let services: SectionServices
    private let list: PeoplePage

    init(services: SectionServices) {
        self.services = services
        let me = WeakReference<PeopleCoordinator>()
        let source = services.backend
        list = PeoplePage(model: services.peopleModel, pipeline: services.images, avatarsServer: { await source.resolve().avatar(1) }) { person, focus in
            me.object?.edit(person, focusingEntry: focus)
        }
        super.init(section: .people, root: list, detailPane: true)
        me.object = self
        list.onPeopleShown = { [weak self] people in self?.reopen(among: people) }
    }

    override var openDetailKey: String? { editor.map { String($0.personID) } }

    /// The editor open at the last launch, once its person is in the list.
    private func reopen(among people: [Person]) {
        guard let key = detailToReopen else { return }
        detailToReopen = nil
        guard let id = Int64(key), let person = people.first(where: { $0.id == id }) else { return }
        reopen { edit(person, focusingEntry: false) }
    }

    /// The editor open now, in the pane or pushed.
    var editor: PersonEditPage? { (pages.count > 1 ? pages.last : paneDetail) as? PersonEditPage }

    /// Opens `person`'s editor; in a pane, the person shown before leaves (and is saved).
    func edit(_ person: Person, focusingEntry: Bool = true) {
        if let editor, editor.personID == person.id {
            if focusingEntry { editor.entry.grabFocus() }
            return
        }
        let page = PersonEditPage(person: person, model: services.peopleModel,
                                  pipeline: services.images) { [weak self] in self?.pop() }
        page.focusesEntryWhenShown = !showsPanes || focusingEntry
        page.isInPane = showsPanes
        showDetail(page)
        if showsPanes { list.markSelected(personID: person.id) }
    }

    override func detailClosed(_ page: any Page) {
        guard let editor = page as? PersonEditPage else { return }
        list.detailClosed(personID: editor.personID)
    }

    override func panesChanged() {
        list.selectsForPane = showsPanes
        if let editor {
            editor.focusesEntryWhenShown = true
            editor.isInPane = showsPanes
            if showsPanes { list.markSelected(personID: editor.personID) }
        }
    }

    /// The list searched for `text`, shown alone (a narrow window's editor is closed).
    func showSearch(for text: String) {
        popToRoot()
        list.showSearch(for: text)
    }

    /// Leaving the section saves a name being typed (the editor stays open).
    override func sectionWillHide() {
        editor?.save()
    }
}
