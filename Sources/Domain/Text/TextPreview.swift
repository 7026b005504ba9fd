/// The start of a text from outside (a message, a facts title or description, a person's name, a
/// server's error), bounded so that a row, a card, a title or an accessible name lays out in well
/// under a frame whatever the text is: a megabyte of words, a run with no space in it, or a letter
/// carrying thousands of combining marks.
///
/// GTK lays a label's whole text out, several times for one size request, and Pango's cost is not
/// only in the length: wrapping a run it cannot break at a space, and shaping a stack of marks,
/// grow with the square of the run. The bounds below were measured with GTK 3.24 and Pango 1.50
/// on a wrapped label: 2,000 letters with no space took 760 ms and one letter with 2,000 marks
/// 177 ms; the same texts as previews take under 25 ms.
public enum TextPreview {
    /// What a preview keeps at most, in Unicode scalars: about 34 lines of a 60-character row,
    /// more than a card or a row ever shows.
    public static let characterLimit = 2_000
    /// Line breaks a preview keeps at most (the rest would only make the row taller).
    public static let lineLimit = 30
    /// Combining marks kept on one letter: Unicode's stream-safe text format (UAX #15) allows no
    /// more than 30 in a row, and no script needs more.
    public static let marksPerLetter = 30
    /// Letters in a row without a space before a preview adds an invisible break opportunity
    /// (U+200B, which a screen reader does not speak): a wrapped label breaks long links and
    /// unspaced scripts there instead of measuring the whole run for each line.
    public static let unbrokenRun = 40
    /// Ends a preview that was cut.
    public static let ellipsis = "…"
    static let breakOpportunity: Unicode.Scalar = "\u{200B}"

    /// `text` itself when it is within every bound, else its bounded start ending in an ellipsis.
    /// Costs at most a pass over the preview's length, however long `text` is.
    public static func of(_ text: String, characters: Int = characterLimit, lines: Int = lineLimit) -> String {
        var kept = String.UnicodeScalarView()
        var count = 0, lineBreaks = 0, marks = 0, run = 0
        var changed = false, cut = false
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            defer { previous = scalar }
            if count >= characters { cut = true; break }
            if isLineBreak(scalar, after: previous) {
                if lineBreaks + 1 >= lines { cut = true; break }
                lineBreaks += 1
            }
            if isMark(scalar) {
                marks += 1
                if marks > marksPerLetter { changed = true; continue }
            } else {
                marks = 0
            }
            if scalar.properties.isWhitespace {
                run = 0
            } else if !isMark(scalar) {
                run += 1
                if run > unbrokenRun {
                    kept.append(breakOpportunity)
                    count += 1
                    changed = true
                    run = 1
                }
            }
            kept.append(scalar)
            count += 1
        }
        guard cut || changed else { return text }
        var preview = String(kept)
        if cut {
            while let last = preview.unicodeScalars.last, last.properties.isWhitespace || last == breakOpportunity {
                preview.unicodeScalars.removeLast()
            }
            preview += ellipsis
        }
        return preview
    }

    /// A combining mark (Unicode's Mn, Mc and Me): it draws on the letter before it.
    static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
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
