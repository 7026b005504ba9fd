import HelperPipes
import Foundation
import Networking
import Scheduling
#if canImport(Glibc)
import Glibc
#endif

/// Fetched bytes on disk under a cap, least recently used out, checksummed, on one low thread.
public final class DiskCache: @unchecked Sendable {
    public let folder: URL
    public var capacity: Int { capacityBytes.withLock { $0 } }
    private let capacityBytes: Mutex<Int>
    /// One thread for every disk cache, keeping work in order.
    private static let thread = BackgroundThreads(name: "tessera-disk", count: 1)
    private var queue: BackgroundThreads { Self.thread }
    private var size: Int? // bytes on disk, counted on first use; touched on `queue` only
    /// Each entry by file name, listed with `size`: a sweep lists no folder, a usage reads a file once.
    private var index: [String: Listed] = [:]

    private struct Listed {
        var size: Int
        var used: Date
        /// The section it was stored for, once known ("" for none); nil: not read yet.
        var account: String?
    }
    /// TSC3 entries read with no account, TSC2 ones as `unknown` freshness; older ones dropped.
    static let magic = Data("TSC4".utf8)
    static let magicWithoutAccount = Data("TSC3".utf8)
    static let magicWithoutFreshness = Data("TSC2".utf8)
    /// Called once, the first time a write finds the disk full.
    private let onFull: Mutex<(@Sendable () -> Void)?> = Mutex(nil)
    private var saidFull = false // touched on `queue` only

    /// Stored bytes and what their response said about keeping them.
    public struct Entry: Sendable {
        public var data: Data
        public var freshness: HTTPFreshness
        /// The section it was stored for (`DownloadAccount.name`).
        public var account: String?
    }

    public init(folder: URL, capacity: Int) {
        self.folder = folder
        capacityBytes = Mutex(capacity)
    }

    /// A new cap, kept to at once (the least recently used deleted).
    public func setCapacity(_ bytes: Int) {
        capacityBytes.withLock { $0 = bytes }
        queue.async { if self.currentSize() > bytes { self.sweep() } }
    }

    /// `action` runs once (on the cache's thread), the first time the disk is found full.
    public func whenFull(_ action: @escaping @Sendable () -> Void) {
        onFull.withLock { $0 = action }
    }

    /// The bytes stored for `url`, or nil (missing, or damaged and now deleted).
    public func data(for url: String) async -> Data? {
        await entry(for: url)?.data
    }

    /// The entry stored for `url`, or nil (missing, or damaged and now deleted).
    public func entry(for url: String) async -> Entry? {
        await handedOver { done in queue.async { done(self.read(url)) } }
    }

    /// Whether something is stored for `url`, without reading it (it may still turn out damaged).
    public func contains(_ url: String) async -> Bool {
        await handedOver { done in queue.async { done(Self.storedSize(self.file(for: url)) > 0) } }
    }

    /// Records new freshness for the bytes stored for `url` (the server said 304 Not Modified).
    public func refresh(_ freshness: HTTPFreshness, for url: String) {
        queue.async {
            guard let entry = self.read(url) else { return }
            self.write(entry.data, freshness, url, account: entry.account)
        }
    }

    /// Deletes what is stored for `url` (its response now forbids storing).
    public func remove(_ url: String) {
        queue.async {
            let path = self.file(for: url)
            self.delete(path, bytes: Self.storedSize(path))
        }
    }

    /// Writes in the background; shown images always, prefetches not past `maximumPendingBytes`.
    public func store(_ data: Data, freshness: HTTPFreshness = HTTPFreshness(freshUntil: .distantFuture),
                      for url: String, account: String? = nil, keep: Bool) {
        let accepted = pendingBytes.withLock { pending -> Bool in
            guard keep || pending + data.count <= Self.maximumPendingBytes else { return false }
            pending += data.count
            return true
        }
        guard accepted else { return }
        queue.async {
            self.write(data, freshness, url, account: account)
            self.pendingBytes.withLock { $0 -= data.count }
        }
    }

    /// Bytes handed to `store` and not yet written.
    private let pendingBytes = Mutex(0)
    static let maximumPendingBytes = 8 << 20

    /// Deletes every entry (writes handed over before are made first, then deleted too).
    public func removeAll() async {
        await withCheckedContinuation { continuation in
            queue.async {
                for entry in self.entries() { try? FileManager.default.removeItem(at: entry.url) }
                self.size = 0
                self.index = [:]
                continuation.resume()
            }
        }
    }

    /// Returns once earlier writes are made (awaited before exit).
    public func flush() async {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume() }
        }
    }

    /// Bytes on disk now, once the writes handed over before have been made.
    public var totalSize: Int {
        let done = DispatchSemaphore(value: 0)
        let total = Mutex(0)
        queue.async {
            total.withLock { $0 = self.currentSize() }
            done.signal()
        }
        done.wait()
        return total.withLock { $0 }
    }

    /// Bytes on disk by the account each entry was stored for ("" for none), once earlier writes are made.
    public func usage() async -> [String: Int] {
        await handedOver { done in
            queue.async {
                _ = self.currentSize()
                var bytes: [String: Int] = [:]
                for (name, entry) in self.index {
                    let account = entry.account ?? Self.account(of: self.folder.appendingPathComponent(name))
                    self.index[name]?.account = account
                    bytes[account, default: 0] += entry.size
                }
                done(bytes)
            }
        }
    }

    /// Enough of an entry to hold its URL and account, for all but absurd URLs.
    static let accountPrefixBytes = 16 << 10

    /// The account an entry's file names ("" for none), from its first bytes: a kilobyte, more for a long URL.
    private static func account(of file: URL) -> String {
        guard let handle = try? FileHandle(forReadingFrom: file) else { return "" }
        defer { try? handle.close() }
        for count in [1 << 10, accountPrefixBytes] {
            try? handle.seek(toOffset: 0)
            guard let prefix = try? handle.read(upToCount: count) else { return "" }
            if let account = Self.account(in: prefix) { return account }
            if prefix.count < count { return "" }
        }
        return ""
    }

    // MARK: On `queue`

    private func file(for url: String) -> URL {
        folder.appendingPathComponent(String(format: "%016llx", fnv1a(Data(url.utf8))))
    }

    private static func storedSize(_ path: URL) -> Int {
        var status = stat()
        return stat(path.path, &status) == 0 ? onDisk(Int(status.st_size)) : 0
    }

    /// What `bytes` in a file take of the disk: whole 4 KiB blocks, as the cap counts.
    static func onDisk(_ bytes: Int) -> Int { (bytes + 4095) / 4096 * 4096 }

    /// Deletes the entry at `path`, of `bytes` bytes, from the disk and from the count.
    private func delete(_ path: URL, bytes: Int) {
        guard (try? FileManager.default.removeItem(at: path)) != nil else { return }
        size = size.map { $0 - bytes }
        index[path.lastPathComponent] = nil
    }

    private func read(_ url: String) -> Entry? {
        let path = file(for: url)
        guard let stored = try? Data(contentsOf: path) else { return nil }
        guard let payload = Self.unpack(stored, url: url) else {
            // Damaged, or another URL with the same hash: drop it.
            delete(path, bytes: Self.onDisk(stored.count))
            return nil
        }
        // Mark as recently used: the sweep deletes by modification time.
        utimes(path.path, nil)
        if size != nil { index[path.lastPathComponent]?.used = Date() }
        return payload
    }

    private func write(_ data: Data, _ freshness: HTTPFreshness, _ url: String, account: String?) {
        let path = file(for: url)
        let packed = Self.pack(data, freshness: freshness, url: url, account: account)
        let previous = Self.storedSize(path)
        // Counted before the new file is there (a first count after it counted it twice).
        let before = currentSize()
        let temporary = folder.appendingPathComponent(".\(UUID().uuidString).tmp").path
        var written = Self.writeFile(packed, to: temporary)
        if !written, errno == ENOENT {
            // The first entry, or the folder was deleted under the cache.
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            written = Self.writeFile(packed, to: temporary)
        }
        guard written, rename(temporary, path.path) == 0 else {
            if errno == ENOSPC || errno == EDQUOT { tellFull() }
            unlink(temporary)
            return
        }
        let stored = Self.onDisk(packed.count)
        size = before - previous + stored
        index[path.lastPathComponent] = Listed(size: stored, used: Date(), account: account ?? "")
        if size! > capacity { sweep() }
    }

    private func tellFull() {
        guard !saidFull else { return }
        saidFull = true
        onFull.withLock { $0 }?()
    }

    /// No `fsync`: a torn entry fails its checksum. False with `errno`.
    private static func writeFile(_ data: Data, to path: String) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        let written = data.withUnsafeBytes { HelperProgram.write($0, to: descriptor) }
        let error = errno
        close(descriptor)
        errno = error
        return written
    }

    private func currentSize() -> Int {
        if let size { return size }
        let listed = entries()
        index = Dictionary(listed.map { ($0.url.lastPathComponent, Listed(size: $0.size, used: $0.used)) }) { first, _ in first }
        let counted = listed.reduce(0) { $0 + $1.size }
        size = counted
        return counted
    }

    private func entries() -> [(url: URL, size: Int, used: Date)] {
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey]
        let files = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: keys)) ?? []
        return files.filter { !$0.lastPathComponent.hasPrefix(".") }.compactMap { url in
            guard let values = try? url.resourceValues(forKeys: Set(keys)) else { return nil }
            return (url, Self.onDisk(values.fileSize ?? 0), values.contentModificationDate ?? .distantPast)
        }
    }

    /// Deletes the least recently used files until the cache is under 90% of its cap.
    private func sweep() {
        var total = currentSize()
        let target = capacity / 10 * 9
        for (name, entry) in index.sorted(by: { $0.value.used < $1.value.used }) where total > target {
            unlink(folder.appendingPathComponent(name).path)
            index[name] = nil
            total -= entry.size
        }
        size = total
    }
}
