import Glibc

/// A data size in the interface's language, decimal as `g_format_size` ("4,8 МБ"); Foundation's is English
/// only.
public func sizeText(bytes: Int) -> String {
    if bytes < 1000 { return ntr("{count} byte", "{count} bytes", count: bytes) }
    let units: [(scale: Double, name: @Sendable (String) -> String)] = [
        (1e3, { tr("{size} kB", ["size": $0]) }),
        (1e6, { tr("{size} MB", ["size": $0]) }),
        (1e9, { tr("{size} GB", ["size": $0]) }),
    ]
    let unit = units.last { Double(bytes) >= $0.scale } ?? units[0]
    let value = Double(bytes) / unit.scale
    guard value < 10 else { return unit.name(String(Int(value.rounded()))) }
    let tenths = Int((value * 10).rounded())
    let separator = localeconv().map { String(cString: $0.pointee.decimal_point) } ?? "."
    return unit.name("\(tenths / 10)\(separator)\(tenths % 10)")
}
