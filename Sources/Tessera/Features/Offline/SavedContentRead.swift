/// The saved content's read, which the first load awaits so offline shows content, not an error.
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
