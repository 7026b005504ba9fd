import CGtk
import Dispatch

/// Bitmaps painted 1:1 at device pixels (resampled off the main loop), animations, progress, icons.
extension Picture {
    func draw(_ cr: OpaquePointer) {
        drawnSinceStep = true
        // A paused animation goes on once it is drawn again (scrolled back into view).
        if nextFrame == nil, frames.count > 1 { updatePlayback() }
        let width = Double(gtk_widget_get_allocated_width(widget))
        let height = Double(gtk_widget_get_allocated_height(widget))
        if isCircular {
            cairo_arc(cr, width / 2, height / 2, min(width, height) / 2, 0, 2 * Double.pi)
            cairo_clip(cr)
        } else if topCornerRadius > 0 {
            let radius = min(topCornerRadius, width / 2, height)
            cairo_move_to(cr, 0, height)
            cairo_arc(cr, radius, radius, radius, Double.pi, 1.5 * Double.pi)
            cairo_arc(cr, width - radius, radius, radius, 1.5 * Double.pi, 2 * Double.pi)
            cairo_line_to(cr, width, height)
            cairo_close_path(cr)
            cairo_clip(cr)
        }
        let style = gtk_widget_get_style_context(widget)
        gtk_render_background(style, cr, 0, 0, width, height)
        let painted: Bool
        if let source, width >= 1, height >= 1 {
            let shown = frames.isEmpty ? source.pixbufPointer : frames[frameIndex].pixbuf
            painted = paint(shown, cr, width: Int(width), height: Int(height), scale: scaleFactor)
        } else {
            painted = false
        }
        if !painted, let iconName {
            drawIcon(iconName, cr, width: width, height: height, style: style)
            if let progress { drawProgress(progress, cr, width: width, height: height, style: style) }
        } else if painted, let progress {
            drawProgressOverImage(progress, cr, width: width, height: height)
        }
        // A picture that takes the keyboard focus (a page's first stop) shows it, as a button does.
        if gtk_widget_has_visible_focus(widget) != 0, width > 4, height > 4 {
            gtk_render_focus(style, cr, 2, 2, width - 4, height - 4)
        }
    }


    /// Plays while asked, mapped, in sight, animated and multi-frame; each frame waits its delay.
    func updatePlayback() {
        let wanted = playsAnimations && frames.count > 1 && isMapped && !isInWindowOutOfSight && ThemeSettings().animationsEnabled
        if wanted, nextFrame == nil {
            let step = DispatchWorkItem { [weak self] in self?.showNextFrame() }
            nextFrame = step
            DispatchQueue.main.asyncAfter(deadline: .now() + frames[frameIndex].delay.dispatchInterval, execute: step)
        } else if !wanted, let nextFrame {
            nextFrame.cancel()
            self.nextFrame = nil
        }
    }

    func showNextFrame() {
        nextFrame = nil
        // Nobody saw the frame shown, or the window is minimized: wait for the next draw.
        guard !frames.isEmpty, drawnSinceStep, !isInWindowOutOfSight else { return }
        drawnSinceStep = false
        frameIndex = (frameIndex + 1) % frames.count
        // Each frame is scaled when drawn: a viewer's frames are few and shown one at a time.
        scaled = nil
        queueDraw()
        updatePlayback()
    }

    /// Paints 1:1, stretched while resizing, nothing while the first surface is made (false), or anew.
    func paint(_ pixbuf: OpaquePointer, _ cr: OpaquePointer, width: Int, height: Int, scale: Int) -> Bool {
        if let scaled, scaled.width == width, scaled.height == height, scaled.scale == scale, !scaledFromEarlierImage {
            cairo_set_source_surface(cr, scaled.surface, 0, 0)
            cairo_paint(cr)
            return true
        }
        if let scaled, scaled.scale == scale, frames.isEmpty, Self.sameShape(scaled.width, scaled.height, width, height) {
            cairo_save(cr)
            cairo_scale(cr, Double(width) / Double(scaled.width), Double(height) / Double(scaled.height))
            cairo_set_source_surface(cr, scaled.surface, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR)
            cairo_paint(cr)
            cairo_restore(cr)
            if awaitsSurface { makeSurfaceIfAwaited() } else { rescaleWhenTheSizeHolds() }
            return true
        }
        if awaitsSurface {
            makeSurfaceIfAwaited()
            return false
        }
        let surface = Self.surface(of: pixbuf, width: width, height: height, scale: scale, scaling: scaling)
        surfacesMadeWhileDrawing += 1
        scaled = (width, height, scale, surface)
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_paint(cr)
        return true
    }

    /// Stretching keeps proportions within a pixel in a hundred.
    private static func sameShape(_ width: Int, _ height: Int, _ otherWidth: Int, _ otherHeight: Int) -> Bool {
        abs(Double(width) * Double(otherHeight) - Double(otherWidth) * Double(height)) <= 0.01 * Double(width * otherHeight)
    }

    /// Makes this size's surface off the main loop once the size held `rescaleDelay`.
    func rescaleWhenTheSizeHolds() {
        pendingRescale?.cancel()
        let waiting = DispatchWorkItem { [weak self] in MainActor.assumeIsolated { self?.makeSurfaceAside() } }
        pendingRescale = waiting
        DispatchQueue.main.asyncAfter(deadline: .now() + Self.rescaleDelay, execute: waiting)
    }

    /// Makes the surface on the rescaling queue for the next draw; off screen, waits for a draw.
    func makeSurfaceAside() {
        pendingRescale?.cancel()
        pendingRescale = nil
        guard let source, isMapped else { return }
        let width = Int(gtk_widget_get_allocated_width(widget)), height = Int(gtk_widget_get_allocated_height(widget))
        let scale = scaleFactor, scaling = self.scaling
        guard width > 1, height > 1 else { return }
        rescaleGeneration += 1
        let generation = rescaleGeneration
        makingGeneration = generation
        // The source keeps the pixbuf alive until the surface is made.
        let made = SurfaceInTheMaking(source: source)
        Self.rescaling.async {
            made.surface = Self.surface(of: made.source.pixbufPointer, width: width, height: height, scale: scale, scaling: scaling)
            DispatchQueue.main.async {
                MainActor.assumeIsolated { [weak self] in
                    guard let surface = made.surface else { return }
                    guard let self, self.rescaleGeneration == generation else { return cairo_surface_destroy(surface) }
                    self.surfacesMadeAside += 1
                    self.makingGeneration = nil
                    self.scaled = (width, height, scale, surface)
                    if self.awaitsSurface {
                        self.awaitsSurface = false
                        self.iconName = nil
                    }
                    // Resized while it was made: stretched meanwhile, made again once the size holds.
                    if !self.paintsAtItsSize, self.isInView { self.rescaleWhenTheSizeHolds() }
                    self.queueDraw()
                }
            }
        }
    }

    /// The image scaled (fill or fit, centred) into a new surface carrying the device scale; any thread.
    nonisolated private static func surface(of pixbuf: OpaquePointer, width: Int, height: Int, scale: Int,
                                            scaling: Scaling) -> OpaquePointer {
        let deviceWidth = width * scale, deviceHeight = height * scale
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, gint(deviceWidth), gint(deviceHeight))!
        paint(pixbuf, into: surface, width: deviceWidth, height: deviceHeight, scaling: scaling)
        cairo_surface_set_device_scale(surface, Double(scale), Double(scale))
        return surface
    }

    /// Paints `pixbuf` scaled (fill or fit, centred) into `width` x `height` pixels of `surface`.
    nonisolated static func paint(_ pixbuf: OpaquePointer, into surface: OpaquePointer, width: Int, height: Int, scaling: Scaling) {
        let cr = cairo_create(surface)!
        let imageWidth = Double(gdk_pixbuf_get_width(pixbuf)), imageHeight = Double(gdk_pixbuf_get_height(pixbuf))
        let scaleX = Double(width) / imageWidth, scaleY = Double(height) / imageHeight
        let factor = scaling == .fill ? max(scaleX, scaleY) : min(scaleX, scaleY)
        cairo_translate(cr, (Double(width) - imageWidth * factor) / 2, (Double(height) - imageHeight * factor) / 2)
        cairo_scale(cr, factor, factor)
        gdk_cairo_set_source_pixbuf(cr, pixbuf, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        // Edges extend only to the edge, so scaled bitmaps neither fade nor spill.
        cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
        cairo_rectangle(cr, 0, 0, imageWidth, imageHeight)
        cairo_fill(cr)
        cairo_destroy(cr)
    }

    /// A rounded progress bar under the icon, inside the picture however small.
    func drawProgress(_ fraction: Double, _ cr: OpaquePointer, width: Double, height: Double,
                              style: UnsafeMutablePointer<GtkStyleContext>?) {
        let side = min(Double(iconSize), min(width, height) * 0.6)
        let barWidth = min(width - 16, max(side * 1.5, 48)), thickness = 4.0
        guard barWidth > thickness, height > thickness + 8 else { return }
        let x = (width - barWidth) / 2, y = min(height - thickness - 4, (height + side) / 2 + 8)
        var color = GdkRGBA(red: 0, green: 0, blue: 0, alpha: 1)
        if let style { gtk_style_context_get_color(style, gtk_style_context_get_state(style), &color) }
        func bar(_ length: Double) { Self.fillBar(cr, x: x, y: y, length: length, thickness: thickness) }
        cairo_save(cr)
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha * 0.15)
        bar(barWidth)
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha * 0.55)
        bar(max(thickness, barWidth * min(max(fraction, 0), 1)))
        cairo_restore(cr)
    }

    /// The bar along an image's bottom, light on dark, visible on any picture.
    func drawProgressOverImage(_ fraction: Double, _ cr: OpaquePointer, width: Double, height: Double) {
        let thickness = 4.0, inset = 6.0
        let barWidth = width - 2 * inset
        guard barWidth > thickness, height > thickness + 2 * inset else { return }
        let y = height - inset - thickness
        func bar(_ length: Double) { Self.fillBar(cr, x: inset, y: y, length: length, thickness: thickness) }
        cairo_save(cr)
        cairo_set_source_rgba(cr, 0, 0, 0, 0.45)
        bar(barWidth)
        cairo_set_source_rgba(cr, 1, 1, 1, 0.9)
        bar(max(thickness, barWidth * min(max(fraction, 0), 1)))
        cairo_restore(cr)
    }

    /// Fills a bar with round ends from (`x`, `y`), `length` long.
    private static func fillBar(_ cr: OpaquePointer, x: Double, y: Double, length: Double, thickness: Double) {
        let radius = thickness / 2
        cairo_new_sub_path(cr)
        cairo_arc(cr, x + radius, y + radius, radius, Double.pi / 2, 3 * Double.pi / 2)
        cairo_arc(cr, x + max(radius, length - radius), y + radius, radius, 3 * Double.pi / 2, Double.pi / 2)
        cairo_close_path(cr)
        cairo_fill(cr)
    }

    /// A symbolic icon recoloured for the current theme, centred.
    func drawIcon(_ name: String, _ cr: OpaquePointer, width: Double, height: Double,
                          style: UnsafeMutablePointer<GtkStyleContext>?) {
        let side = Int(min(Double(iconSize), min(width, height) * 0.6))
        let scale = scaleFactor
        guard side > 0, let surface = SymbolicIconSurfaces.surface(name, side: side, scale: scale, style: style) else { return }
        cairo_save(cr)
        // The surface carries the device scale: its logical size is its pixels over the scale.
        cairo_translate(cr, (width - Double(cairo_image_surface_get_width(surface)) / Double(scale)) / 2,
                        (height - Double(cairo_image_surface_get_height(surface)) / Double(scale)) / 2)
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_paint_with_alpha(cr, 0.55)
        cairo_restore(cr)
    }
}
