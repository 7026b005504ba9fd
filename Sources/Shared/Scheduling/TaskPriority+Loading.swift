extension TaskPriority {
    /// Loading beside the UI: utility (nice 2), not the user-interactive QoS a GTK handler's task inherits,
    /// which may run at nice -2; still above the decoders' nice 10.
    public static let loading = TaskPriority.utility
}
