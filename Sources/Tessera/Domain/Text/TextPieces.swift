/// A long text in paragraphs of at most `weightLimit`, since GTK lays a paragraph out in one turn; excess marks
/// are left out, and `originalRange(displayed:)` maps selections back.
public struct TextPieces: Sendable, Equatable {
    public struct Piece: Sendable, Equatable {
        /// What the view shows for this piece, without the line break after it.
        public var text: String
        /// The piece's place in the original text, in Unicode scalars.
        public var original: Range<Int>
        /// Whether `text` is the original's scalars one for one (no marks were left out).
        public var isWhole: Bool
        /// The break after the piece stands for an original scalar, not one the cut added.
        public var breakIsOriginal: Bool
    }

    public let pieces: [Piece]

    /// A paragraph's most weight (letter 1, mark 5): about twelve lines, within a frame.
    public static let weightLimit = 1_000
    static let markWeight = 5

    public init(_ text: String, weightLimit: Int = TextPieces.weightLimit) {
        var pieces: [Piece] = []
        var current = String.UnicodeScalarView()
        var start = 0, offset = 0, weight = 0, marks = 0
        var isWhole = true
        /// The last space in `current`: its index there and its offset in the original.
        var lastSpace: (index: String.UnicodeScalarView.Index, offset: Int)?

        func close(at end: Int, breakIsOriginal: Bool) {
            pieces.append(Piece(text: String(current), original: start..<end, isWhole: isWhole, breakIsOriginal: breakIsOriginal))
            current = String.UnicodeScalarView()
            weight = 0
            isWhole = true
            lastSpace = nil
        }

        for scalar in text.unicodeScalars {
            defer { offset += 1 }
            if scalar == "\n" {
                close(at: offset, breakIsOriginal: true)
                start = offset + 1
                marks = 0
                continue
            }
            let isMark = TextPreview.isMark(scalar)
            marks = isMark ? marks + 1 : 0
            if marks > TextPreview.marksPerLetter {
                isWhole = false
                continue
            }
            if weight >= weightLimit, !isMark {
                if let space = lastSpace {
                    // The space becomes the break; what followed it starts the next piece.
                    let rest = String.UnicodeScalarView(current[current.index(after: space.index)...])
                    let wasWhole = isWhole
                    current = String.UnicodeScalarView(current[..<space.index])
                    close(at: space.offset, breakIsOriginal: true)
                    // Left-out marks count against their piece; a rest after a space is whole only if its piece
                    // was.
                    isWhole = wasWhole
                    start = space.offset + 1
                    current = rest
                    weight = rest.reduce(0) { $0 + (TextPreview.isMark($1) ? Self.markWeight : 1) }
                } else {
                    close(at: offset, breakIsOriginal: false)
                    start = offset
                }
            }
            if scalar == " " || scalar == "\t" { lastSpace = (current.endIndex, offset) }
            current.append(scalar)
            weight += isMark ? Self.markWeight : 1
        }
        close(at: offset, breakIsOriginal: false)
        self.pieces = pieces
    }

    /// The text the view shows: the pieces joined by line feeds.
    public var displayText: String { pieces.map(\.text).joined(separator: "\n") }

    /// The original scalars behind `displayed`; a piece missing marks is taken whole where touched.
    public func originalRange(displayed: Range<Int>) -> Range<Int> {
        let lower = originalOffset(displayed.lowerBound, roundingUp: false)
        let upper = originalOffset(displayed.upperBound, roundingUp: true)
        return lower..<max(lower, upper)
    }

    private func originalOffset(_ offset: Int, roundingUp: Bool) -> Int {
        var pieceStart = 0
        for piece in pieces {
            let length = piece.text.unicodeScalars.count
            // Before the break ends this piece; after it starts the next.
            if offset == pieceStart + length { return piece.original.upperBound }
            if offset < pieceStart + length {
                guard piece.isWhole else { return roundingUp ? piece.original.upperBound : piece.original.lowerBound }
                return piece.original.lowerBound + max(0, offset - pieceStart)
            }
            pieceStart += length + 1
        }
        return pieces.last?.original.upperBound ?? 0
    }
}
