import Gtk
import Localization

extension Spinner {
    /// A named round spinner over the content while refreshing, hidden until `showRefreshing(true)`.
    static func refreshing() -> Spinner {
        let spinner = Spinner()
        spinner.accessibleName = tr("Refreshing")
        spinner.halign = .center
        spinner.valign = .start
        spinner.setMargins(12)
        spinner.setSizeRequest(width: 32, height: 32)
        spinner.addStyleClass("refresh-spinner")
        spinner.keepsOwnVisibility = true
        spinner.isVisible = false
        return spinner
    }

    /// Shows and spins it while `refreshing`.
    func showRefreshing(_ refreshing: Bool) {
        isVisible = refreshing
        isSpinning = refreshing
    }
}
