import Foundation

/// The C programs the benchmarks measure Tessera against, built here with the system's compiler
/// against GTK 3, so a reference always runs on the same libraries and X server as the app.
enum CProgram {
    /// Compiles `code` (with `-O2`, and `macros` defined) into `folder`, linked with GTK
    /// and `libraries` ("-lX11").
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
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
