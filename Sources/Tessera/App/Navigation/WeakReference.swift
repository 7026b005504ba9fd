/// A weak reference filled in after the fact: a coordinator's root page is made before the
/// coordinator itself, and its callbacks reach the coordinator through one of these.
@MainActor
final class WeakReference<Object: AnyObject> {
    weak var object: Object?
}
