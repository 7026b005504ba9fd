"""logind's part in a suspend, on a private bus standing in for the system bus: takes the name
org.freedesktop.login1 and sends PrepareForSleep with each argument in turn ("sleeping": true,
before a suspend; "waking": false, after it), then leaves.

Usage: logind-stand-in.py ADDRESS sleeping|waking...
"""
import sys

import gi
gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib

address, announcements = sys.argv[1], sys.argv[2:]
flags = Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION
bus = Gio.DBusConnection.new_for_address_sync(address, flags, None, None)
# DBUS_NAME_FLAG_DO_NOT_QUEUE: fail rather than wait in line for the name.
owned = bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "RequestName",
                      GLib.Variant("(su)", ("org.freedesktop.login1", 4)), GLib.VariantType("(u)"),
                      Gio.DBusCallFlags.NONE, -1, None)
if owned.unpack()[0] != 1:
    sys.exit("org.freedesktop.login1 is taken on this bus")
for announcement in announcements:
    bus.emit_signal(None, "/org/freedesktop/login1", "org.freedesktop.login1.Manager", "PrepareForSleep",
                    GLib.Variant("(b)", (announcement == "sleeping",)))
bus.flush_sync(None)
