import Foundation

extension UUID {
    /// A UUID read as `init?(uuidString:)` reads it, without Foundation's slow `sscanf`.
    public init?(text: String) {
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var byte = 0, high: UInt8?
        var position = 0
        for unit in text.utf8 {
            defer { position += 1 }
            guard position < 36 else { return nil }
            if position == 8 || position == 13 || position == 18 || position == 23 {
                guard unit == UInt8(ascii: "-") else { return nil }
                continue
            }
            let nibble: UInt8
            switch unit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = unit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = unit - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = unit - UInt8(ascii: "A") + 10
            default: return nil
            }
            if let first = high {
                withUnsafeMutableBytes(of: &uuid) { $0[byte] = first << 4 | nibble }
                byte += 1
                high = nil
            } else {
                high = nibble
            }
        }
        guard position == 36 else { return nil }
        self.init(uuid: uuid)
    }
}
