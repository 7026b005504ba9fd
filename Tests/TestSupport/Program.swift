import Foundation

/// Runs `program` (looked up on PATH) with `arguments`, optionally in `folder` and with
/// `environment` instead of this process's, and returns its exit status and everything it printed
/// (standard output and error together).
public func runProgram(_ program: String, _ arguments: [String], in folder: URL? = nil,
                       environment: [String: String]? = nil) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [program] + arguments
    if let folder { process.currentDirectoryURL = folder }
    if let environment { process.environment = environment }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, output)
}
