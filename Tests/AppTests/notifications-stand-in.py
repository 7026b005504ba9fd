"""The desktop's notification server (org.freedesktop.Notifications) on the session bus, standing
in for GNOME Shell's: prints "ready" once it owns the name, then "notify ID REPLACES SUMMARY|BODY"
for each Notify and "close ID" for each CloseNotification. A line "invoke ID" on its input clicks
notification ID (ActionInvoked "default", then NotificationClosed); it leaves when its input closes.

Usage: notifications-stand-in.py   (on DBUS_SESSION_BUS_ADDRESS)
"""
import bus_stand_in
from gi.repository import GLib

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
bus = bus_stand_in.connect()
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


def on_line(line):
    words = line.split()
    if len(words) == 2 and words[0] == "invoke":
        invoke(int(words[1]))


bus_stand_in.serve(bus, "org.freedesktop.Notifications", PATH, INTERFACE, method_call=called, on_line=on_line)
