import CGtk
import Glibc

/// SIGTERM, SIGINT, SIGHUP on the main loop, exiting as a closed window; a second ends at once.
@MainActor
public enum TerminationSignals {
    static let handled: [Int32] = [SIGTERM, SIGINT, SIGHUP]
    private static var body: (@MainActor (Int32) -> Void)?
    private static var asked = false

    /// `body` at the first signal; call early on the main thread (it unblocks inherited masks).
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
        // Asked twice: end now, as the default action would.
        guard !asked else { exit(128 + signal) }
        asked = true
        body?(signal)
    }
}
