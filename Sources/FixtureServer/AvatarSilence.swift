import Synchronization

/// Which avatar's answers go silent mid-transfer, and how many more times (tests of a stalled
/// transfer: People's avatars come one at a time over one connection).
final class AvatarSilence: Sendable {
    let avatar: Int
    private let timesLeft: Mutex<Int>

    init(avatar: Int, times: Int) {
        self.avatar = avatar
        timesLeft = Mutex(times)
    }

    /// Whether this answer for avatar `number` goes silent (counted down).
    func goesSilent(_ number: Int) -> Bool {
        guard number == avatar else { return false }
        return timesLeft.withLock { left in
            guard left > 0 else { return false }
            left -= 1
            return true
        }
    }
}
