import Features

/// Asks the chat for new messages every `interval` while the window shows, four times as seldom when it is out
/// of sight or data is saved; the model skips an ask while offline or paging (`askNewest`).
@MainActor
final class ChatPolling {
    private var loop: Task<Void, Never>?

    /// `seldom`: the window is out of sight, or data is saved (a metered network).
    /// `asking` wraps each ask (the notifications tell only what polling brought).
    init(model: MessagesViewModel, interval: Duration, seldom: @escaping @MainActor () -> Bool,
         asking: @escaping @MainActor (() async -> Void) async -> Void = { await $0() }) {
        loop = Task { [weak model] in
            while !Task.isCancelled {
                try? await Task.sleep(for: seldom() ? interval * Self.seldomFactor : interval)
                guard !Task.isCancelled, let model else { return }
                await asking { await model.askNewest() }
            }
        }
    }

    isolated deinit {
        loop?.cancel()
    }

    static let seldomFactor = 4

    /// Made out of sight when its first poll is due, the chat counts and tells what comes before it is opened.
    static func makeChatOutOfSight(in main: MainWindow, after interval: Duration) {
        Task { @MainActor [weak main] in
            try? await Task.sleep(for: interval)
            _ = main?.coordinator(for: .messages)
        }
    }
}
