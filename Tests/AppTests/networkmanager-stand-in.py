"""NetworkManager's part in GIO's network monitor, on a private bus standing in for the system
bus: takes the name org.freedesktop.NetworkManager and serves the three properties GIO's
"networkmanager" monitor reads (State, Connectivity, Metered) at /org/freedesktop/NetworkManager,
starting connected to the internet (State 70, Connectivity 4, Metered 2: no). Each line read
from its input sets properties ("State 20 Connectivity 1") and announces them in one
PropertiesChanged, as NetworkManager does; "sent" is printed once the announcement left. Leaves
when its input closes.

Usage: networkmanager-stand-in.py ADDRESS
"""
import sys
import threading

import gi
gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib

address = sys.argv[1]
INTERFACE = """
<node>
  <interface name="org.freedesktop.NetworkManager">
    <property name="State" type="u" access="read"/>
    <property name="Connectivity" type="u" access="read"/>
    <property name="Metered" type="u" access="read"/>
  </interface>
</node>
"""
NAME = "org.freedesktop.NetworkManager"
PATH = "/org/freedesktop/NetworkManager"
properties = {"State": 70, "Connectivity": 4, "Metered": 2}
flags = Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION
bus = Gio.DBusConnection.new_for_address_sync(address, flags, None, None)
loop = GLib.MainLoop()


def read_property(connection, sender, path, interface, name):
    return GLib.Variant("u", properties[name])


def apply(line):
    words = line.split()
    changed = {}
    for name, value in zip(words[0::2], words[1::2]):
        properties[name] = int(value)
        changed[name] = GLib.Variant("u", int(value))
    bus.emit_signal(None, PATH, "org.freedesktop.DBus.Properties", "PropertiesChanged",
                    GLib.Variant("(sa{sv}as)", (NAME, changed, [])))
    bus.flush_sync(None)
    print("sent", flush=True)
    return False


def read_input():
    for line in sys.stdin:
        if line.strip():
            GLib.idle_add(apply, line)
    GLib.idle_add(loop.quit)


node = Gio.DBusNodeInfo.new_for_xml(INTERFACE)
bus.register_object(PATH, node.interfaces[0], None, read_property, None)
owned = bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "RequestName",
                      GLib.Variant("(su)", (NAME, 4)), GLib.VariantType("(u)"),
                      Gio.DBusCallFlags.NONE, -1, None)
if owned.unpack()[0] != 1:
    sys.exit(NAME + " is taken on this bus")
print("ready", flush=True)
threading.Thread(target=read_input, daemon=True).start()
loop.run()
