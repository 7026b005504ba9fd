import Foundation

/// A D-Bus daemon of the test's own (session configuration: anyone may own any name on it).
final class PrivateBus {
    private let daemon: Process
    let address: String

    init() throws {
        daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        daemon.arguments = ["--session", "--nofork", "--print-address=1"]
        let pipe = Pipe()
        daemon.standardOutput = pipe
        daemon.standardError = FileHandle.nullDevice
        try daemon.run()
        // The daemon prints its address once it listens.
        address = pipe.text(until: "\n").split(separator: "\n").first.map(String.init) ?? ""
        if address.isEmpty {
            daemon.terminate()
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "dbus-daemon did not start a bus"])
        }
    }

    func stop() {
        daemon.terminate()
        daemon.waitUntilExit()
    }
}

extension Pipe {
    /// What was written into the pipe until `marker` came (or the writer closed it): a program
    /// saying it is ready.
    func text(until marker: String) -> String {
        var text = ""
        while !text.contains(marker) {
            let chunk = fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        return text
    }
}
