"""What the *-stand-in.py scripts share: a bus, one object served under a well-known name, and a
main loop that each line of the script's input reaches and whose end ends the script."""
import sys
import threading

import gi
gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib


def connect(address=None):
    """The private bus at `address`, or the session bus."""
    if address is None:
        return Gio.bus_get_sync(Gio.BusType.SESSION, None)
    flags = Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION
    return Gio.DBusConnection.new_for_address_sync(address, flags, None, None)


def serve(bus, name, path, interface, method_call=None, get_property=None, on_line=None):
    """Serves `interface` (introspection XML) at `path` under `name`, prints "ready", then runs
    until the input closes, handing each non-empty line to `on_line` on the loop."""
    loop = GLib.MainLoop()
    node = Gio.DBusNodeInfo.new_for_xml(interface)
    bus.register_object(path, node.interfaces[0], method_call, get_property, None)
    owned = bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "RequestName",
                          GLib.Variant("(su)", (name, 4)), GLib.VariantType("(u)"), Gio.DBusCallFlags.NONE, -1, None)
    if owned.unpack()[0] != 1:
        sys.exit(f"{name} is taken on this bus")
    print("ready", flush=True)

    def read_input():
        for line in sys.stdin:
            if on_line is not None and line.strip():
                GLib.idle_add(lambda line=line: on_line(line) and False)
        GLib.idle_add(loop.quit)

    threading.Thread(target=read_input, daemon=True).start()
    loop.run()
