import Features

/// The screenshot mode's scenes of the facts.
extension FactsPage {
    /// What the screenshot of the search looks for: a word of the built-in server's feed.
    static let screenshotSearch = "canada" // not translated

    /// The search, and the detail page in a landscape and in a portrait window.
    public var screenshotScenes: [ScreenshotScene] {
        [
            ScreenshotScene(name: "facts-search") { [weak self] in
                self?.search.open(typing: Self.screenshotSearch)
            },
            ScreenshotScene(name: "facts-detail-landscape", windowSize: (1100, 760)) { [weak self] in
                self?.search.close()
                self?.openFirstPictured(unlessOpen: self?.isShowingDetail ?? true)
            },
            ScreenshotScene(name: "facts-detail-portrait", windowSize: (640, 900)) { [weak self] in
                self?.openFirstPictured(unlessOpen: self?.isShowingDetail ?? true)
            },
        ]
    }

    /// Opens the first fact that has an image, as a click would; nothing if one is open already.
    func openFirstPictured(unlessOpen isOpen: Bool) {
        guard !isOpen, let fact = model.state.facts.first(where: { $0.imageURL != nil }) else { return }
        open(fact)
    }
}
