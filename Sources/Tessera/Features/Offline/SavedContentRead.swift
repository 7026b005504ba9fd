/// A section's read of its saved content; its first load waits for it, so an unreachable backend finds the
/// saved content shown and the section offline, not an error page.
@MainActor
public final class SavedContentRead {
    private var reading: Task<Void, Never>?

    public init() {}

    /// Runs `read`, and returns once it is done.
    public func run(_ read: @escaping @MainActor () async -> Void) async {
        let task = Task { await read() }
        reading = task
        await task.value
    }

    /// Returns once a read under way is done (at once when none is).
    public func wait() async {
        guard let reading else { return }
        self.reading = nil
        await reading.value
    }
}
