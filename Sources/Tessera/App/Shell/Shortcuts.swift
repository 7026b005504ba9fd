import Domain
import Gtk
import Localization

/// Every shortcut, binding both the accelerators and the shortcuts window.
enum Shortcuts {
    struct Binding {
        let action: String
        let accelerators: [String]
        let title: String
    }

    static let sections: [Binding] = Section.allCases.map {
        Binding(action: "win.section::\($0.rawValue)", accelerators: ["<Control>\($0.number)"], title: tr("Show {section}", ["section": $0.title]))
    }

    static let navigation: [Binding] = [
        Binding(action: "win.back", accelerators: ["Escape", "<Alt>Left"], title: tr("Go back")),
        Binding(action: "win.refresh", accelerators: ["F5", "<Control>r"], title: tr("Refresh")),
        Binding(action: "win.find", accelerators: ["<Control>f"], title: tr("Search the section shown")),
    ]

    static let general: [Binding] = [
        Binding(action: "app.preferences", accelerators: ["<Control>comma"], title: tr("Preferences")),
        Binding(action: "app.shortcuts", accelerators: ["<Control>question"], title: tr("Keyboard shortcuts")),
        Binding(action: "app.quit", accelerators: ["<Control>q"], title: tr("Quit")),
    ]

    static var all: [Binding] { sections + navigation + general }

    /// Keys the gallery's tiles handle themselves (not application accelerators).
    static let gallery: [ShortcutsWindow.Shortcut] = [
        .init("Return space", tr("Select the focused item")),
        .init("<Alt>Left <Alt>Right", tr("Move the focused item earlier or later")),
        .init("Delete", tr("Delete the focused item")),
        .init("<Control>space <Control>a", tr("Choose the focused item, or every item")),
        .init("<Shift>Left <Shift>Right <Shift>Up <Shift>Down", tr("Choose a run of items")),
        .init("Menu <Shift>F10", tr("Open the item's menu")),
        .init("<Control>z", tr("Undo the last change while it is offered")),
    ]

    /// Keys the chat handles itself.
    static let messages: [ShortcutsWindow.Shortcut] = [
        .init("Up Down", tr("Move between messages")),
        .init("Home End", tr("Oldest loaded or newest message")),
        .init("<Control>End", tr("Jump to the latest message")),
        .init("Return", tr("Open the focused message")),
        .init("<Control>C", tr("Copy the focused message's text")),
        .init("<Shift>Up <Shift>Down", tr("Choose several messages (Ctrl+click and Shift+click too); Ctrl+C copies them, Escape chooses none")),
        .init("Menu", tr("The focused message's menu: copy its text, open or copy its link")),
        .init("Tab <Shift>Tab Return", tr("Go through the focused message's links and open one in the browser")),
        .init("<Control>F", tr("Search the messages")),
        .init("Up Down Return", tr("Go through the messages found and show one")),
        .init("Escape", tr("Close the search")),
        .init("<Control>period", tr("Insert an emoji in the composer")),
    ]

    /// Keys the People list and the Facts cards handle themselves.
    static let searching: [ShortcutsWindow.Shortcut] = [
        .init("<Control>F", tr("Search by name or text (typing a letter starts it too)")),
        .init("Down", tr("From the search to what it found")),
        .init("Escape", tr("Close the search and show everything where it was")),
    ]

    /// Keys the viewer handles itself.
    static let viewer: [ShortcutsWindow.Shortcut] = [
        .init("plus <Control>plus", tr("Zoom in")),
        .init("minus <Control>minus", tr("Zoom out")),
        .init("0 <Control>0", tr("Best fit")),
        .init("1 <Control>1", tr("Zoom to 100 %")),
        .init("2 <Control>2", tr("Zoom to 200 %")),
        .init("Left Right", tr("Previous or next picture; pan when zoomed in")),
        .init("Up Down", tr("Pan when zoomed in")),
        .init("space", tr("Play or pause a video")),
        .init("F11", tr("Fullscreen; Escape leaves it")),
        .init("F5", tr("Slideshow; Space pauses it, Escape ends it")),
        .init("<Control>c", tr("Copy the picture")),
        .init("<Control>s", tr("Save the picture")),
        .init("<Control>p", tr("Print the picture")),
        .init("<Control>r <Control><Shift>r", tr("Rotate the picture clockwise or back")),
    ]

    /// Ctrl+C: copy.
    static func isCopy(_ key: KeyEvent) -> Bool {
        key.modifiers == [.control] && ["c", "C"].contains(key.keyName)
    }

    static func isPaste(_ key: KeyEvent) -> Bool {
        key.modifiers == [.control] && ["v", "V"].contains(key.keyName)
    }

    /// Ctrl+End: the chat's jump to the latest message.
    static func isJumpToLatest(_ key: KeyEvent) -> Bool {
        key.modifiers == [.control] && ["End", "KP_End"].contains(key.keyName)
    }

    static var groups: [ShortcutsWindow.Group] {
        [
            .init(tr("Sections"), sections.map { .init($0.accelerators.joined(separator: " "), $0.title) }),
            .init(tr("Navigation"), navigation.map { .init($0.accelerators.joined(separator: " "), $0.title) }),
            .init(Section.gallery.title, gallery),
            .init(Section.messages.title, messages),
            .init(tr("{first} and {second}", ["first": Section.people.title, "second": Section.facts.title]), searching),
            .init(tr("Viewer"), viewer),
            .init(tr("General"), general.map { .init($0.accelerators.joined(separator: " "), $0.title) }),
        ]
    }
}
