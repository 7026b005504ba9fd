import Foundation
import HelperWire

/// Reads a transfer's passes as its body comes, copying them out from `passesAfter`, every `passesEvery`.
final class PassesWatch: @unchecked Sendable { // used by one transfer's callbacks, one at a time, then by its task
    /// Passes are ready before a view's first progress look; fast pictures are whole by then.
    static let passesAfter = Duration.milliseconds(400)
    /// A view's look interval: more often would be replaced unseen.
    static let passesEvery = Duration.milliseconds(200)

    private var passes = ProgressivePasses()
    private let started: ContinuousClock.Instant
    private var toldPasses = 0
    private var toldAt: ContinuousClock.Instant?
    /// The size the picture will be shown at, when its download may stop once its passes are the picture there.
    private let enoughAt: DecodingTarget?
    /// The passes that are the picture at `enoughAt`, once they came: the transfer stopped there.
    private(set) var enough: Data?

    /// - Parameter started: when the transfer began (tests give their own clock's).
    init(enoughAt: DecodingTarget? = nil, started: ContinuousClock.Instant = .now) {
        self.enoughAt = enoughAt
        self.started = started
    }

    /// New whole passes, unless none, too early or soon, or the rest is nearly here.
    func read(_ body: UnsafeRawBufferPointer, expected: Int? = nil, now: ContinuousClock.Instant = .now) -> DownloadProgress.Passes? {
        passes.read(body)
        // Read to its end, the picture is whole anyway.
        if let enoughAt, enough == nil, !passes.endRead, passes.areWhole(at: enoughAt) {
            enough = passes.wholePassesBytes(of: body)
        }
        let elapsed = now - started
        guard elapsed >= Self.passesAfter, toldAt.map({ now - $0 >= Self.passesEvery }) ?? true, body.count > 0 else { return nil }
        if let expected, expected > body.count,
           elapsed * (Double(expected - body.count) / Double(body.count)) < Self.passesAfter { return nil }
        if passes.readsTopRows {
            // A baseline JPEG: its bytes so far (more with each call), closed, its rows come so far.
            toldPasses += 1
            toldAt = now
            var bytes = Data(capacity: body.count + ProgressivePasses.end.count)
            bytes.append(contentsOf: body)
            bytes.append(contentsOf: ProgressivePasses.end)
            return DownloadProgress.Passes(bytes: bytes, count: toldPasses, topRowsOnly: true)
        }
        guard passes.wholePasses > toldPasses, let bytes = passes.wholePassesBytes(of: body) else { return nil }
        toldPasses = passes.wholePasses
        toldAt = now
        return DownloadProgress.Passes(bytes: bytes, count: toldPasses, detailSize: passes.detailSize)
    }
}
