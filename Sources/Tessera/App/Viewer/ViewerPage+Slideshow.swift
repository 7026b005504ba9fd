import Foundation
import Gtk

/// F5: the viewer's items in turn from the one shown, full screen, each picture for the chosen seconds and a
/// clip to its end, then round again; the next picture decoded ahead. Space pauses, Escape ends where it stopped.
extension ViewerPage {
    func startSlideshow() {
        guard slideshow == nil else { return }
        slideshow = Slideshow { [weak self] in self?.slideshowStep() }
        widget.setToplevelFullscreen(true)
        slideshowMoved()
        updateControls()
    }

    /// The item shown stays; full screen is left.
    func endSlideshow() {
        guard slideshow != nil else { return }
        slideshow = nil
        if widget.toplevelIsFullscreen { widget.setToplevelFullscreen(false) }
        updateControls()
    }

    func toggleSlideshowPause() {
        guard let slideshow else { return }
        slideshow.isPaused.toggle()
        if item.kind == .clip, clip.isPlaying == slideshow.isPaused { clip.togglePlaying() }
        if slideshow.isPaused { slideshow.stopWaiting() } else { slideshowMoved() }
        updateControls()
    }

    /// The item shown changed (a step, Left or Right) or the slideshow went on: its time starts again.
    func slideshowMoved() {
        guard let slideshow, !slideshow.isPaused, items.count > 1 else { return }
        // A clip's end steps (`clipEnded`).
        if item.kind == .picture { slideshow.wait(.seconds(viewerChoices.slideshowSeconds)) } else { slideshow.stopWaiting() }
        let next = items[(index + 1) % items.count]
        slideshow.ahead?.cancel()
        slideshow.ahead = next.kind == .picture ? image.decodeAhead(next.url) : nil
    }

    /// The clip shown played to its end.
    func clipEnded() {
        guard let slideshow, !slideshow.isPaused, items.count > 1 else { return }
        show((index + 1) % items.count)
    }

    /// Leaving full screen (F11, its button, the desktop) ends the slideshow.
    func slideshowFollowsFullscreen() {
        guard let slideshow else { return }
        if widget.toplevelIsFullscreen { slideshow.wasFullscreen = true } else if slideshow.wasFullscreen { endSlideshow() }
    }

    /// A picture's time is up: the next item, once this one has shown (or failed to).
    private func slideshowStep() {
        guard let slideshow, !slideshow.isPaused else { return }
        if item.kind == .picture, !isSettled { return slideshow.wait(.milliseconds(100)) }
        show((index + 1) % items.count)
    }
}
