// Runs in the test processes.

import Foundation

/// Processes read from /proc.
public enum ChildProcess {
    /// The processes whose parent is `parent` and, when given, whose command name is `name`.
    public static func children(of parent: Int32, named name: String? = nil) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { pid in
            guard let stat = status(pid) else { return false }
            return stat.parent == parent && (name == nil || stat.name == name)
        }
    }

    /// Whether `pid` runs: it exists and is not a zombie waiting to be reaped.
    public static func isAlive(_ pid: Int32) -> Bool {
        guard let stat = status(pid) else { return false }
        return stat.state != "Z" && stat.state != "X"
    }

    /// "pid (name) state ppid ...": the name may hold spaces and parentheses, so the fields after
    /// it are read from the last ")".
    private static func status(_ pid: Int32) -> (name: String, state: Character, parent: Int32)? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let open = text.firstIndex(of: "("), let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 1, let state = fields[0].first, let parent = Int32(fields[1]) else { return nil }
        return (String(text[text.index(after: open)..<close]), state, parent)
    }
}
