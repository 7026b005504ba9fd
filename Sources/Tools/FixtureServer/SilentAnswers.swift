import Foundation
import Hummingbird
import Synchronization

/// Answers that go silent mid-transfer a given number of times (tests of a stalled transfer):
/// headers and the first 100 bytes of the body, then nothing, the connection left open.
final class SilentAnswers: Sendable {
    private let timesLeft: Mutex<Int>

    init(times: Int) {
        timesLeft = Mutex(times)
    }

    /// Whether this answer goes silent (counted down).
    func goesSilent() -> Bool {
        timesLeft.withLock { left in
            guard left > 0 else { return false }
            left -= 1
            return true
        }
    }

    /// `data`'s first 100 bytes under headers that promise all of it, then silence for as long
    /// as the client waits (it gives up and closes).
    static func response(_ data: Data, contentType: String) -> Response {
        Response(status: .ok, headers: [.contentType: contentType], body: ResponseBody(contentLength: data.count) { writer in
            try await writer.write(ByteBuffer(bytes: data.prefix(100)))
            try await Task.sleep(for: .seconds(3600))
            try await writer.finish(nil)
        })
    }
}

/// Which avatar's answers go silent mid-transfer, and how many more times (People's avatars come
/// one at a time over one connection).
final class AvatarSilence: Sendable {
    let avatar: Int
    private let answers: SilentAnswers

    init(avatar: Int, times: Int) {
        self.avatar = avatar
        answers = SilentAnswers(times: times)
    }

    /// Whether this answer for avatar `number` goes silent (counted down).
    func goesSilent(_ number: Int) -> Bool {
        number == avatar && answers.goesSilent()
    }
}
