import Domain
import Foundation
import Gtk
import Scheduling

/// A long selectable text, cut into paragraphs off the main thread and fed in batches a frame apart.
@MainActor
final class LongText {
    let view = TextView()
    /// The scrolled window to place on the page: as tall as a short text, scrolling a long one.
    let widget = ScrolledWindow()
    let original: String
    private var pieces: TextPieces?
    /// Every piece is in the view.
    private(set) var isComplete = false

    /// A text with at most this many bytes is cut and shown at once: within one paragraph's weight.
    static let shownAtOnce = TextPieces.weightLimit
    /// Scalars handed over per turn, laid out well within a frame.
    nonisolated static let scalarsPerTurn = 16_000

    init(_ text: String, accessibleName: String) {
        original = text
        view.accessibleName = accessibleName
        view.setTextMargins(top: 4, bottom: 4, start: 4, end: 4)
        widget.add(view)
        widget.propagatesNaturalHeight = true
        view.onCopy { [weak self] in self?.copySelection() }
        if text.utf8.count <= Self.shownAtOnce {
            let pieces = TextPieces(text)
            self.pieces = pieces
            view.append(pieces.displayText)
            isComplete = true
        } else {
            Task.detached(priority: .loading) { [weak self] in
                let pieces = TextPieces(text)
                let batches = Self.batches(of: pieces)
                await self?.show(pieces, in: batches)
            }
        }
    }

    /// The display text in runs of about `scalarsPerTurn`, each ending where a piece does.
    nonisolated static func batches(of pieces: TextPieces) -> [String] {
        var batches: [String] = []
        var batch: [String] = []
        var size = 0
        for piece in pieces.pieces {
            batch.append(piece.text)
            size += piece.text.unicodeScalars.count + 1
            if size >= scalarsPerTurn {
                batches.append(batch.joined(separator: "\n"))
                batch = []
                size = 0
            }
        }
        if !batch.isEmpty { batches.append(batch.joined(separator: "\n")) }
        // Each batch after the first starts on a line of its own.
        return batches.enumerated().map { $0.offset == 0 ? $0.element : "\n" + $0.element }
    }

    private func show(_ pieces: TextPieces, in batches: [String]) {
        self.pieces = pieces
        append(batches[...])
    }

    /// One batch now, the next after the frame.
    private func append(_ batches: ArraySlice<String>) {
        guard let first = batches.first else {
            isComplete = true
            return
        }
        view.append(first)
        let rest = batches.dropFirst()
        DispatchQueue.main.async { [weak self] in self?.append(rest) }
    }

    /// The text as shown (the pieces joined by line breaks).
    var shownText: String { view.text(in: 0..<view.characterCount) }

    /// Puts the selected part of the original on the clipboard.
    private func copySelection() {
        guard let selection = view.selection, let pieces else { return }
        let range = pieces.originalRange(displayed: selection)
        if range.lowerBound == 0, range.upperBound >= pieces.pieces.last?.original.upperBound ?? 0 {
            return Clipboard.setText(original)
        }
        let scalars = original.unicodeScalars
        let start = scalars.index(scalars.startIndex, offsetBy: range.lowerBound, limitedBy: scalars.endIndex) ?? scalars.endIndex
        let end = scalars.index(start, offsetBy: range.count, limitedBy: scalars.endIndex) ?? scalars.endIndex
        Clipboard.setText(String(scalars[start..<end]))
    }
}
