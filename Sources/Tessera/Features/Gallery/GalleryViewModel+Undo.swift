import Foundation
import Domain
import Localization
import Repositories

/// Undo of the gallery's last change: offered for a while after it is saved, and taken back.
extension GalleryViewModel {
    /// Offers Undo for the change just saved, for `undoSeconds`.
    func offerUndo(_ change: Undoable) {
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

    /// Takes the last change back as a new optimistic change, finding items by uuid.
    public func undo() async {
        guard let change = state.undoable else { return }
        state.undoable = nil
        switch change {
        case .addedMany(let placed):
            let added = Set(placed.map(\.item.uuid))
            let current = state.items.indices.filter { added.contains(state.items[$0].uuid) }
                .map { PlacedItem(item: state.items[$0], index: $0) }
            guard !current.isEmpty else { return publish(nil) }
            state.items.removeAll { added.contains($0.uuid) }
            publish(.many)
            do {
                state.items = try await repository.delete(current)
            } catch {
                state.items = Self.putting(current, backInto: state.items)
                state.notice = .error(heading: tr("The added items were not removed"), reason: error.description)
                publish(.many)
            }
        case .deletedMany(let placed):
            let before = state.items
            state.items = Self.putting(placed, backInto: state.items)
            publish(.many)
            do {
                state.items = try await repository.insert(placed)
            } catch {
                state.items = before
                state.notice = .error(heading: tr("The items were not put back"), reason: error.description)
                publish(.many)
            }
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
                state.notice = .error(heading: tr("The item was not put back"), reason: error.description)
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
                state.notice = .error(heading: tr("The added item was not removed"), reason: error.description)
                publish(.inserted(back))
            }
        case .moved(let item, let source, let destination):
            let current = state.items.indices.contains(destination) && state.items[destination] == item
                ? destination : state.items.firstIndex(of: item)
            guard let current, state.items.indices.contains(source), current != source else { return publish(nil) }
            _ = await moveItem(from: current, to: source, failure: tr("The item was not moved back"))
        }
    }
}
