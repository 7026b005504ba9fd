/// Awaits the value `start` hands to its callback from another thread.
///
/// A continuation resumed before its task suspended hands over in a way ThreadSanitizer cannot see
/// (swiftlang/swift#57803); under it (`make tsan`) the value passes through a lock it intercepts.
public func handedOver<T: Sendable>(_ start: (@escaping @Sendable (T) -> Void) -> Void) async -> T {
    #if TESSERA_TSAN
    let slot = Mutex<T?>(nil)
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        start { value in
            slot.withLock { $0 = value }
            continuation.resume()
        }
    }
    return slot.withLock { $0! }
    #else
    await withCheckedContinuation { continuation in start { continuation.resume(returning: $0) } }
    #endif
}
