import Domain
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
        summaryLabel.addStyleClass("caption")
        let words = Box(.vertical, spacing: 2)
        words.append(titleLabel)
        words.append(summaryLabel)
        words.valign = .center
        let line = Box(.horizontal, spacing: 12)
        line.append(words, expand: true)
        line.append(control)
        return (line, summaryLabel)
    }

    /// `line` as a row of a boxed list: GNOME's margins, nothing to activate.
    static func row(_ line: Box) -> ListBoxRow {
        line.setMargins(top: 8, bottom: 8, start: 12, end: 12)
        let row = ListBoxRow(child: line)
        row.isActivatable = false
        return row
    }

    /// A row with `section`'s name and a dim figure at its end, to fill in.
    static func sectionFigure(_ section: Section) -> (row: ListBoxRow, figure: Label) {
        let figure = Label("")
        figure.addStyleClass("dim-label")
        let title = Label(section.title)
        title.xalign = 0
        let line = Box(.horizontal, spacing: 12)
        line.append(title, expand: true)
        line.append(figure)
        return (row(line), figure)
    }
}
