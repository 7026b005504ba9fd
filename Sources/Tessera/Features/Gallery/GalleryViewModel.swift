import Foundation
import Domain
import Repositories
import Localization

/// The gallery's state and intents, without GTK; optimistic, rolled back with a reason on failure.
@MainActor
public final class GalleryViewModel {
    public internal(set) var state = State()
    /// Called after every change of `state`, with the structural change if there was one.
    public var onChange: ((State, Change?) -> Void)?
    let repository: any GalleryRepository
    /// Where dropped or pasted files and data are copied; nil: only links are taken.
    private let pictures: (any PictureStoring)?

    /// How long Undo is offered after a change.
    let undoSeconds: Double

    public init(repository: any GalleryRepository, pictures: (any PictureStoring)? = nil, undoSeconds: Double = 5) {
        self.repository = repository
        self.pictures = pictures
        self.undoSeconds = undoSeconds
    }

    /// Items shown while the rest is read: more than a 360 x 2160 window's first screen of the mosaic (57).
    public static let firstScreenItems = 120

    /// Reads the document; a large one shows its first items at once, and the rest after them once read.
    public func load() async {
        if state.items.isEmpty, let first = await repository.firstItems(Self.firstScreenItems), !first.isEmpty {
            state.items = first
            state.phase = .showingFirst
            publish(.reloaded)
        }
        defer {
            wholeListWaiting.forEach { $0.resume() }
            wholeListWaiting = []
            let intents = intentsAfterWholeList
            intentsAfterWholeList = []
            intents.forEach { $0(self) }
        }
        do {
            let (items, problems) = try await repository.load()
            state.items = items
            state.problems = problems.map(\.description)
            state.phase = .loaded
            publish(.reloaded)
            // The pictures of items deleted in an earlier session (past their Undo) go.
            if let pictures {
                Task.detached(priority: .utility) {
                    await pictures.forget(allBut: items.filter { $0.imageUrlString.hasPrefix("file:") }.compactMap(\.imageURL))
                }
            }
        } catch {
            let shown = state.phase == .showingFirst
            state.phase = .failed(error.description)
            if shown { state.items = [] }
            publish(shown ? .reloaded : nil)
        }
    }

    /// Who waits for the whole list while its first items show.
    private var wholeListWaiting: [CheckedContinuation<Void, Never>] = []

    /// Returns once the list is the whole document, or could not be read.
    public func wholeList() async {
        while state.phase == .showingFirst { await withCheckedContinuation { wholeListWaiting.append($0) } }
    }

    /// Keys pressed while the first items showed, run in the order pressed once the list is whole.
    private var intentsAfterWholeList: [@MainActor (GalleryViewModel) -> Void] = []

    /// Runs `intent` once the list is whole, after those given before it (a task each could swap them).
    private func afterWholeList(_ intent: @escaping @MainActor (GalleryViewModel) -> Void) {
        intentsAfterWholeList.append(intent)
    }

    /// Returns once the document holds every change in its final form (the window is closing).
    public func finishSaving() async {
        await repository.finishSaving()
    }

    public func select(at index: Int) {
        guard state.items.indices.contains(index) else { return }
        state.notice = .selected(uuid: state.items[index].uuid)
        publish(nil)
    }

    // MARK: Choosing several

    /// Where a Shift range starts: the item last chosen on its own.
    private var anchor: String?

    /// Ctrl+click, Ctrl+Space: the item joins the chosen ones, or leaves them.
    public func toggleSelection(at index: Int) {
        guard state.items.indices.contains(index) else { return }
        let uuid = state.items[index].uuid
        state.selection.toggle(uuid)
        anchor = uuid
        publish(nil)
    }

    /// Shift+click, Shift+arrows: chooses from the anchor (the last chosen alone, else this) to this one.
    public func extendSelection(to index: Int) {
        guard state.items.indices.contains(index) else { return }
        let start = anchor.flatMap { uuid in state.items.firstIndex { $0.uuid == uuid } } ?? index
        if anchor == nil { anchor = state.items[index].uuid }
        state.selection = GallerySelection(state.items[min(start, index)...max(start, index)].lazy.map(\.uuid))
        publish(nil)
    }

    /// Ctrl+A.
    public func selectAll() {
        // "Every item" counted and shown as chosen among the first few would be wrong a moment.
        guard state.phase != .showingFirst else { return afterWholeList { $0.selectAll() } }
        state.selection = .all
        publish(nil)
    }

    /// Escape, or after the chosen items were deleted.
    public func clearSelection() {
        anchor = nil
        guard state.selectedCount > 0 else { return }
        state.selection = GallerySelection()
        publish(nil)
    }

    /// Delete with items chosen: asks once, listing them.
    public func requestDeleteSelection() {
        guard state.phase != .showingFirst else { return afterWholeList { $0.requestDeleteSelection() } }
        let uuids = state.selectedIndices.map { state.items[$0].uuid }
        guard !uuids.isEmpty else { return }
        state.notice = .confirmDeleteSelection(uuids: uuids)
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
        await wholeList()
        if case let .confirmDeleteSelection(uuids)? = state.notice { return await deleteSelection(uuids) }
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
            state.notice = .error(heading: tr("The item was not deleted"), reason: error.description)
            publish(.inserted(index))
        }
    }

    /// Deletes the chosen items in one save and one Undo; a failed save puts them back and says why.
    private func deleteSelection(_ uuids: [String]) async {
        state.notice = nil
        // The asked selection still serves if it holds the same ids; one pass splits kept from taken.
        let same = state.selectedCount == uuids.count && uuids.allSatisfy(state.selection.contains)
        let chosen = same ? state.selection : GallerySelection(uuids)
        var placed: [PlacedItem] = [], kept: [GalleryItem] = []
        // Both sized once: grown as they filled, 100,000 items chosen were copied some 17 times.
        placed.reserveCapacity(min(state.items.count, uuids.count))
        kept.reserveCapacity(state.items.count - min(state.items.count, uuids.count))
        for (index, item) in state.items.enumerated() {
            if chosen.contains(item.uuid) { placed.append(PlacedItem(item: item, index: index)) } else { kept.append(item) }
        }
        guard !placed.isEmpty else { return publish(nil) }
        state.items = kept
        state.selection = GallerySelection()
        anchor = nil
        state.undoable = nil
        publish(.many)
        do {
            state.items = try await repository.delete(placed)
            offerUndo(.deletedMany(placed))
        } catch {
            state.items = Self.putting(placed, backInto: state.items)
            state.notice = .error(heading: ntr("{count} item was not deleted", "The {count} items were not deleted", count: placed.count),
                                  reason: error.description)
            publish(.many)
        }
    }

    /// `items` with `placed` back at their indices (ascending; each past the end goes last).
    static func putting(_ placed: [PlacedItem], backInto items: [GalleryItem]) -> [GalleryItem] {
        var items = items
        for entry in placed { items.insert(entry.item, at: min(entry.index, items.count)) }
        return items
    }

    /// OK in the add dialog. Returns why the link was refused; nothing changes then.
    @discardableResult
    public func add(link: String) async -> LinkValidation.Failure? {
        let url: URL
        switch LinkValidation.validate(link) {
        case .failure(let failure): return failure
        case .success(let valid): url = valid
        }
        await wholeList()
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
            state.notice = .error(heading: tr("The item was not added"), reason: error.description)
            publish(.deleted(index))
        }
        return nil
    }

    /// Why text with no address in it added nothing, naming the text (its first words).
    static func noLink(in text: String?) -> String {
        let words = (text ?? "").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !words.isEmpty else { return tr("There is no picture link to add.") }
        let shown = words.count > 40 ? words.prefix(40) + "…" : Substring(words)
        return tr("The text “{text}” has no web link in it.", ["text": String(shown)])
    }

    /// Ctrl+V or a drop: picture links, files and pictures come in at `index` (nil: last) as one change with
    /// one Undo, files copied first; when nothing is left, why is said.
    public func add(addresses: [String], text: String?, pictures given: [Data] = [], at index: Int? = nil) async {
        // Of a text, the words that are addresses (a browser's selection has words around its link).
        let candidates = addresses + (text ?? "").split(whereSeparator: { $0.isWhitespace }).map(String.init).filter { $0.contains("://") }
        var links: [URL] = [], refused: [String] = []
        for candidate in candidates {
            // A file's picture is copied into Tessera's folder: the item outlives the original.
            if let file = URL(string: candidate), file.isFileURL {
                guard let pictures else {
                    refused.append(tr("Pictures from files cannot be added yet, only their web links."))
                    continue
                }
                do throws(PictureRefusal) { links.append(try await pictures.keep(fileAt: file.path)) } catch { refused.append(error.description) }
                continue
            }
            switch LinkValidation.validate(candidate) {
            case .success(let url): links.append(url)
            case .failure(let failure): refused.append(failure.description)
            }
        }
        for bytes in given {
            guard let pictures else { break }
            do throws(PictureRefusal) { links.append(try await pictures.keep(bytes)) } catch { refused.append(error.description) }
        }
        guard !links.isEmpty else {
            state.notice = .error(heading: tr("Nothing was added"), reason: refused.first ?? Self.noLink(in: text))
            return publish(nil)
        }
        await wholeList()
        let start = min(index ?? state.items.count, state.items.count)
        let placed = links.enumerated().map { PlacedItem(item: GalleryItem.new(imageURL: $1), index: start + $0) }
        let before = state.items
        state.items = Self.putting(placed, backInto: state.items)
        state.undoable = nil
        publish(.many)
        do {
            state.items = try await repository.insert(placed)
            offerUndo(.addedMany(placed))
            if !refused.isEmpty {
                state.notice = .error(heading: ntr("{count} was left out", "{count} were left out", count: refused.count),
                                      reason: refused[0])
                publish(nil)
            }
        } catch {
            state.items = before
            state.notice = .error(heading: ntr("{count} item was not added", "The {count} items were not added", count: placed.count),
                                  reason: error.description)
            publish(.many)
        }
    }

    /// Drag and drop, or Alt+arrow keys.
    public func move(from source: Int, to destination: Int) async {
        await wholeList()
        guard source != destination, state.items.indices.contains(source), state.items.indices.contains(destination) else { return }
        let item = state.items[source]
        if await moveItem(from: source, to: destination, failure: tr("The item was not moved")) {
            offerUndo(.moved(item, from: source, to: destination))
        }
    }

    /// Moves optimistically and saves; a failure moves the item back and says why.
    func moveItem(from source: Int, to destination: Int, failure: String) async -> Bool {
        state.items.insert(state.items.remove(at: source), at: destination)
        state.undoable = nil
        publish(.moved(from: source, to: destination))
        do {
            state.items = try await repository.move(from: source, to: destination)
            return true
        } catch {
            state.items.insert(state.items.remove(at: destination), at: source)
            state.notice = .error(heading: failure, reason: error.description)
            publish(.moved(from: destination, to: source))
            return false
        }
    }

    /// Counts the Undo offers made, so an offer's timer ends only its own.
    var undoOffer = 0

    func publish(_ change: Change?) {
        onChange?(state, change)
    }
}
