import Foundation
import Domain
import Repositories
import Localization

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
            case .selected(let uuid): tr("You have selected the item with identifier {uuid}", ["uuid": uuid])
            case .confirmDelete(_, let uuid): tr("Do you really want to delete the item with identifier {uuid}?", ["uuid": uuid])
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

    /// The last change, which the user may take back for a while ("Item deleted", Undo).
    public enum Undoable: Equatable, Sendable {
        case deleted(GalleryItem, at: Int)
        case added(GalleryItem)
        case moved(GalleryItem, from: Int, to: Int)

        public var message: String {
            switch self {
            case .deleted: tr("Item deleted")
            case .added: tr("Item added")
            case .moved: tr("Item moved")
            }
        }
    }

    public struct State: Equatable, Sendable {
        public var phase: Phase = .loading
        public var items: [GalleryItem] = []
        public var notice: Notice?
        /// The change Undo would take back, once it is saved; nil when there is none to offer.
        public var undoable: Undoable?
        /// What is wrong with the stored document (duplicate or malformed uuids, bad links).
        public var problems: [String] = []
    }

    public private(set) var state = State()
    /// Called after every change of `state`, with the structural change if there was one.
    public var onChange: ((State, Change?) -> Void)?
    private let repository: any GalleryRepository

    /// How long Undo is offered after a change.
    private let undoSeconds: Double

    public init(repository: any GalleryRepository, undoSeconds: Double = 5) {
        self.repository = repository
        self.undoSeconds = undoSeconds
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
        state.undoable = nil
        publish(.deleted(index))
        do {
            state.items = try await repository.delete(at: index, uuid: uuid)
            offerUndo(.deleted(removed, at: index))
        } catch {
            state.items.insert(removed, at: min(index, state.items.count))
            state.notice = .error(tr("The item was not deleted. {reason}", ["reason": error.description]))
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
        state.undoable = nil
        publish(.inserted(index))
        do {
            state.items = try await repository.add(item)
            offerUndo(.added(item))
        } catch {
            state.items.removeAll { $0 == item }
            state.notice = .error(tr("The item was not added. {reason}", ["reason": error.description]))
            publish(.deleted(index))
        }
        return nil
    }

    /// Drag and drop, or Alt+arrow keys.
    public func move(from source: Int, to destination: Int) async {
        guard source != destination, state.items.indices.contains(source), state.items.indices.contains(destination) else { return }
        let item = state.items[source]
        if await moveItem(from: source, to: destination, failure: tr("The item was not moved.")) {
            offerUndo(.moved(item, from: source, to: destination))
        }
    }

    /// Moves optimistically and saves; a failure moves the item back and says why.
    private func moveItem(from source: Int, to destination: Int, failure: String) async -> Bool {
        state.items.insert(state.items.remove(at: source), at: destination)
        state.undoable = nil
        publish(.moved(from: source, to: destination))
        do {
            state.items = try await repository.move(from: source, to: destination)
            return true
        } catch {
            state.items.insert(state.items.remove(at: destination), at: source)
            state.notice = .error("\(failure) \(error.description)")
            publish(.moved(from: destination, to: source))
            return false
        }
    }

    // MARK: Undo

    private var undoOffer = 0

    /// Offers Undo for the change just saved, for `undoSeconds`.
    private func offerUndo(_ change: Undoable) {
        state.undoable = change
        publish(nil)
        undoOffer += 1
        let offer = undoOffer, seconds = undoSeconds
        Task { [weak self] in
            try? await Task.sleep(for: .seconds(seconds))
            guard let self, self.undoOffer == offer, self.state.undoable != nil else { return }
            self.dismissUndo()
        }
    }

    /// The offer went (closed, or timed out).
    public func dismissUndo() {
        guard state.undoable != nil else { return }
        state.undoable = nil
        publish(nil)
    }

    /// Takes the last change back, as a change of its own: optimistic, saved, and rolled back with
    /// a reason when the save fails. The item is found by its uuid, in case the list moved since.
    public func undo() async {
        guard let change = state.undoable else { return }
        state.undoable = nil
        switch change {
        case .deleted(let item, let index):
            let at = min(index, state.items.count)
            state.items.insert(item, at: at)
            publish(.inserted(at))
            do {
                state.items = try await repository.insert(item, at: at)
            } catch {
                if let current = state.items.firstIndex(of: item) {
                    state.items.remove(at: current)
                    publish(.deleted(current))
                }
                state.notice = .error(tr("The item was not put back. {reason}", ["reason": error.description]))
                publish(nil)
            }
        case .added(let item):
            guard let index = state.items.lastIndex(of: item) else { return publish(nil) }
            state.items.remove(at: index)
            publish(.deleted(index))
            do {
                state.items = try await repository.delete(at: index, uuid: item.uuid)
            } catch {
                let back = min(index, state.items.count)
                state.items.insert(item, at: back)
                state.notice = .error(tr("The added item was not removed. {reason}", ["reason": error.description]))
                publish(.inserted(back))
            }
        case .moved(let item, let source, let destination):
            let current = state.items.indices.contains(destination) && state.items[destination] == item
                ? destination : state.items.firstIndex(of: item)
            guard let current, state.items.indices.contains(source), current != source else { return publish(nil) }
            _ = await moveItem(from: current, to: source, failure: tr("The item was not moved back."))
        }
    }

    private func publish(_ change: Change?) {
        onChange?(state, change)
    }
}
