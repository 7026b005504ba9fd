/// A section's read of the content it saved at an earlier launch. Its first load waits for the
/// read: a backend that cannot be reached (a refused connection answers in microseconds) then
/// finds the saved content shown, and the section is offline, rather than empty, with a
/// full-page error.
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
