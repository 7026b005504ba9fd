@testable import App
import Foundation
import Gtk
import XCTest

/// A suspend and a resume as logind announces them, on a private D-Bus daemon standing in for
/// the system bus.
final class WakeFromSleepTests: AppTestCase {
    /// A section waiting for a server that is not on this machine (no port to look at) asks
    /// again when the computer wakes, not when it goes to sleep.
    func testAWakeFromSuspendAsksAgainForWhatWaitedForAServer() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        try onMain {
            let monitor = SleepMonitor(address: bus.address)
            waitFor("the stand-in system bus reached") { monitor.isListening }
            var asked = 0, wakesHeard = 0
            let comingBack = ServerComingBack(server: { URL(string: "http://192.0.2.1/")! }, wakes: monitor) { asked += 1 }
            comingBack.wait()
            // Told after the section (in the order they listened): once it has heard a wake, the
            // section has heard it and the sleep announced before it.
            monitor.onWake { wakesHeard += 1 }
            try announce(["sleeping", "waking"], on: bus)
            waitFor("the wake heard") { wakesHeard == 1 }
            XCTAssertEqual(asked, 1, "asked once, for the wake (more: the sleep asked too)")
            try announce(["sleeping", "waking"], on: bus)
            waitFor("the second wake heard") { wakesHeard == 2 }
            XCTAssertEqual(asked, 2, "asked once more, for the second wake")
            comingBack.stop()
        }
    }

    /// Once the section stopped waiting (left, or reached its server), a wake asks nothing of it.
    func testAWakeAsksNothingOfAWaiterThatIsGone() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        try onMain {
            let monitor = SleepMonitor(address: bus.address)
            waitFor("the stand-in system bus reached") { monitor.isListening }
            var gone = 0, kept = 0
            var leaving: ServerComingBack? = ServerComingBack(server: { URL(string: "http://192.0.2.1/")! }, wakes: monitor) { gone += 1 }
            let staying = ServerComingBack(server: { URL(string: "http://192.0.2.1/")! }, wakes: monitor) { kept += 1 }
            weak var left = leaving
            leaving = nil
            XCTAssertNil(left, "the waiter that left is released")
            try announce(["waking"], on: bus)
            waitFor("the one still waiting asked again") { kept == 1 }
            XCTAssertEqual(gone, 0)
            _ = staying
        }
    }

    private func announce(_ announcements: [String], on bus: PrivateBus) throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("logind-stand-in.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [script.path, bus.address] + announcements
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "the logind stand-in failed")
    }
}
