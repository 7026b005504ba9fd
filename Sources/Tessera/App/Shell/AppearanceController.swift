import Domain
import Gtk

/// Light or dark from the user's choice and the desktop's (the portal, else GTK's settings).
@MainActor
public final class AppearanceController {
    private let theme: ThemeSettings
    private var portal: DesktopColorScheme?
    private let gtkPrefersDark: Bool
    public private(set) var desktopPrefersDark: Bool

    public var appearance: Appearance {
        didSet { apply() }
    }

    /// - Parameter followPortal: false where the desktop must not matter (screenshots, tests).
    public init(appearance: Appearance, theme: ThemeSettings, followPortal: Bool) {
        self.theme = theme
        self.appearance = appearance
        gtkPrefersDark = theme.prefersDark
        desktopPrefersDark = gtkPrefersDark
        if followPortal {
            portal = DesktopColorScheme { [weak self] prefersDark in
                self?.desktopChanged(prefersDark)
            }
        }
        apply()
    }

    /// Whether the dark variant is in effect now.
    public var prefersDark: Bool { theme.prefersDark }

    /// The desktop's preference changed (nil: no preference, so GTK's own settings decide).
    public func desktopChanged(_ prefersDark: Bool?) {
        desktopPrefersDark = prefersDark ?? gtkPrefersDark
        apply()
    }

    private func apply() {
        let dark = appearance.prefersDark(desktopPrefersDark: desktopPrefersDark)
        if theme.prefersDark != dark { theme.prefersDark = dark }
    }
}
