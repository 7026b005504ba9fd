import CSandbox
import FoundationEssentials
import Glibc
import HelperPipes

/// How every helper confines itself, in the one order that works: namespaces while single-threaded, then
/// loading all it will use, then an empty read-only root and the system-call filter. Where the filter cannot be
/// set, the helper ends.
public enum HelperConfinement {
    /// What the filter leaves the helper.
    public enum Filter: Sendable {
        /// Decoding pictures: memory, threads, time, its descriptors, sealed memory files.
        case decoding
        /// GStreamer's needs besides: event counters, pipes, a socket pair, thread names and priorities.
        case media
    }

    /// How the helper ended up.
    public enum Outcome: Equatable, Sendable {
        /// Namespaces (no network, an empty file system) and the filter.
        case namespaces
        /// The filter alone; why namespaces and an empty file system could not be had.
        case filterOnly(String)
        /// Not confined; why. The helper must end.
        case unconfined(String)
    }

    /// The first step; call it first thing. Returns the errno that refused the namespaces, or 0.
    public static func enterNamespaces() -> Int32 {
        tessera_sandbox_enter_namespaces()
    }

    /// Once all is loaded: the empty root, no new privileges, the address-space limit and the filter.
    public static func confine(namespaceError: Int32, filter: Filter, addressSpace: UInt64) -> Outcome {
        let isolationError = namespaceError != 0 ? namespaceError : tessera_sandbox_empty_root()
        let confined = switch filter {
        case .decoding: tessera_sandbox_confine(addressSpace)
        case .media: tessera_sandbox_confine_media(addressSpace)
        }
        // Words between programs (the app's log keeps them), never shown: not translated.
        guard confined == 0 else { return .unconfined("the system-call filter could not be set (\(reason(confined)))") }
        guard isolationError == 0 else {
            return .filterOnly("namespaces and an empty file system could not be set up (\(reason(isolationError)))")
        }
        return .namespaces
    }

    /// `confine`, weaknesses said on stderr; an unconfined helper exits 3.
    public static func confineOrExit(program: String, namespaceError: Int32, filter: Filter, addressSpace: UInt64) {
        switch confine(namespaceError: namespaceError, filter: filter, addressSpace: addressSpace) {
        case .namespaces:
            break
        case .filterOnly(let why):
            _ = HelperProgram.write("\(program): \(why); confined by the filter alone\n", to: STDERR_FILENO)
        case .unconfined(let why):
            _ = HelperProgram.write("\(program): not confined: \(why)\n", to: STDERR_FILENO)
            exit(3)
        }
    }

    /// Allows `seconds` more CPU time than used so far; past it the helper ends (SIGXCPU).
    @discardableResult
    public static func limitCPU(toSecondsFromNow seconds: UInt32) -> Int32 {
        tessera_sandbox_limit_cpu_from_now(seconds)
    }

    private static func reason(_ error: Int32) -> String { String(cString: strerror(error)) }
}
