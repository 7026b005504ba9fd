import Gtk

/// A GNOME preferences row: title, dim subtitle, and its control at the end.
@MainActor
enum PreferencesRowLine {
    static func make(title: String, summary: String, control: Widget) -> Box {
        parts(title: title, summary: summary, control: control).line
    }

    /// The line, and its summary to change later.
    static func parts(title: String, summary: String, control: Widget) -> (line: Box, summary: Label) {
        let titleLabel = Label(title)
        titleLabel.xalign = 0
        titleLabel.wraps = true
        let summaryLabel = Label(summary)
        summaryLabel.xalign = 0
        summaryLabel.wraps = true
        summaryLabel.addStyleClass("dim-label")
        summaryLabel.addStyleClass("preferences-row-summary")
        let words = Box(.vertical, spacing: 2)
        words.append(titleLabel)
        words.append(summaryLabel)
        words.valign = .center
        let line = Box(.horizontal, spacing: 12)
        line.append(words, expand: true)
        line.append(control)
        return (line, summaryLabel)
    }
}
