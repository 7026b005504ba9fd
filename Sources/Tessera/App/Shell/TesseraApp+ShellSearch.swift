import Domain
import Gtk

/// GNOME Shell's search for people (`ShellSearchProvider`), and where its results open.
extension TesseraApp {
    /// Offers the Shell's search before taking the bus name; unique instances only.
    func startShellSearch() {
        guard options.unique else { return }
        let provider = ShellSearchProvider(
            model: { [unowned self] in self.services.peopleModel },
            avatars: { [unowned self] in self.services.images },
            actions: .init(
                startPeople: { [weak self] in Task { await self?.peopleModel.startOnce() } },
                open: { [weak self] person in self?.openPerson(person) },
                search: { [weak self] text in self?.searchPeople(for: text) },
                hold: { [weak self] in self?.application.hold() },
                release: { [weak self] in self?.application.release() }))
        do {
            try provider.start()
            shellSearch = provider
        } catch {
            logger.info("GNOME Shell's search is not offered: \(error)")
        }
    }

    /// The window (made if there is none) on `person`'s page.
    func openPerson(_ person: Person) {
        guard let people = showPeople() else { return }
        people.edit(person, focusingEntry: false)
    }

    /// The window (made if there is none) on People, searching for `text`.
    func searchPeople(for text: String) {
        showPeople()?.showSearch(for: text)
    }

    @discardableResult
    private func showPeople() -> PeopleCoordinator? {
        activate()
        guard let main = mainWindow else { return nil }
        main.show(.people)
        return main.coordinator(for: .people) as? PeopleCoordinator
    }
}
