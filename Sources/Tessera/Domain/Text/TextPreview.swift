/// An outside text's start, bounded so labels lay out within a frame (Pango is quadratic in long runs).
public enum TextPreview {
    /// At most this many scalars: more than a card shows.
    public static let characterLimit = 500
    /// Line breaks a preview keeps at most: a row is not made taller than a screen's third.
    public static let lineLimit = 12
    /// Marks kept per letter: the stream-safe format's 30.
    public static let marksPerLetter = 30
    /// Spaceless runs longer than this get an unspoken break (U+200B) every `brokenRunStep` letters.
    public static let unbrokenRun = 100
    public static let brokenRunStep = 20
    /// A preview reads at most this many times its length.
    static let scanFactor = 4
    /// Ends a preview that was cut.
    public static let ellipsis = "…"
    static let breakOpportunity: Unicode.Scalar = "\u{200B}"

    /// `text`, or its bounded start with an ellipsis, in one pass; `breaksLongRuns: false` keeps runs copyable.
    public static func of(_ text: String, characters: Int = characterLimit, lines: Int = lineLimit,
                          breaksLongRuns: Bool = true) -> String {
        var kept = String.UnicodeScalarView()
        /// The run since the last space; past `unbrokenRun` it goes to `kept` with breaks.
        var run: [Unicode.Scalar] = []
        var letters = 0, isLongRun = false
        var count = 0, lineBreaks = 0, marks = 0
        var changed = false, cut = false
        var previous: Unicode.Scalar?
        /// Marks left out are read too: a preview reads at most this many scalars in all.
        var unread = characters * scanFactor

        func appendLetterOfLongRun(_ scalar: Unicode.Scalar, isMark: Bool) {
            if !isMark {
                if letters > 0, letters % brokenRunStep == 0 {
                    kept.append(breakOpportunity)
                    count += 1
                }
                letters += 1
            }
            kept.append(scalar)
        }
        func endRun() {
            kept.append(contentsOf: run)
            run.removeAll(keepingCapacity: true)
            letters = 0
            isLongRun = false
        }

        for scalar in text.unicodeScalars {
            defer { previous = scalar }
            unread -= 1
            if count >= characters || unread < 0 { cut = true; break }
            if isLineBreak(scalar, after: previous) {
                if lineBreaks + 1 >= lines { cut = true; break }
                lineBreaks += 1
            }
            let isMark = isMark(scalar)
            if isMark {
                marks += 1
                if marks > marksPerLetter { changed = true; continue }
            } else {
                marks = 0
            }
            count += 1
            if isWhitespace(scalar) {
                endRun()
                kept.append(scalar)
            } else if isLongRun {
                appendLetterOfLongRun(scalar, isMark: isMark)
            } else {
                run.append(scalar)
                if !isMark { letters += 1 }
                if breaksLongRuns, letters > unbrokenRun {
                    // No word: what was held goes out with its breaks.
                    changed = true
                    isLongRun = true
                    let held = run
                    run.removeAll(keepingCapacity: true)
                    letters = 0
                    for scalar in held { appendLetterOfLongRun(scalar, isMark: Self.isMark(scalar)) }
                }
            }
        }
        kept.append(contentsOf: run)
        guard cut || changed else { return text }
        var preview = String(kept)
        if cut {
            while let last = preview.unicodeScalars.last, isWhitespace(last) || last == breakOpportunity {
                preview.unicodeScalars.removeLast()
            }
            preview += ellipsis
        }
        return preview
    }

    /// A combining mark (Unicode's Mn, Mc and Me): it draws on the letter before it.
    static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x300, 0x400...0x482, 0x48A...0x52F: return false // Latin and Cyrillic letters: no table lookup
        default: break
        }
        return switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }

    /// Unicode's White_Space, looked up in its table only from U+1680, the first space past U+00A0.
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0: true
        case 0..<0x1680: false
        default: scalar.properties.isWhitespace
        }
    }

    /// A line feed, a carriage return not part of CR LF, or a line or paragraph separator.
    static func isLineBreak(_ scalar: Unicode.Scalar, after previous: Unicode.Scalar?) -> Bool {
        switch scalar {
        case "\n": previous != "\r"
        case "\r", "\u{2028}", "\u{2029}": true
        default: false
        }
    }
}

extension String {
    /// This text bounded for a row, a card, a title or an accessible name (`TextPreview`).
    public var preview: String { TextPreview.of(self) }
}
