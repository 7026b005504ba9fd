extension TaskPriority {
    /// Loading that runs beside the UI (images, pages of a feed): below the main thread. A task
    /// started from a GTK handler inherits user-interactive QoS, which libdispatch may run at nice -2
    /// (as root), taking the CPU from a frame; utility (nice 2) lets the main loop go first and still
    /// outranks the decoders' threads (nice 10, `BackgroundThreads`).
    public static let loading = TaskPriority.utility
}
