import CThreads
import Glibc

/// A pthread for work that lives as long as the process: Foundation's `Thread` would bring Foundation (and
/// ICU's data) into the helpers.
public enum DetachedThread {
    /// Starts a detached thread running `body`, named `name` (cut to the 15 bytes Linux keeps, as
    /// `Thread` did).
    public static func start(named name: String, _ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Body(body)).toOpaque()
        var thread = pthread_t()
        let made = pthread_create(&thread, nil, { argument in
            Unmanaged<Body>.fromOpaque(argument!).takeRetainedValue().run()
            return nil
        }, box)
        guard made == 0 else {
            Unmanaged<Body>.fromOpaque(box).release()
            fatalError("A thread could not be started: \(String(cString: strerror(made)))") // not translated
        }
        _ = tessera_name_thread(thread, name)
        pthread_detach(thread)
    }

    private final class Body: Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}
