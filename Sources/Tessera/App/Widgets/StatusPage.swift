import Gtk

/// A centred icon, title and description for empty states.
@MainActor
public final class StatusPage: Page {
    public let title: String
    public let widget: Widget
    public let titleLabel: Label
    public let descriptionLabel: Label
    private let icon: Image

    public init(iconName: String, title: String, description: String) {
        self.title = title
        let box = Box(.vertical, spacing: 12)
        box.valign = .center
        box.halign = .center
        box.setMargins(36)
        icon = Image(iconName: iconName, pixelSize: 96)
        icon.addStyleClass("status-icon")
        titleLabel = Label(title)
        titleLabel.addStyleClass("status-title")
        titleLabel.wraps = true
        titleLabel.setJustification(.center)
        descriptionLabel = Label(description)
        descriptionLabel.addStyleClass("status-description")
        descriptionLabel.wraps = true
        descriptionLabel.setJustification(.center)
        descriptionLabel.setMaxWidthChars(48)
        box.append(icon)
        box.append(titleLabel)
        box.append(descriptionLabel)
        widget = box
    }
}
