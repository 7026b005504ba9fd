import Glibc

/// An amount of data as a person reads it, in the interface's language: "640 bytes", "12 kB",
/// "4.8 MB" ("4,8 МБ" in Russian). Decimal units, as GNOME writes sizes (`g_format_size`), with
/// one decimal under ten of a unit, none above, its separator the numbers' locale's (as
/// `printf` writes it). Foundation's `ByteCountFormatter` here speaks English only.
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
