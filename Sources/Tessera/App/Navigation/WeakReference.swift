/// A weak reference filled in later: a root page is made before its coordinator.
@MainActor
final class WeakReference<Object: AnyObject> {
    weak var object: Object?
}
