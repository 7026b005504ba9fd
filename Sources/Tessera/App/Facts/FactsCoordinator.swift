import Foundation
import Domain
import Features
import Gtk

/// The facts' navigation: the cards, and a fact's detail page pushed over them.
@MainActor
final class FactsCoordinator: SectionCoordinator {
    private let services: SectionServices

    init(services: SectionServices) {
        self.services = services
        let me = WeakReference<FactsCoordinator>()
        let source = services.backend
        let main = services.mainWindow
        let model = services.makers.facts()
        let cards = FactsPage(model: model, pipeline: services.images, backendReady: { _ = await source.resolve() },
                              server: { await source.resolve().facts }, dataSaving: services.dataSaving,
                              open: { fact, aspect in me.object?.open(fact, aspect: aspect) },
                              titleChanged: { main()?.updateChrome() })
        super.init(section: .facts, root: cards)
        me.object = self
        // The detail open at the last launch, once its fact is loaded.
        cards.onFactsShown = { [weak self, weak cards] facts in
            guard let self, let key = self.detailToReopen else { return }
            self.detailToReopen = nil
            guard let id = Int(key), let fact = facts.first(where: { $0.id == id }) else { return }
            self.reopen { cards?.open(fact) }
            // Its picture's viewer, when that was open over it.
            guard let detail = self.pages.last as? FactDetailPage, let url = fact.imageURL else { return }
            self.reopenViewer(in: [url], id: \.absoluteString) { _ in self.openViewer(url, of: fact, over: detail) }
        }
    }

    override var openDetailKey: String? { (pages.dropFirst().first as? FactDetailPage).map { String($0.fact.id) } }

    /// Pushes the detail of `fact`, laid out for the window's shape.
    func open(_ fact: Fact, aspect: Double?) {
        let main = services.mainWindow
        let detail = FactDetailPage(fact: fact, aspect: aspect, pipeline: services.images) { main()?.window.size }
        detail.onView = { [weak self, weak detail] url in
            guard let detail else { return }
            self?.openViewer(url, of: fact, over: detail)
        }
        push(detail)
    }

    /// Pushes the viewer on a fact's picture; leaving it focuses the picture on its detail.
    @discardableResult
    private func openViewer(_ url: URL, of fact: Fact, over detail: FactDetailPage) -> ViewerPage? {
        let main = services.mainWindow
        let viewer = ViewerPage(items: [ViewerItem(id: url.absoluteString, url: url, kind: .picture, name: fact.displayTitle)],
                                index: 0, pipeline: services.images, section: .facts, goBack: { [weak self] in self?.pop() },
                                window: { main()?.window }, viewerChoices: services.viewerChoices, onMove: { main()?.updateChrome() },
                                onLeave: { [weak detail] _ in detail?.focusPicture() })
        return pushViewer(viewer)
    }
}
