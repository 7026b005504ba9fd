import Foundation
import XCTest

extension AppTestCase {
    /// Starts `second-client.py` (another X program) and waits until its window is on screen.
    @MainActor
    func secondClient(_ arguments: [String]) throws -> Process {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("second-client.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [script.path] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let said = LockedValue<String>()
        Thread.detachNewThread {
            let line = output.fileHandleForReading.availableData
            said.set(String(decoding: line, as: UTF8.self))
        }
        waitForServer("the second program's window", timeout: .seconds(10)) { said.get()?.hasPrefix("ready") == true }
        return process
    }

    /// Moves the pointer to (x, y) and lets its button go while the main loop runs, so the window under it
    /// can answer a drop there.
    @MainActor
    func letGo(atX x: Int, y: Int) throws {
        try xdotoolWhileRunning(["mousemove", "\(x)", "\(y)", "sleep", "0.5", "mouseup", "1"])
    }

    /// Real input through XTest as `xdotool` does, the main loop running meanwhile: for what this
    /// process must answer as it comes (a drop, its own dialogs).
    @MainActor
    func xdotoolWhileRunning(_ arguments: [String]) throws {
        let input = Process()
        input.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        input.arguments = arguments
        try input.run()
        waitFor("xdotool done", timeout: .seconds(20)) { !input.isRunning }
    }
}
