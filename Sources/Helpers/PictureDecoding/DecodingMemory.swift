import FoundationEssentials
import Glibc
import Scheduling

/// A cap on working memory of running decodes; one waits until its share fits, one alone always runs.
public final class DecodingMemory: @unchecked Sendable { // state guarded by `condition`
    /// 48 MiB: one 6-megapixel progressive JPEG's coefficients with the small decodes beside it.
    public static let defaultBudget = 48 << 20
    /// Shared by every pipeline's gdk-pixbuf decodes.
    public static let shared = DecodingMemory(budget: defaultBudget)

    public let budget: Int
    private let condition = ConditionLock()
    private var reserved = 0
    private var waiters = 0

    public init(budget: Int) {
        self.budget = budget
    }

    /// Runs `body` once `bytes` fit beside the running decodes, giving them back after.
    public func withReservation<T, E: Error>(_ bytes: Int, _ body: () throws(E) -> T) throws(E) -> T {
        condition.lock()
        waiters += 1
        while reserved > 0 && reserved + bytes > budget { condition.wait() }
        waiters -= 1
        reserved += bytes
        condition.unlock()
        defer {
            condition.lock()
            reserved -= bytes
            condition.broadcast()
            condition.unlock()
        }
        return try body()
    }

    /// Decodes waiting for room now (for tests).
    public var waitingCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return waiters
    }
}
