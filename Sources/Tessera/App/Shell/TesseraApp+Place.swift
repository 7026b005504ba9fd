import Domain
import Foundation

/// Where each section was left: restored when its coordinator is made, saved a moment after it changes.
extension TesseraApp {
    /// The saved place and search go to the section's root page; its changes are saved within `placeSaveDelay`.
    func restorePlace(of coordinator: SectionCoordinator) {
        coordinator.onChange = { [weak self] in self?.placeChanged() }
        coordinator.onPlaceChange = { [weak self] in self?.placeChanged() }
        coordinator.viewerToReopen = settings.viewers[coordinator.section.rawValue]
        guard var root = coordinator.pages.first as? any PlaceKeepingPage else { return }
        let key = coordinator.section.rawValue
        if let text = settings.searches[key] { root.restoreSearch(text) }
        if let place = settings.listPlaces[key] { root.restore(place) }
        root.onPlaceChange = { [weak self] in self?.placeChanged() }
    }

    /// A list moved, a search or a page changed: saved once `placeSaveDelay` has passed, however often it changes.
    func placeChanged() {
        guard !placeSaveScheduled else { return }
        placeSaveScheduled = true
        DispatchQueue.main.asyncAfter(deadline: .now() + Self.placeSaveDelay) { [weak self] in
            self?.placeSaveScheduled = false
            self?.saveSettings()
        }
    }

    /// A kill loses at most this much of where the person was (with the write's own time, under two seconds).
    static let placeSaveDelay: DispatchTimeInterval = .seconds(1)

    /// Each made section's place, search and viewer, into `settings` (a section not made keeps the last launch's).
    func keepPlaces(of coordinators: [Section: SectionCoordinator]) {
        for (section, coordinator) in coordinators {
            settings.viewers[section.rawValue] = coordinator.viewerPlace ?? coordinator.viewerToReopen
            guard let root = coordinator.pages.first as? any PlaceKeepingPage else { continue }
            settings.listPlaces[section.rawValue] = root.listPlace
            settings.searches[section.rawValue] = root.searchText
        }
    }
}
