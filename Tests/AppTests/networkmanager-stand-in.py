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

import bus_stand_in
from gi.repository import GLib

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
bus = bus_stand_in.connect(address)


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


bus_stand_in.serve(bus, NAME, PATH, INTERFACE, get_property=read_property, on_line=apply)
