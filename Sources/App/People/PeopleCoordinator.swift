import Domain
import Gtk

/// The people's navigation: the list, and a person's edit page pushed over it.
@MainActor
final class PeopleCoordinator: SectionCoordinator {
    private let services: SectionServices

    init(services: SectionServices) {
        self.services = services
        let me = WeakReference<PeopleCoordinator>()
        let list = PeoplePage(model: services.peopleModel, pipeline: services.images) { person in
            me.object?.edit(person)
        }
        super.init(section: .people, root: list)
        me.object = self
    }

    func edit(_ person: Person) {
        push(PersonEditPage(person: person, model: services.peopleModel,
                            pipeline: services.images) { [weak self] in self?.pop() })
    }
}
