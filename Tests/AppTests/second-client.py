#!/usr/bin/python3
"""A second X client for the gallery's tests: it owns the clipboard with some text
("clipboard TEXT") or with a picture ("clipboard-image FILE": GTK offers it as image/png and the
other formats gdk-pixbuf writes), or shows a small window at the screen's top left that starts a
drag offering addresses as text/uri-list ("drag URI..."). It says "ready" on its output, then
waits to be ended; after a drag it says "drag ended"."""
import sys
import gi
gi.require_version("Gtk", "3.0")
gi.require_version("Gdk", "3.0")
from gi.repository import Gtk, Gdk

mode, values = sys.argv[1], sys.argv[2:]
window = Gtk.Window(title="second client")
window.set_default_size(160, 120)
window.move(0, 0)
if mode == "clipboard":
    clipboard = Gtk.Clipboard.get(Gdk.SELECTION_CLIPBOARD)
    clipboard.set_text(" ".join(values), -1)
    clipboard.store()
elif mode == "clipboard-image":
    gi.require_version("GdkPixbuf", "2.0")
    from gi.repository import GdkPixbuf
    clipboard = Gtk.Clipboard.get(Gdk.SELECTION_CLIPBOARD)
    clipboard.set_image(GdkPixbuf.Pixbuf.new_from_file(values[0]))
else:
    box = Gtk.EventBox()
    box.add(Gtk.Label(label="drag me"))
    box.drag_source_set(Gdk.ModifierType.BUTTON1_MASK, [Gtk.TargetEntry.new("text/uri-list", 0, 0)], Gdk.DragAction.COPY)
    box.connect("drag-data-get", lambda widget, context, data, info, time: data.set_uris(values))
    box.connect("drag-end", lambda *args: print("drag ended", flush=True))
    window.add(box)
window.show_all()

def ready():
    x, y = window.get_position()
    print("ready", x, y, flush=True)
    return False
window.connect("map-event", lambda *args: ready())
Gtk.main()
