import CGtk

/// A handler's identity, for `Object.disconnect(_:)`.
public struct SignalConnection: Hashable, Sendable {
    let id: gulong
}
