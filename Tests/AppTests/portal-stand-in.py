"""The settings portal's part in the desktop's colour scheme, on a private bus standing in for
the session bus: takes the name org.freedesktop.portal.Desktop, answers Read of
org.freedesktop.appearance color-scheme with the first scheme given, and once it has answered
sends SettingChanged with each further scheme in turn; then leaves when its input closes.

Usage: portal-stand-in.py ADDRESS SCHEME [SCHEME...]   (0 no preference, 1 dark, 2 light)
"""
import sys

import bus_stand_in
from gi.repository import GLib

address, schemes = sys.argv[1], [int(s) for s in sys.argv[2:]]
INTERFACE = """
<node>
  <interface name="org.freedesktop.portal.Settings">
    <method name="Read">
      <arg type="s" name="namespace" direction="in"/>
      <arg type="s" name="key" direction="in"/>
      <arg type="v" name="value" direction="out"/>
    </method>
    <signal name="SettingChanged">
      <arg type="s" name="namespace"/>
      <arg type="s" name="key"/>
      <arg type="v" name="value"/>
    </signal>
  </interface>
</node>
"""
PATH = "/org/freedesktop/portal/desktop"
bus = bus_stand_in.connect(address)


def called(connection, sender, path, interface, method, parameters, invocation):
    if method != "Read" or parameters.unpack() != ("org.freedesktop.appearance", "color-scheme"):
        invocation.return_dbus_error("org.freedesktop.portal.Error.NotFound", "no such setting")
        return
    # The portal nests the value in a second variant (as xdg-desktop-portal does for Read).
    invocation.return_value(GLib.Variant("(v)", (GLib.Variant("v", GLib.Variant("u", schemes[0])),)))
    for scheme in schemes[1:]:
        connection.emit_signal(None, PATH, "org.freedesktop.portal.Settings", "SettingChanged",
                               GLib.Variant("(ssv)", ("org.freedesktop.appearance", "color-scheme", GLib.Variant("u", scheme))))


bus_stand_in.serve(bus, "org.freedesktop.portal.Desktop", PATH, INTERFACE, method_call=called)
