"""The desktop's notification server (org.freedesktop.Notifications) on the session bus, standing
in for GNOME Shell's: prints "ready" once it owns the name, then "notify ID REPLACES SUMMARY|BODY"
for each Notify and "close ID" for each CloseNotification. A line "invoke ID" on its input clicks
notification ID (ActionInvoked "default", then NotificationClosed); it leaves when its input closes.

Usage: notifications-stand-in.py   (on DBUS_SESSION_BUS_ADDRESS)
"""
import sys
import threading

import gi
gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib

INTERFACE = """
<node>
  <interface name="org.freedesktop.Notifications">
    <method name="Notify">
      <arg type="s" direction="in"/><arg type="u" direction="in"/><arg type="s" direction="in"/>
      <arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="as" direction="in"/>
      <arg type="a{sv}" direction="in"/><arg type="i" direction="in"/><arg type="u" direction="out"/>
    </method>
    <method name="CloseNotification"><arg type="u" direction="in"/></method>
    <method name="GetCapabilities"><arg type="as" direction="out"/></method>
    <method name="GetServerInformation">
      <arg type="s" direction="out"/><arg type="s" direction="out"/><arg type="s" direction="out"/><arg type="s" direction="out"/>
    </method>
    <signal name="ActionInvoked"><arg type="u"/><arg type="s"/></signal>
    <signal name="NotificationClosed"><arg type="u"/><arg type="u"/></signal>
  </interface>
</node>
"""
PATH = "/org/freedesktop/Notifications"
bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
loop = GLib.MainLoop()
last_id = 0


def called(connection, sender, path, interface, method, parameters, invocation):
    global last_id
    if method == "Notify":
        _, replaces, _, summary, body, _, _, _ = parameters.unpack()
        shown = replaces or last_id + 1
        last_id = max(last_id, shown)
        print(f"notify {shown} {replaces} {summary}|{body}", flush=True)
        invocation.return_value(GLib.Variant("(u)", (shown,)))
    elif method == "CloseNotification":
        print(f"close {parameters.unpack()[0]}", flush=True)
        invocation.return_value(None)
    elif method == "GetCapabilities":
        invocation.return_value(GLib.Variant("(as)", (["actions", "body"],)))
    else:
        invocation.return_value(GLib.Variant("(ssss)", ("stand-in", "tessera", "1", "1.2")))


def invoke(number):
    """A click, as GNOME Shell gives it: the default action, then the notification closed (reason 2)."""
    bus.emit_signal(None, PATH, "org.freedesktop.Notifications", "ActionInvoked", GLib.Variant("(us)", (number, "default")))
    bus.emit_signal(None, PATH, "org.freedesktop.Notifications", "NotificationClosed", GLib.Variant("(uu)", (number, 2)))
    return False


def read_input():
    for line in sys.stdin:
        words = line.split()
        if len(words) == 2 and words[0] == "invoke":
            GLib.idle_add(invoke, int(words[1]))
    GLib.idle_add(loop.quit)


node = Gio.DBusNodeInfo.new_for_xml(INTERFACE)
bus.register_object(PATH, node.interfaces[0], called, None, None)
owned = bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "RequestName",
                      GLib.Variant("(su)", ("org.freedesktop.Notifications", 4)), GLib.VariantType("(u)"),
                      Gio.DBusCallFlags.NONE, -1, None)
if owned.unpack()[0] != 1:
    sys.exit("org.freedesktop.Notifications is taken on this bus")
print("ready", flush=True)
threading.Thread(target=read_input, daemon=True).start()
loop.run()
