import CSandbox
import Foundation

/// How the video helpers (`tessera-poster`, `tessera-player`) confine themselves: namespaces
/// first, while the process is one thread (a user namespace refuses a threaded process); then
/// GStreamer starts (it may run its plugin scanner, a program, to update its registry) and loads
/// every plugin the helper's pipelines need; then an empty file system and the filter: the helper
/// can open no file, socket or process, only read the clips the app sends.
public enum MediaHelperConfinement {
    /// The first step; call it first thing. Returns the errno that refused the namespaces, or 0.
    public static func enterNamespaces() -> Int32 {
        tessera_sandbox_enter_namespaces()
    }

    /// The rest, once Localization started; ends the program (exit 3) when the filter cannot be
    /// set: a helper never runs unconfined. What is missing or weaker is said on standard error,
    /// which the app's log keeps.
    public static func confine(program: String, namespaceError: Int32, plugins: [String], addressSpace: UInt64) {
        let missing = GStreamer.load(plugins)
        if !missing.isEmpty {
            FileHandle.standardError.write(Data("\(program): plugins not installed: \(missing.joined(separator: ", "))\n".utf8)) // not translated
        }
        let isolationError = namespaceError != 0 ? namespaceError : tessera_sandbox_empty_root()
        if isolationError != 0 {
            FileHandle.standardError.write(Data("\(program): namespaces and an empty file system could not be set up (\(String(cString: strerror(isolationError)))); confined by the filter alone\n".utf8)) // not translated
        }
        let confined = tessera_sandbox_confine_media(addressSpace)
        if confined != 0 {
            FileHandle.standardError.write(Data("\(program): not confined (\(String(cString: strerror(confined))))\n".utf8)) // not translated
            exit(3)
        }
    }
}
