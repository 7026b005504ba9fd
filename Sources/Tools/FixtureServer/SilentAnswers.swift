import Foundation
import Hummingbird
import Scheduling

/// Answers going silent after headers and 100 bytes, left open, a given number of times.
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

    /// 100 bytes under headers promising all, then silence until the client closes.
    static func response(_ data: Data, contentType: String) -> Response {
        Response(status: .ok, headers: [.contentType: contentType], body: ResponseBody(contentLength: data.count) { writer in
            try await writer.write(ByteBuffer(bytes: data.prefix(100)))
            try await Task.sleep(for: .seconds(3600))
            try await writer.finish(nil)
        })
    }
}

/// Which avatar goes silent, and how many more times.
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
