import Foundation

/// A transfer's progressive passes (`ProgressivePasses`), read as its body comes: called on the
/// client's thread, one call at a time. The bytes of the passes come whole are copied out only
/// once the transfer has gone on for `passesAfter`, and then at most every `passesEvery`: a
/// picture on a fast link is whole before anyone would see its passes, and each copy is most of
/// the bytes come so far.
final class PassesWatch: @unchecked Sendable { // used by one transfer's callbacks, one at a time
    /// 400 ms: a view shows its download's progress from half a second on (`DownloadProgressTicker`),
    /// so passes are ready by its first look; a picture on a good link has come whole before it.
    static let passesAfter = Duration.milliseconds(400)
    /// 200 ms, a view's look at its download's progress: passes copied more often would be
    /// replaced before anyone drew them.
    static let passesEvery = Duration.milliseconds(200)

    private var passes = ProgressivePasses()
    private let started = ContinuousClock.now
    private var toldPasses = 0
    private var toldAt: ContinuousClock.Instant?

    /// More whole passes than told before; nil when there are none new or it is not yet time.
    func read(_ body: UnsafeRawBufferPointer) -> DownloadProgress.Passes? {
        passes.read(body)
        let now = ContinuousClock.now
        guard passes.wholePasses > toldPasses, now - started >= Self.passesAfter,
              toldAt.map({ now - $0 >= Self.passesEvery }) ?? true,
              let bytes = passes.wholePassesBytes(of: body) else { return nil }
        toldPasses = passes.wholePasses
        toldAt = now
        return DownloadProgress.Passes(bytes: bytes, count: toldPasses, detailSize: passes.detailSize)
    }
}
