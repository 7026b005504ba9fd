import Foundation
public func startupMark(_ label: String) {
    guard getenv("TESSERA_TRACE") != nil else { return }
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    FileHandle.standardError.write(Data(("mark \(label) \(Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec))\n").utf8))
}
