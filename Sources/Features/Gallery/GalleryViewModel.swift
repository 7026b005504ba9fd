import Foundation
import Domain
import Repositories

/// The gallery screen's state and intents. Knows nothing of GTK: views render `state`, animate
/// `Change`s, and call the intents.
///
/// Updates are optimistic: the grid changes at once (animated), the repository is asked, and a
/// failure rolls the change back and says why.
@MainActor
public final class GalleryViewModel {
    public enum Phase: Equatable, Sendable {
        case loading
        case loaded
        /// Nothing could be shown; the message says why.
        case failed(String)
    }

    /// A message the view shows as a dialog.
    public enum Notice: Equatable, Sendable {
        case selected(uuid: String)
        case confirmDelete(index: Int, uuid: String)
        case error(String)

        public var text: String {
            switch self {
            case .selected(let uuid): "You have selected the item with identifier \(uuid)"
            case .confirmDelete(_, let uuid): "Do you really want to delete the item with identifier \(uuid)?"
            case .error(let message): message
            }
        }
    }

    /// What changed, for the view's batch animation.
    public enum Change: Equatable, Sendable {
        case reloaded
        case inserted(Int)
        case deleted(Int)
        case moved(from: Int, to: Int)
    }

    public struct State: Equatable, Sendable {
        public var phase: Phase = .loading
        public var items: [GalleryItem] = []
        public var notice: Notice?
        /// What is wrong with the stored document (duplicate or malformed uuids, bad links).
        public var problems: [String] = []
    }

    public private(set) var state = State()
    /// Called after every change of `state`, with the structural change if there was one.
    public var onChange: ((State, Change?) -> Void)?
    private let repository: any GalleryRepository

    public init(repository: any GalleryRepository) {
        self.repository = repository
    }

    public func load() async {
        do {
            let (items, problems) = try await repository.load()
            state.items = items
            state.problems = problems.map(\.description)
            state.phase = .loaded
            publish(.reloaded)
        } catch {
            state.phase = .failed(error.description)
            publish(nil)
        }
    }

    public func select(at index: Int) {
        guard state.items.indices.contains(index) else { return }
        state.notice = .selected(uuid: state.items[index].uuid)
        publish(nil)
    }

    public func requestDelete(at index: Int) {
        guard state.items.indices.contains(index) else { return }
        state.notice = .confirmDelete(index: index, uuid: state.items[index].uuid)
        publish(nil)
    }

    public func dismissNotice() {
        state.notice = nil
        publish(nil)
    }

    /// "Yes" in the delete confirmation.
    public func confirmDelete() async {
        guard case let .confirmDelete(index, uuid)? = state.notice else { return }
        state.notice = nil
        let removed = state.items.remove(at: index)
        publish(.deleted(index))
        do {
            state.items = try await repository.delete(at: index, uuid: uuid)
        } catch {
            state.items.insert(removed, at: min(index, state.items.count))
            state.notice = .error("The item was not deleted. \(error.description)")
            publish(.inserted(index))
        }
    }

    /// OK in the add dialog. Returns why the link was refused; nothing changes then.
    @discardableResult
    public func add(link: String) async -> LinkValidation.Failure? {
        let url: URL
        switch LinkValidation.validate(link) {
        case .failure(let failure): return failure
        case .success(let valid): url = valid
        }
        let item = GalleryItem.new(imageURL: url)
        let index = state.items.count
        state.items.append(item)
        publish(.inserted(index))
        do {
            state.items = try await repository.add(item)
        } catch {
            state.items.removeAll { $0 == item }
            state.notice = .error("The item was not added. \(error.description)")
            publish(.deleted(index))
        }
        return nil
    }

    /// Drag and drop, or Alt+arrow keys.
    public func move(from source: Int, to destination: Int) async {
        guard source != destination, state.items.indices.contains(source), state.items.indices.contains(destination) else { return }
        state.items.insert(state.items.remove(at: source), at: destination)
        publish(.moved(from: source, to: destination))
        do {
            state.items = try await repository.move(from: source, to: destination)
        } catch {
            state.items.insert(state.items.remove(at: destination), at: source)
            state.notice = .error("The item was not moved. \(error.description)")
            publish(.moved(from: destination, to: source))
        }
    }

    private func publish(_ change: Change?) {
        onChange?(state, change)
    }
}
