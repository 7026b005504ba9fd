import Domain
import Features
import Gtk

/// The feed's navigation: the grid, and the viewer of one post pushed over it.
@MainActor
final class FeedCoordinator: SectionCoordinator {
    private let services: SectionServices

    init(services: SectionServices) {
        self.services = services
        let me = WeakReference<FeedCoordinator>()
        let source = services.backend
        let model = services.makers.feed()
        let grid = FeedPage(model: model, pipeline: services.images, backendReady: { _ = await source.resolve() },
                            server: { await source.resolve().feedSelect }, dataSaving: services.dataSaving,
                            window: { [mainWindow = services.mainWindow] in mainWindow()?.window }) { posts, index in
            me.object?.open(posts, at: index)
        }
        super.init(section: .feed, root: grid)
        me.object = self
        // The viewer open at the last launch, once its post is shown (saved posts too).
        grid.onPostsShown = { [weak self] posts in
            self?.reopenViewer(in: posts, id: \.id) { self?.open(posts, at: $0) }
        }
    }

    /// Pushes the viewer on `posts[index]`; leaving it focuses the post it ended on.
    @discardableResult
    func open(_ posts: [MediaPost], at index: Int) -> ViewerPage? {
        guard let grid = pages.first as? FeedPage else { return nil }
        let main = services.mainWindow
        let items = posts.enumerated().map { ViewerItem(post: $1, number: $0 + 1, of: posts.count) }
        let viewer = ViewerPage(items: items, index: index, pipeline: services.images, section: .feed,
                        goBack: { [weak self] in self?.pop() },
                        window: { main()?.window }, viewerChoices: services.viewerChoices,
                        onMove: { main()?.updateChrome() },
                        onLeave: { [weak grid] item in
                            if let post = posts.first(where: { $0.id == item.id }) { grid?.focus(post) }
                        })
        return pushViewer(viewer)
    }
}
