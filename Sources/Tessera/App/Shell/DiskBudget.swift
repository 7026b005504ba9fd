import Domain
import Foundation
import ImagePipeline

/// One cap for what Tessera caches on disk: the saved pages take their share, the pictures cache the rest.
@MainActor
final class DiskBudget {
    private(set) var capBytes: Int
    private var pictures: DiskCache?
    private(set) var savedPages = 0
    /// Each section's use when last counted (`use()`).
    private(set) var lastUse: [Section: DiskUse] = [:]
    private let databaseUse: @Sendable () async -> [Section: DiskUse]
    private let limitSavedPages: @Sendable (Int) -> Void
    private var counting: DispatchWorkItem?
    private var counts = false
    var onFull: (@MainActor () -> Void)?

    static let countEvery: DispatchTimeInterval = .seconds(300)

    init(megabytes: Int, databaseUse: @escaping @Sendable () async -> [Section: DiskUse],
         limitSavedPages: @escaping @Sendable (Int) -> Void = { _ in }) {
        capBytes = megabytes * AppSettings.megabyte
        self.databaseUse = databaseUse
        self.limitSavedPages = limitSavedPages
        limitSavedPages(savedPagesCapacity)
    }

    /// The pictures cache, once the pipeline is made: kept to its share once counting has started.
    func attach(_ cache: DiskCache?) {
        guard let cache, pictures !== cache else { return }
        pictures = cache
        cache.whenFull { DispatchQueue.main.async { [weak self] in self?.onFull?() } }
        if counts { keepToShare() }
    }

    /// Starts keeping to the cap: the first count opens the database and lists the cache, so not at start-up.
    func startCounting() {
        guard !counts else { return }
        counts = true
        if pictures != nil { keepToShare() }
    }

    private func keepToShare() {
        apply()
        Task { await countSavedPages() }
    }

    func setCap(megabytes: Int) {
        capBytes = megabytes * AppSettings.megabyte
        limitSavedPages(savedPagesCapacity)
        apply()
    }

    /// Each section's bytes now (the database's, the gallery's and the pictures by section); the share counted again.
    func use() async -> [Section: DiskUse] {
        let stored = await countSavedPages()
        var pictured: [Section: DiskUse] = [:]
        for (account, bytes) in await pictures?.usage() ?? [:] {
            guard let section = Section(rawValue: account) else { continue }
            pictured[section] = DiskUse(cached: bytes)
        }
        lastUse = DiskUse.adding(stored, pictured)
        return lastUse
    }

    /// What the pictures may take: the cap less the saved pages, never under a quarter of it.
    var picturesCapacity: Int { max(capBytes - savedPages, capBytes / 4) }
    /// What the saved pages may take (trimmed to it at the next launch): the rest.
    var savedPagesCapacity: Int { capBytes - capBytes / 4 }

    private func apply() {
        guard let pictures, pictures.capacity != picturesCapacity else { return }
        pictures.setCapacity(picturesCapacity)
    }

    /// The saved pages counted again (the database alone: the pictures' files are not read), the share kept to.
    @discardableResult
    private func countSavedPages() async -> [Section: DiskUse] {
        counting?.cancel()
        let stored = await databaseUse()
        savedPages = stored.values.reduce(0) { $0 + $1.cached }
        apply()
        scheduleCount()
        return stored
    }

    private func scheduleCount() {
        let next = DispatchWorkItem { [weak self] in Task { await self?.countSavedPages() } }
        counting = next
        DispatchQueue.main.asyncAfter(deadline: .now() + Self.countEvery, execute: next)
    }
}
