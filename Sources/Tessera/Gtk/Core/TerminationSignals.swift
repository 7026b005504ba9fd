import CGtk
import Glibc

/// SIGTERM, SIGINT and SIGHUP handled on the main loop, as GLib does, so the app exits as a closed window does;
/// a second signal ends it at once.
@MainActor
public enum TerminationSignals {
    static let handled: [Int32] = [SIGTERM, SIGINT, SIGHUP]
    private static var body: (@MainActor (Int32) -> Void)?
    private static var asked = false

    /// Calls `body` on the main loop at the first signal. Call on the main thread before other threads: it
    /// unblocks the signals a launcher may have blocked.
    public static func handle(_ body: @escaping @MainActor (Int32) -> Void) {
        self.body = body
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in handled { sigaddset(&signals, signal) }
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
        for signal in handled {
            g_unix_signal_add_full(G_PRIORITY_HIGH, signal, { data in
                let signal = Int32(Int(bitPattern: data))
                MainActor.assumeIsolated { TerminationSignals.received(signal) }
                return 1 // G_SOURCE_CONTINUE: the source stays for the next signal
            }, UnsafeMutableRawPointer(bitPattern: Int(signal)), nil)
        }
    }

    private static func received(_ signal: Int32) {
        // Asked twice: whatever the first is waiting for, the process ends now, as the signal's
        // own default would have ended it.
        guard !asked else { exit(128 + signal) }
        asked = true
        body?(signal)
    }
}
