import CThreads
import Glibc

/// A pthread for process-long work: `Thread` would link Foundation and ICU into the helpers.
public enum DetachedThread {
    /// Starts a detached thread named `name` (cut to Linux's 15 bytes).
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
