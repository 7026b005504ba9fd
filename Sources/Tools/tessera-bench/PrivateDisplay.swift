import Foundation

/// A private Xvfb big enough for the window at a device scale, which `make bench`'s screen would cut down.
final class PrivateDisplay {
    private let server: Process
    /// The display's name, ":N".
    let name: String

    private init(server: Process, name: String) {
        self.server = server
        self.name = name
    }

    /// A screen fitting the window at `scale` with its frame.
    static func screenSize(width: Int, height: Int, scale: Int) -> (width: Int, height: Int) {
        (width * scale + 600, height * scale + 480)
    }

    /// Starts Xvfb on a free display number and waits until it accepts clients.
    static func start(width: Int, height: Int) throws -> PrivateDisplay {
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        // -displayfd: the server picks a free display and writes its number once it is ready.
        server.arguments = ["-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp"]
        let pipe = Pipe()
        server.standardOutput = pipe
        server.standardError = FileHandle.nullDevice
        do { try Interruption.run(server) } catch {
            throw BenchError(description: "could not start Xvfb for a \(width)×\(height) screen: \(error.localizedDescription)")
        }
        var text = ""
        while !text.contains("\n") {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let number = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            server.terminate()
            throw BenchError(description: "Xvfb did not report its display")
        }
        return PrivateDisplay(server: server, name: ":\(number)")
    }

    func stop() {
        server.terminate()
        server.waitUntilExit()
    }
}
