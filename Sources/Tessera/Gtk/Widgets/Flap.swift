import CGtk
import CHandy

/// HdyFlap: a sidebar beside the content, or over it (revealed on demand) once folded; the caller folds it.
@MainActor
public final class Flap: Widget {
    /// - Parameter atEnd: the flap on the content's end (right in English), as a properties pane.
    public init(flap: Widget, separator: Widget, content: Widget, atEnd: Bool = false) {
        super.init(taking: UnsafeMutableRawPointer(hdy_flap_new()))
        if atEnd { hdy_flap_set_flap_position(hdy, GTK_PACK_END) }
        hdy_flap_set_flap(hdy, flap.raw.cast())
        hdy_flap_set_separator(hdy, separator.raw.cast())
        hdy_flap_set_content(hdy, content.raw.cast())
        hdy_flap_set_fold_policy(hdy, HDY_FLAP_FOLD_POLICY_NEVER)
        // Over the content, closed by a click beside it or Escape; shown and hidden by its owner alone.
        hdy_flap_set_modal(hdy, 1)
        hdy_flap_set_locked(hdy, 1)
        hdy_flap_set_fold_duration(hdy, 0) // a window's resize folds it: no slide on top of that
        onDestroy { [weak self] in self?.isDestroyed = true }
    }

    /// libhandy frees the flap's shadow helper on dispose, and a later reveal would use it.
    private var isDestroyed = false

    private var hdy: OpaquePointer { OpaquePointer(raw) }

    /// Over the content rather than beside it.
    public var isFolded: Bool {
        get { hdy_flap_get_folded(hdy) != 0 }
        set { hdy_flap_set_fold_policy(hdy, newValue ? HDY_FLAP_FOLD_POLICY_ALWAYS : HDY_FLAP_FOLD_POLICY_NEVER) }
    }

    /// Whether the flap shows (or is on its way in).
    public var revealsFlap: Bool { hdy_flap_get_reveal_flap(hdy) != 0 }
    /// How far the flap has come in: 0 hidden, 1 whole.
    public var revealProgress: Double { hdy_flap_get_reveal_progress(hdy) }

    /// Shows or hides the flap, sliding or at once; nothing once the flap is destroyed.
    public func reveal(_ shown: Bool, animated: Bool) {
        guard !isDestroyed else { return }
        hdy_flap_set_reveal_duration(hdy, animated ? 250 : 0)
        hdy_flap_set_reveal_flap(hdy, shown ? 1 : 0)
    }

    /// The flap was shown or hidden (by its owner, a click beside it, Escape or a swipe).
    @discardableResult
    public func onRevealChange(_ body: @escaping @MainActor () -> Void) -> SignalConnection {
        onNotify("reveal-flap", body)
    }
}
