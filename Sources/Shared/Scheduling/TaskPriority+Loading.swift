extension TaskPriority {
    /// Utility (nice 2): below a GTK handler's inherited QoS, still above the decoders' nice 10.
    public static let loading = TaskPriority.utility
}
