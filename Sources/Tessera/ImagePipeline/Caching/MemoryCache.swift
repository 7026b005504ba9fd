import Foundation
import HelperWire

/// Decoded images by device size under a byte cap, least recently used out.
public final class MemoryCache: @unchecked Sendable {
    /// An eighth of physical memory, at most 64 MiB: some fifteen screens of thumbnails at scale 1.
    public static var defaultCapacity: Int {
        min(Int(ProcessInfo.processInfo.physicalMemory / 8), 64 << 20)
    }

    private final class Node {
        let key: ImageKey
        let image: DecodedImage
        var older: Node?
        weak var newer: Node?
        init(key: ImageKey, image: DecodedImage) { self.key = key; self.image = image }
    }

    public let capacity: Int
    /// One entry may take at most a tenth of the cap, so one huge image cannot empty the cache.
    public var entryLimit: Int { capacity / 10 }
    private let lock = NSLock()
    private var nodes: [ImageKey: Node] = [:]
    private var newest: Node?
    private weak var oldest: Node?
    private var cost = 0

    public init(capacity: Int = MemoryCache.defaultCapacity) {
        self.capacity = capacity
    }

    public var totalCost: Int { lock.withLock { cost } }
    public var count: Int { lock.withLock { nodes.count } }

    func image(for key: ImageKey) -> DecodedImage? {
        lock.withLock {
            guard let node = nodes[key] else { return nil }
            unlink(node)
            pushNewest(node)
            return node.image
        }
    }

    func insert(_ image: DecodedImage, for key: ImageKey) {
        guard image.cost <= entryLimit else { return }
        lock.withLock {
            if let existing = nodes.removeValue(forKey: key) {
                unlink(existing)
                cost -= existing.image.cost
            }
            let node = Node(key: key, image: image)
            nodes[key] = node
            pushNewest(node)
            cost += image.cost
            while cost > capacity, let victim = oldest {
                unlink(victim)
                nodes[victim.key] = nil
                cost -= victim.image.cost
            }
        }
    }

    public func removeAll() {
        lock.withLock {
            nodes.removeAll()
            newest = nil
            oldest = nil
            cost = 0
        }
    }

    private func pushNewest(_ node: Node) {
        node.older = newest
        node.newer = nil
        newest?.newer = node
        newest = node
        if oldest == nil { oldest = node }
    }

    private func unlink(_ node: Node) {
        if newest === node { newest = node.older }
        if oldest === node { oldest = node.newer }
        node.older?.newer = node.newer
        node.newer?.older = node.older
        node.older = nil
        node.newer = nil
    }
}
