@testable import App
import Foundation
import Gtk
import SimulatedInput
import XCTest

/// The feed's clip in the viewer is an MPRIS player on the session bus: what GNOME's media controls and media
/// keys send (PlayPause, Seek, SetPosition, Next), sent here by `gdbus` from another process, changes the clip;
/// its status and metadata read back; gone from the bus once the viewer closes.
final class ClipMediaKeysTests: FeedTestCase {
    func testPlayPauseAndSeekOverDBusChangeTheClip() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        try inOwnProcess(environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address]) { try driveTheClipOverDBus() }
    }

    private func driveTheClipOverDBus() throws {
        try onMain {
            let (app, main, video) = try firstVideo()
            defer { withExtendedLifetime(app) { main.window.destroy() } }
            let (coordinator, viewer, player) = try play(video, in: main)
            waitForServer("playback to advance", timeout: .seconds(10)) { (player.position ?? .zero) > .milliseconds(300) && player.duration != nil }

            XCTAssertEqual(try property("PlaybackStatus"), "<'Playing'>")
            let metadata = try property("Metadata")
            XCTAssertTrue(metadata.contains("'xesam:title': <'\(viewer.item.name)'>"), metadata)
            let length = try XCTUnwrap(player.duration).microseconds
            XCTAssertTrue(metadata.contains("'mpris:length': <int64 \(length)>"), metadata)

            // Listeners (GNOME's media controls) hear the change as it happens.
            let heard = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-mpris-\(UUID().uuidString).txt")
            FileManager.default.createFile(atPath: heard.path, contents: nil)
            defer { try? FileManager.default.removeItem(at: heard) }
            let monitor = Process()
            monitor.executableURL = URL(fileURLWithPath: "/usr/bin/stdbuf")
            monitor.arguments = ["-oL", "/usr/bin/gdbus", "monitor", "--session", "--dest", ClipMediaPlayer.busName]
            monitor.standardOutput = try FileHandle(forWritingTo: heard)
            try monitor.run()
            defer { monitor.terminate() }
            waitFor("the monitor listening") { ((try? String(contentsOf: heard, encoding: .utf8)) ?? "").contains("owned by") }
            try call("PlayPause")
            waitFor("paused by the media key") { !player.isPlaying }
            waitFor("the pause told to listeners") {
                ((try? String(contentsOf: heard, encoding: .utf8)) ?? "")
                    .contains("PropertiesChanged ('org.mpris.MediaPlayer2.Player', {'PlaybackStatus': <'Paused'>}")
            }
            XCTAssertEqual(viewer.clip.playButton.accessibleName, "Play")
            XCTAssertEqual(try property("PlaybackStatus"), "<'Paused'>")

            // Seek back past the start: at the start. SetPosition on this clip: there.
            try call("Seek", "-- -60000000")
            waitFor("at the start", timeout: .seconds(10)) { (player.position ?? .seconds(9)) < .milliseconds(100) }
            let track = "/dev/tessera/Tessera/Item\(viewer.index)"
            XCTAssertTrue(metadata.contains("'mpris:trackid': <objectpath '\(track)'>"), metadata)
            try call("SetPosition", "\(track) 1500000")
            waitFor("at a second and a half", timeout: .seconds(10)) {
                guard let position = player.position else { return false }
                return abs((position - .milliseconds(1500)).seconds) < 0.25
            }
            XCTAssertFalse(player.isPlaying, "a seek keeps the pause")
            try call("PlayPause")
            waitFor("playing again") { player.isPlaying }

            // Next moves the viewer on, as its Right key does; leaving the viewer takes the player off the bus.
            let index = viewer.index
            try call("Next")
            waitFor("the next item") { viewer.index == index + 1 }
            XCTAssertTrue(InputSimulation.key("Escape", on: main.window))
            waitFor("the viewer closed") { coordinator.depth == 1 }
            XCTAssertEqual(try run(["call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
                                    "--method", "org.freedesktop.DBus.NameHasOwner", ClipMediaPlayer.busName]), "(false,)")
        }
    }

    /// A Player property as `gdbus` prints it.
    @MainActor
    private func property(_ name: String) throws -> String {
        let answer = try run(["call", "--session", "--dest", ClipMediaPlayer.busName, "--object-path", ClipMediaPlayer.objectPath,
                              "--method", "org.freedesktop.DBus.Properties.Get", ClipMediaPlayer.playerInterface, name])
        return String(answer.dropFirst().dropLast(2)) // "(<…>,)"
    }

    @MainActor
    private func call(_ method: String, _ arguments: String = "") throws {
        XCTAssertEqual(try run(["call", "--session", "--dest", ClipMediaPlayer.busName, "--object-path", ClipMediaPlayer.objectPath,
                                "--method", "\(ClipMediaPlayer.playerInterface).\(method)"]
                               + arguments.split(separator: " ").map(String.init)), "()")
    }

    /// `gdbus` with `arguments`, its output trimmed; the main loop runs meanwhile, as the app answers on it.
    @MainActor
    private func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/gdbus")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        waitFor("gdbus \(arguments.last ?? "") answered", timeout: .seconds(10)) { !process.isRunning }
        return String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
