import CGtk

/// Actions reachable as "<prefix>.<name>" from the widget and all inside it.
@MainActor
public final class ActionGroup: Object {
    private var actions: [Action] = []
    public init() { super.init(adopting: UnsafeMutableRawPointer(g_simple_action_group_new())) }
    public func add(_ action: Action) {
        actions.append(action)
        g_action_map_add_action(OpaquePointer(raw), OpaquePointer(action.raw))
    }
}
