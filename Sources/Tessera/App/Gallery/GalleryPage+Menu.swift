import Gtk
import Localization

/// Each item's menu (Open, View, Move Earlier, Move Later, Delete) and the actions behind it.
extension GalleryPage {
    func registerMenuActions() {
        let intents: [(String, @MainActor (GalleryPage, Int) -> Void)] = [
            ("open", { page, index in page.model.select(at: index) }),
            ("view", { page, index in page.view(at: index) }),
            ("earlier", { page, index in Task { await page.model.move(from: index, to: index - 1) } }),
            ("later", { page, index in Task { await page.model.move(from: index, to: index + 1) } }),
            ("delete", { page, index in page.model.requestDelete(at: index) }),
        ]
        for (name, intent) in intents {
            let action = Action(name: name, takesString: true)
            action.onActivate { [weak self] argument in
                guard let self, let index = argument.flatMap(Int.init), self.model.state.items.indices.contains(index) else { return }
                intent(self, index)
            }
            actions.add(action)
        }
        widget.insertActionGroup(actions, prefix: "gallery")
    }

    /// Opens Open / Move Earlier / Move Later / Delete for `tile`'s item (the Add cell has none).
    func openMenu(for tile: GalleryTile) {
        guard tile.entry != .add, let index = index(of: tile) else { return }
        let model = MenuModel()
        model.append(tr("_Open"), action: "gallery.open::\(index)")
        model.append(tr("_View"), action: "gallery.view::\(index)")
        if index > 0 { model.append(tr("Move _Earlier"), action: "gallery.earlier::\(index)") }
        if index + 1 < self.model.state.items.count { model.append(tr("Move _Later"), action: "gallery.later::\(index)") }
        model.append(tr("_Delete"), action: "gallery.delete::\(index)")
        contextMenu?.close()
        let menu = ContextMenu(model: model)
        contextMenu = menu
        menu.popup(over: tile.view)
    }
}
