import Foundation

/// Helpers' own memory: private pages, helper-shared pages once; the app's resident file pages excluded.
func helpersOwnBytes(_ helpers: [Int32], app: String = "self") -> Int {
    var appResident: [String: Int] = [:]
    for area in residentAreas(of: app) {
        if let file = area.file { appResident[file, default: 0] += area.sharedClean + area.privateBytes }
    }
    var own = 0
    var beyondApp: [String: Int] = [:]
    for pid in helpers {
        var sharedByFile: [String: Int] = [:]
        for area in residentAreas(of: String(pid)) {
            own += area.privateBytes + area.sharedDirty
            guard area.sharedClean > 0 else { continue }
            if let file = area.file {
                sharedByFile[file, default: 0] += area.sharedClean
            } else {
                own += area.sharedClean
            }
        }
        for (file, bytes) in sharedByFile {
            beyondApp[file] = max(beyondApp[file] ?? 0, max(0, bytes - (appResident[file] ?? 0)))
        }
    }
    return own + beyondApp.values.reduce(0, +)
}

/// One mapping's resident pages by kind.
private struct ResidentArea {
    var file: String?
    var privateBytes = 0
    var sharedClean = 0
    var sharedDirty = 0
}

private func residentAreas(of process: String) -> [ResidentArea] {
    guard let text = try? String(contentsOfFile: "/proc/\(process)/smaps", encoding: .utf8) else { return [] }
    var areas: [ResidentArea] = []
    for line in text.split(separator: "\n") {
        let fields = line.split(separator: " ", omittingEmptySubsequences: true)
        guard let first = fields.first else { continue }
        if first.contains("-"), first.first?.isHexDigit == true {
            let path = fields.count > 5 ? fields[5...].joined(separator: " ") : ""
            areas.append(ResidentArea(file: path.hasPrefix("/") ? path : nil))
            continue
        }
        guard fields.count >= 2, let kilobytes = Int(fields[1]), !areas.isEmpty else { continue }
        switch first {
        case "Private_Clean:", "Private_Dirty:": areas[areas.count - 1].privateBytes += kilobytes * 1024
        case "Shared_Clean:": areas[areas.count - 1].sharedClean += kilobytes * 1024
        case "Shared_Dirty:": areas[areas.count - 1].sharedDirty += kilobytes * 1024
        default: break
        }
    }
    return areas
}

/// A process's peak resident memory (VmHWM), in bytes; nil: this one.
func peakResident(of pid: Int32?) -> Int {
    guard let text = try? String(contentsOfFile: "/proc/\(pid.map(String.init) ?? "self")/status", encoding: .utf8),
          let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
          let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") else { return 0 }
    return kilobytes * 1024
}

/// Resets a process's VmHWM to its resident size (nil: this one).
func resetPeakResident(of pid: Int32?) {
    let path = "/proc/\(pid.map(String.init) ?? "self")/clear_refs"
    guard let handle = FileHandle(forWritingAtPath: path) else { return }
    defer { try? handle.close() }
    try? handle.write(contentsOf: Data("5".utf8))
}
