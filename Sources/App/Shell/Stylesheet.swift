/// The app's CSS. Theme colours only (`@theme_*`, `alpha()` of them), never literal colours,
/// so both the light and the dark variant stay legible.
enum Stylesheet {
    static let css = """
    .status-title { font-size: 20pt; font-weight: 800; }
    .status-description { color: alpha(@theme_fg_color, 0.72); }
    .status-icon { color: alpha(@theme_fg_color, 0.5); opacity: 0.6; }
    .sidebar list { background-color: transparent; }
    """
}
