import Foundation

/// C references built here against GTK 3, on the app's libraries and X server.
enum CProgram {
    /// Compiles `code` with `-O2` and `macros`, linked with GTK and `libraries`.
    static func build(_ code: String, named name: String, in folder: URL, defining macros: [String] = [],
                      libraries: String = "") throws -> URL {
        let source = folder.appendingPathComponent("\(name).c")
        let binary = folder.appendingPathComponent(name)
        try code.write(to: source, atomically: true, encoding: .utf8)
        let define = macros.map { "-D\($0) " }.joined()
        let status = try shell("cc -O2 \(define)\(source.path) -o \(binary.path) $(pkg-config --cflags --libs gtk+-3.0) -lm \(libraries)")
        guard status == 0 else { throw BenchError(description: "could not build the C \(name) (cc exited \(status))") }
        return binary
    }

    private static func shell(_ command: String) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        try Interruption.run(process)
        process.waitUntilExit()
        return process.terminationStatus
    }
}
