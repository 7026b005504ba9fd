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
    .fact-card { padding: 0; border-radius: 10px; background-color: alpha(@theme_fg_color, 0.05); }
    .fact-card:focus { box-shadow: inset 0 0 0 3px @theme_selected_bg_color; }
    .fact-caption { padding: 8px 10px; font-weight: 700; color: @theme_fg_color;
                    background-color: alpha(@theme_bg_color, 0.85); border-radius: 0 0 10px 10px; }
    .fact-text-title { font-weight: 800; font-size: 13pt; }
    .notice-bar { padding: 8px 12px; background-color: alpha(@error_color, 0.15); }
    .facts-refresh-spinner { background-color: @theme_base_color; border-radius: 16px; padding: 6px; }
    .people-list { background-color: @theme_base_color; border: 1px solid alpha(@theme_fg_color, 0.15);
                   border-radius: 10px; }
    .people-list row { border-bottom: 1px solid alpha(@theme_fg_color, 0.08); }
    .people-list row:last-child { border-bottom: none; }
    .avatar { background-color: alpha(@theme_fg_color, 0.08); border-radius: 50%; }
    .messages-header { font-weight: 800; font-size: 13pt; }
    .messages-list { background-color: transparent; }
    .messages-list row { padding: 0; }
    .message-bubble { padding: 6px 12px 8px 12px; border-radius: 14px; background-color: @theme_base_color;
                      color: @theme_text_color; border: 1px solid alpha(@theme_fg_color, 0.12); }
    .message-own { background-color: shade(@theme_selected_bg_color, 0.8); color: @theme_selected_fg_color; border-color: transparent; }
    .message-meta { font-size: 8pt; font-weight: 700; opacity: 0.75; }
    .message-detail-text { font-size: 14pt; }
    .feed-tile { border: 3px solid transparent; border-radius: 8px; }
    .feed-tile:hover { border-color: alpha(@theme_selected_bg_color, 0.45); }
    .feed-tile:focus { border-color: @theme_selected_bg_color; }
    .feed-badge { padding: 4px 8px; border-radius: 8px; background-color: alpha(@theme_bg_color, 0.85); color: @theme_fg_color; }
    .feed-viewer-backdrop { padding: 0; border-radius: 0; background-color: @theme_base_color; }
    .feed-controls { background-color: alpha(@theme_bg_color, 0.9); border-radius: 10px; padding: 4px 8px; }
    """
}
