extension TaskPriority {
    /// Loading that runs beside the UI (images, pages of a feed): below the main thread.
    ///
    /// A task started from a GTK signal handler inherits the main thread's user-interactive QoS
    /// (`.high`), and libdispatch runs such a task's work at nice -2 where it may (as root, as
    /// in CI): a worker woken for it then took the CPU from the main loop in the middle of a
    /// frame. At utility (nice 2) the main loop goes first on a busy machine, and loading still
    /// outranks the decoders' threads (nice 10, `BackgroundThreads`).
    public static let loading = TaskPriority.utility
}
