// Runs in the helpers (tessera-decoder, -poster, -player), never the app.

import FoundationEssentials
import Glibc

/// What a test asks a confined helper to try, and whether confinement refused it, with the reason.
public enum ConfinementProbe {
    public enum Attempt: String, CaseIterable, Sendable {
        /// Open a file of the system's for reading.
        case open
        /// Make a socket and connect to loopback.
        case connect
        /// Start a program.
        case spawn
        /// Allocate more than the address-space limit.
        case allocate
    }

    public static func attempt(_ attempt: Attempt, addressSpace: Int) -> (refused: Bool, detail: String) {
        switch attempt {
        case .open:
            let descriptor = open("/etc/passwd", O_RDONLY)
            if descriptor >= 0 { close(descriptor); return (false, "opened /etc/passwd") }
            return (true, String(cString: strerror(errno)))
        case .connect:
            let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard socket >= 0 else { return (true, String(cString: strerror(errno))) }
            defer { close(socket) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(9).bigEndian)
            address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            // A socket was made: that alone is what the filter must refuse.
            return (false, connected == 0 ? "connected to loopback" : "made a socket (\(String(cString: strerror(errno))))")
        case .spawn:
            var child: pid_t = 0
            let arguments: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/true"), nil]
            defer { arguments.forEach { free($0) } }
            let result = posix_spawn(&child, "/bin/true", nil, nil, arguments, environ)
            if result == 0 {
                var status: Int32 = 0
                waitpid(child, &status, 0)
                return (false, "started /bin/true")
            }
            return (true, String(cString: strerror(result)))
        case .allocate:
            let size = addressSpace + (64 << 20)
            guard let memory = malloc(size) else { return (true, "no memory for \(size) bytes") }
            free(memory)
            return (false, "allocated \(size) bytes")
        }
    }
}
