import Domain
import Localization

/// What the gallery screen shows, and what changed in it.
extension GalleryViewModel {
    public enum Phase: Equatable, Sendable {
        case loading
        /// The first items show while the rest is read; edits and Ctrl+A wait for the whole list.
        case showingFirst
        case loaded
        /// Nothing could be shown; the message says why.
        case failed(String)
    }

    /// A message the view shows as a dialog.
    public enum Notice: Equatable, Sendable {
        case selected(uuid: String)
        case confirmDelete(index: Int, uuid: String)
        /// Delete the items chosen (their identifiers, in the gallery's order)?
        case confirmDeleteSelection(uuids: [String])
        /// What was not done, and why.
        case error(heading: String, reason: String)

        public var heading: String {
            switch self {
            case .selected: tr("Item selected")
            case .confirmDelete: tr("Delete this item?")
            case .confirmDeleteSelection(let uuids): ntr("Delete {count} item?", "Delete {count} items?", count: uuids.count)
            case .error(let heading, _): heading
            }
        }

        /// The seed's sentences, the identifiers a bulk delete takes (the first few, how many more), or why.
        public var body: String {
            switch self {
            case .selected(let uuid): tr("You have selected the item with identifier {uuid}", ["uuid": uuid])
            case .confirmDelete(_, let uuid): tr("Do you really want to delete the item with identifier {uuid}?", ["uuid": uuid])
            case .confirmDeleteSelection(let uuids):
                uuids.prefix(Self.listedIdentifiers).joined(separator: "\n")
                    + (uuids.count > Self.listedIdentifiers
                        ? "\n" + ntr("and {count} more", "and {count} more", count: uuids.count - Self.listedIdentifiers) : "")
            case .error(_, let reason): reason
            }
        }

        /// How many identifiers a bulk delete's question lists: a dialog's height of them.
        static let listedIdentifiers = 10
    }

    /// What changed, for the view's batch animation.
    public enum Change: Equatable, Sendable {
        case reloaded
        case inserted(Int)
        case deleted(Int)
        case moved(from: Int, to: Int)
        /// Several items went or came back at once (a bulk delete, its undo or its rollback).
        case many
    }

    /// The last change, which the user may take back for a while ("Item deleted", Undo).
    public enum Undoable: Equatable, Sendable {
        case deleted(GalleryItem, at: Int)
        case added(GalleryItem)
        case moved(GalleryItem, from: Int, to: Int)
        /// Items deleted together, each with its index before the delete, in ascending order.
        case deletedMany([PlacedItem])
        /// Items pasted or dropped in together, at their indices.
        case addedMany([PlacedItem])

        public var message: String {
            switch self {
            case .deletedMany(let placed): ntr("{count} item deleted", "{count} items deleted", count: placed.count)
            case .addedMany(let placed): ntr("{count} item added", "{count} items added", count: placed.count)
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
        /// The items chosen for bulk actions, by identifier.
        public var selection = GallerySelection()

        /// How many items are chosen.
        public var selectedCount: Int { selection.count(among: items.count) }
        /// The chosen items' places, in order.
        public var selectedIndices: [Int] { items.indices.filter { selection.contains(items[$0].uuid) } }
    }}
