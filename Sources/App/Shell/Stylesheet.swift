/// The app's CSS. Theme colours only (`@theme_*`, `alpha()` of them), never literal colours,
/// so both the light and the dark variant stay legible.
enum Stylesheet {
    static let css = """
    .status-title { font-size: 20pt; font-weight: 800; }
    .status-description { color: alpha(@theme_fg_color, 0.72); }
    .status-icon { color: alpha(@theme_fg_color, 0.5); opacity: 0.6; }
    .sidebar list { background-color: transparent; }
    .picture { background-color: alpha(@theme_fg_color, 0.06); }
    .gallery-tile { padding: 0; border-radius: 10px; }
    .gallery-tile:focus { box-shadow: inset 0 0 0 3px @theme_selected_bg_color; }
    .gallery-add { border: 2px dashed alpha(@theme_fg_color, 0.25); border-radius: 10px;
                   background: transparent; color: alpha(@theme_fg_color, 0.7); }
    """
}
