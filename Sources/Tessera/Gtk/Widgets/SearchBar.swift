import CGtk
import CHandy

/// HdySearchBar: GNOME's search band under the header bar, its child (an entry in a clamp) shown in search mode.
@MainActor
public final class SearchBar: Widget {
    /// Shown at once (its revealer, the bin's child, without a slide): during one GTK drops typed keys.
    public init(child: Widget) {
        super.init(taking: UnsafeMutableRawPointer(hdy_search_bar_new()))
        gtk_container_add(raw.cast(), child.raw.cast())
        if let revealer = gtk_bin_get_child(raw.cast()), tessera_is_a(revealer, gtk_revealer_get_type()) != 0 {
            gtk_revealer_set_transition_duration(UnsafeMutableRawPointer(revealer).cast(), 0)
        }
    }

    /// `entry` as every search bar holds it: at most a list's width, centred, 12 px from narrow edges.
    public convenience init(entry: Entry) {
        entry.hexpand = true
        entry.setMargins(top: 0, bottom: 0, start: 6, end: 6)
        self.init(child: Clamp(entry, maximumWidth: Clamp.listWidth + 12))
    }

    /// Whether the band shows.
    public var isOpen: Bool {
        get { hdy_search_bar_get_search_mode(raw.cast()) != 0 }
        set { hdy_search_bar_set_search_mode(raw.cast(), newValue ? 1 : 0) }
    }

    @discardableResult
    public func onOpenChange(_ body: @escaping @MainActor () -> Void) -> SignalConnection {
        onNotify("search-mode-enabled", body)
    }
}
