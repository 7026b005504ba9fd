extension String {
    /// Trimmed of white space from the ends only, without NSString's round trip.
    public func trimmedOfWhiteSpace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.first, let last = scalars.last else { return "" }
        if !Self.isTrimmed(first), !Self.isTrimmed(last) { return self }
        guard let start = scalars.firstIndex(where: { !Self.isTrimmed($0) }),
              let end = scalars.lastIndex(where: { !Self.isTrimmed($0) }) else { return "" }
        return String(scalars[start...end])
    }

    private static func isTrimmed(_ scalar: Unicode.Scalar) -> Bool {
        // Most characters are ASCII: their white space is known without Unicode's tables.
        if scalar.isASCII { return scalar == " " || (0x09...0x0D).contains(scalar.value) }
        return scalar.properties.isWhitespace || scalar == "\u{200B}"
    }
}
