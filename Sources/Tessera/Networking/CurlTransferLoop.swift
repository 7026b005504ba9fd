import CCurl
import Foundation
import Localization

/// Drives one multi handle on its own queue; ends when its client is let go.
final class CurlTransferLoop: @unchecked Sendable {
    private let configuration: CurlHTTPClient.Configuration
    /// Utility QoS, so packets never preempt frames yet outrank decoders.
    private let queue = DispatchQueue(label: "dev.tessera.curl", qos: .utility)
    private let lock = NSLock()
    /// Made at the first request: libcurl's set-up stays out of start-up.
    private var multiHandle: UnsafeMutableRawPointer?
    private var toAdd: [Transfer] = []
    private var toCancel: [Transfer] = []
    private var stopping = false

    init(configuration: CurlHTTPClient.Configuration) {
        self.configuration = configuration
    }

    /// libcurl's global init, once; nil when it worked, else why not.
    private static let globalInitFailure: String? = {
        if let error = tessera_curl_load_error() { return String(cString: error) }
        let code = tessera_curl_global_init(Int(CURL_GLOBAL_DEFAULT))
        return code == CURLE_OK ? nil : tr("libcurl could not start ({reason})", ["reason": String(cString: tessera_curl_easy_strerror(code))])
    }()

    /// Makes the multi handle and starts the loop, once.
    func start() throws(HTTPError) {
        lock.lock()
        defer { lock.unlock() }
        guard multiHandle == nil else { return }
        if let failure = Self.globalInitFailure { throw .other(failure) }
        guard let handle = tessera_curl_multi_init() else { throw .other(tr("libcurl could not make a transfer handle")) }
        nonisolated(unsafe) let made = handle
        tessera_curl_multi_setopt_long(made, CURLMOPT_MAX_HOST_CONNECTIONS, configuration.maximumConnectionsPerHost)
        tessera_curl_multi_setopt_long(made, CURLMOPT_MAX_TOTAL_CONNECTIONS, configuration.maximumConnections)
        tessera_curl_multi_setopt_long(made, CURLMOPT_PIPELINING, Int(CURLPIPE_MULTIPLEX))
        multiHandle = made
        queue.async { [self] in run(made) }
    }

    /// Hands `transfer` to the loop (started first).
    func add(_ transfer: Transfer) {
        wake { $0.toAdd.append(transfer) }
    }

    /// Stops `transfer`: it finishes as cancelled.
    func cancel(_ transfer: Transfer) {
        wake { $0.toCancel.append(transfer) }
    }

    /// Ends the loop: transfers cancelled, connections closed; returns at once.
    func stop() {
        wake { $0.stopping = true }
    }

    /// Changes and wakes under the lock, never after the handle is gone.
    private func wake(_ change: (CurlTransferLoop) -> Void) {
        lock.withLock {
            change(self)
            if let multiHandle { tessera_curl_multi_wakeup(multiHandle) }
        }
    }

    // MARK: The loop (runs on `queue` only)

    private func run(_ multi: UnsafeMutableRawPointer) {
        var active: [UnsafeMutableRawPointer: Transfer] = [:]
        while true {
            let (adds, cancels, stop) = lock.withLock { () -> ([Transfer], [Transfer], Bool) in
                defer { toAdd.removeAll(); toCancel.removeAll() }
                return (toAdd, toCancel, stopping)
            }
            if stop {
                for transfer in active.values { detach(transfer, from: multi); transfer.finish(.failure(.cancelled)) }
                for transfer in adds { transfer.finish(.failure(.cancelled)) }
                lock.withLock { multiHandle = nil }
                tessera_curl_multi_cleanup(multi)
                return
            }
            for transfer in adds {
                tessera_curl_multi_add_handle(multi, transfer.easy)
                active[transfer.easy] = transfer
            }
            for transfer in cancels where active[transfer.easy] != nil {
                active[transfer.easy] = nil
                detach(transfer, from: multi)
                transfer.finish(.failure(.cancelled))
            }
            var running: Int32 = 0
            tessera_curl_multi_perform(multi, &running)
            var left: Int32 = 0
            while let message = tessera_curl_multi_info_read(multi, &left) {
                guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle,
                      let transfer = active.removeValue(forKey: easy) else { continue }
                let code = message.pointee.data.result
                detach(transfer, from: multi)
                transfer.finish(transfer.outcome(code))
            }
            var ready: Int32 = 0
            // curl's timer with transfers; otherwise sleep until woken.
            tessera_curl_multi_poll(multi, nil, 0, active.isEmpty ? Self.idleWait : Self.busyWait, &ready)
        }
    }

    /// The longest wait while transfers run (curl's timers make it shorter when they are due).
    static let busyWait: Int32 = 1000
    /// Idle wait, a day: new work wakes the loop at once.
    static let idleWait: Int32 = 86_400_000

    private func detach(_ transfer: Transfer, from multi: UnsafeMutableRawPointer) {
        tessera_curl_multi_remove_handle(multi, transfer.easy)
    }
}
