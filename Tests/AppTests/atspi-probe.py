#!/usr/bin/python3
"""Starts Tessera and reads its window through AT-SPI, as a screen reader would.

Usage: atspi-probe.py TESSERA_BINARY DATA_DIR [--second-launch | --messages | --offline SECTION |
                                                --russian ITEMS | --panes SECTION | --read PREFIX |
                                                --idle SECONDS | --preferences ADDRESS | --shell-search |
                                                --killed-draft TEXT | --type-search SECTION TEXT |
                                                --every-extent TEXT | --notifications]
Prints one line per accessible found under the application (role and name), and exits 0 when
the frame "Tessera" and the five section names are present. With --second-launch, the app runs
as the default (unique) profile with its XDG folders under DATA_DIR; a second launch must hand
over to the first and exit, leaving exactly one window; with --second-launch --view FILE, the second
launch is `tessera --view FILE`, and the first's window must then show the picture's name. Run inside dbus-run-session with a
display; the AT-SPI bus is started on demand. With --messages, the app opens on the chat; the
probe waits for the newest message's row, focuses it through AT-SPI as Orca's review would, and
prints "focused: NAME" once the row reports itself focused. With --russian, the app runs under
LANGUAGE=ru on a gallery of ITEMS items, first launch (so the welcome dialog shows), and every
name is printed once the Russian sidebar and the gallery's grid are read. With --panes, the app
opens SECTION (people or messages) in a 1400x900 window with a detail open at the last launch, and
prints the screen extents of the frame, the list's scrolled window and the detail pane as "extents NAME: x y w h",
with the pane's names, once the pane shows its detail. With --read, the probe waits for a name
starting with PREFIX and prints it as "read: NAME". With --idle, every section is opened in turn
through the sidebar (as a screen reader selects a row) until it shows its items, then the app is
left alone and its threads' context switches are counted over SECONDS: "wakeups per second: N",
then each thread that woke, as "thread NAME: N". With --preferences, the app opens on Facts; the
probe opens Preferences from the primary menu, types a wrong address into "Facts address" and
prints the problem read, then ADDRESS, presses Apply and prints what Facts shows then
("facts: NAME"), what settings.json saved ("saved: …"), and, after a relaunch, what the entry
holds ("facts address: …"). With --shell-search, the binary is not started by the probe: the
session bus starts it for GNOME Shell's search (see shell_search). With --killed-draft, a draft is
typed with real keys, the app killed with SIGKILL and started again (see killed_draft). With
--type-search, a search is typed over People's list or Facts' cards (see type_search). With
--every-extent, every node of every screen is asked where it is (see every_extent). With
--notifications, the chat's desktop notifications are heard and clicked (see notifications).
"""
import os
import subprocess
import sys
import time

import pyatspi

EXPECTED_SECTIONS = ["Gallery", "Feed", "People", "Messages", "Facts"]


def walk(node, depth=0, out=None):
    out = [] if out is None else out
    try:
        out.append((node.getRoleName(), node.name or ""))
        for i in range(node.childCount):
            child = node.getChildAtIndex(i)
            if child is not None and depth < 40:
                walk(child, depth + 1, out)
    except Exception:  # a node can vanish while we read it
        pass
    return out


def print_names(nodes, lead=""):
    """One line per named node: "ROLE: NAME", after `lead`."""
    for role, name in nodes:
        if name:
            print(f"{lead}{role}: {name}")


def find_node(node, predicate, depth=0):
    try:
        if predicate(node):
            return node
        for i in range(node.childCount):
            child = node.getChildAtIndex(i)
            if child is not None and depth < 40:
                found = find_node(child, predicate, depth + 1)
                if found is not None:
                    return found
    except Exception:  # a node can vanish while we read it
        pass
    return None


def focus_newest_message(app):
    row = find_node(app, lambda node: (node.name or "").startswith("Message 1: "))
    if row is None:
        print("message 1's row is gone")
        return 1
    row.queryComponent().grabFocus()
    deadline = time.monotonic() + 10
    while not row.getState().contains(pyatspi.STATE_FOCUSED):
        if time.monotonic() > deadline:
            print("message 1's row never reported focus")
            return 1
        time.sleep(0.1)  # the focus change arrives over the bus
    print(f"focused: {row.name}")
    return 0


def find_app(name, deadline, proc):
    seen = set()
    while time.monotonic() < deadline and proc.poll() is None:
        desktop = pyatspi.Registry.getDesktop(0)
        for i in range(desktop.childCount):
            app = desktop.getChildAtIndex(i)
            if app is None:
                continue
            seen.add(f"{app.name} ({app.childCount} children)")
            if app.name == name and app.childCount > 0:
                return app, seen
        time.sleep(0.1)  # polling the registry: AT-SPI has no "application appeared" wait here
    return None, seen


def named_items(app, prefixes, deadline):
    """The names starting with one of `prefixes`, once some are there (empty after `deadline`)."""
    while time.monotonic() < deadline:
        names = sorted({name for _, name in walk(app) if name and name.startswith(prefixes)})
        if names:
            return names
        time.sleep(0.1)
    return []


def bridged_env(**extra):
    """This process's environment with GTK's accessibility bridge loaded, plus `extra`."""
    env = dict(os.environ, GTK_MODULES="gail:atk-bridge", **extra)
    env.pop("NO_AT_BRIDGE", None)
    return env


def launch(binary, data_dir, env, extra=()):
    """Starts the app and returns (process, its accessible application or None)."""
    os.makedirs(data_dir, exist_ok=True)
    log = open(os.path.join(data_dir, "tessera-stderr.log"), "a+")
    pyatspi.Registry.getDesktop(0).childCount
    proc = subprocess.Popen([binary, "--data-dir", data_dir] + list(extra), env=env, stderr=log)
    app, _ = find_app("dev.tessera.Tessera", time.monotonic() + 30, proc)
    if app is None:
        print("Tessera never appeared on the AT-SPI bus")
    return proc, app


def stop(proc):
    proc.terminate()
    proc.wait(timeout=10)


def offline(binary, data_dir, section):
    """Runs the app on `section` against its built-in backend, reads the items' names, quits; then
    runs it again on the same data with the backend gone (a port nobody listens on), and checks
    that the same names are read, with the offline banner and no error filling the section."""
    prefixes = {"messages": ("Message ",), "feed": ("Image post ", "Video post "),
                "facts": ("Beavers", "Flag", "Transportation", "Housing", "Language")}[section]
    env = bridged_env()
    os.makedirs(os.path.join(data_dir, "config"), exist_ok=True)
    with open(os.path.join(data_dir, "config", "settings.json"), "w") as settings:
        settings.write('{"lastSection": "%s", "windowWidth": 900, "windowHeight": 700}' % section)
    seen_online = []
    for round, extra in enumerate([[], ["--backend", "http://127.0.0.1:9/"]]):
        proc, app = launch(binary, data_dir, env, extra)
        try:
            if app is None:
                return 1
            names = named_items(app, prefixes, time.monotonic() + 20)
            if not names:
                print("round", round, "no items read")
                return 1
            if round == 0:
                # Let the saves that follow the first screen finish.
                time.sleep(1)
                seen_online = names
                continue
            deadline = time.monotonic() + 10
            banner = []
            while not banner and time.monotonic() < deadline:
                all_names = [name for _, name in walk(app) if name]
                banner = [name for name in all_names if name.startswith("Offline. Showing what was saved at ")]
                time.sleep(0.1)
            # A video's length joins its name once its poster is read, which needs the server.
            strip = lambda name: name.split(",")[0]
            common = sorted(set(map(strip, names)) & set(map(strip, seen_online)))
            print("online:", len(seen_online), "offline:", len(names), "read in both:", len(common))
            for name in banner:
                print("banner:", name)
            # A page that failed says so in its place; only the whole section must not be an error.
            errors = [name for _, name in walk(app)
                      if name in ("Messages could not be loaded", "The feed could not be loaded", "The facts could not be loaded")]
            for name in errors:
                print("error:", name)
            return 0 if common and banner and not errors else 1
        finally:
            stop(proc)
    return 1


def russian(binary, data_dir, items):
    """The app in Russian, as a Russian user starts it, on a gallery of `items` items."""
    env = bridged_env(LANGUAGE="ru", LC_ALL="C.UTF-8")
    os.makedirs(os.path.join(data_dir, "config"), exist_ok=True)
    os.makedirs(os.path.join(data_dir, "data"), exist_ok=True)
    with open(os.path.join(data_dir, "config", "settings.json"), "w") as settings:
        settings.write('{"lastSection": "gallery", "windowWidth": 900, "windowHeight": 700}')
    with open(os.path.join(data_dir, "data", "gallery.json"), "w") as gallery:
        rows = ['{"uuid": "00000000-0000-4000-8000-%012d", "imageUrlString": "http://127.0.0.1:9/%d.png"}' % (n, n)
                for n in range(items)]
        gallery.write('{"items": [%s]}' % ", ".join(rows))
    proc, app = launch(binary, data_dir, env)
    try:
        if app is None:
            return 1
        deadline = time.monotonic() + 20
        wanted = ["Галерея", "Лента", "Люди", "Сообщения", "Факты", "Добро пожаловать в Tessera"]
        while True:
            nodes = walk(app)
            names = {name for _, name in nodes}
            missing = [name for name in wanted if name not in names]
            grid = [name for name in names if name.startswith("Галерея, ")]
            if not missing and grid:
                break
            if time.monotonic() > deadline:
                print("missing:", missing, "grid:", grid)
                break
            time.sleep(0.1)  # the window, the gallery and the welcome come in over the bus
        print_names(nodes)
        return 0
    finally:
        stop(proc)


def extents(node):
    box = node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    return box.x, box.y, box.width, box.height


def panes(binary, data_dir, section):
    """The app on `section` in a wide window with a detail reopened from the last launch's
    settings: the list and the pane, where a screen reader's user (or a magnifier) finds them."""
    env = bridged_env()
    os.makedirs(os.path.join(data_dir, "config"), exist_ok=True)
    detail = {"people": "4", "messages": "server 3"}[section]
    with open(os.path.join(data_dir, "config", "settings.json"), "w") as settings:
        settings.write('{"lastSection": "%s", "windowWidth": 1400, "windowHeight": 900, "openDetails": {"%s": "%s"}}'
                       % (section, section, detail))
    # Only the editor's entry or the message's delete button says the detail is in the pane.
    shown = {"people": lambda node: node.getRoleName() == "text" and node.name == "Name",
             "messages": lambda node: node.getRoleName() == "push button" and node.name == "Delete message"}[section]
    list_name = {"people": "People", "messages": "Messages"}[section]
    proc, app = launch(binary, data_dir, env)
    try:
        if app is None:
            return 1
        deadline = time.monotonic() + 20
        placed = None
        while True:
            frame = find_node(app, lambda node: node.getRoleName() == "frame" and node.name == "Tessera")
            pane = find_node(app, lambda node: node.name == "Details")
            listing = find_node(app, lambda node: node.name == list_name and node.getRoleName() not in ("label", "list item"))
            inside = pane is not None and find_node(pane, shown) is not None
            # Placed on the screen (an unallocated widget reports 1 x 1 at -2^31), and the same at
            # two readings in a row: the detail may still be moving from a page into the pane.
            box = extents(pane) if inside else None
            if frame is not None and listing is not None and box is not None and box[0] >= 0 and box[2] > 1:
                if box == placed:
                    break
                placed = box
            else:
                placed = None
            if time.monotonic() > deadline:
                print("frame:", frame is not None, "list:", listing is not None, "pane with its detail:", inside)
                return 1
            time.sleep(0.1)  # the window, the list and the reopened detail come in over the bus
        # The list is as tall as its rows; what shows of it is its scrolled window.
        while listing.getRoleName() != "scroll pane" and listing.parent is not None:
            listing = listing.parent
        for name, node in [("frame", frame), ("list", listing), ("pane", pane)]:
            print("extents %s: %d %d %d %d (%s)" % ((name,) + extents(node) + (node.getRoleName(),)))
        print_names(walk(pane), "pane ")
        return 0
    finally:
        stop(proc)


def read(binary, data_dir, prefix):
    """Starts the app and prints "read: NAME" for the first accessible name starting with `prefix`
    (a notice's text, say), or every name when none comes."""
    proc, app = launch(binary, data_dir, bridged_env())
    try:
        if app is None:
            return 1
        found = named_items(app, (prefix,), time.monotonic() + 30)
        if found:
            print("read:", found[0])
            return 0
        print_names(walk(app))
        return 1
    finally:
        stop(proc)


def context_switches(pid):
    """Each thread's name and its context switches so far (a thread wakes, runs, sleeps: one)."""
    counts = {}
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{tid}/comm") as comm:
                name = comm.read().strip()
            with open(f"/proc/{pid}/task/{tid}/status") as status:
                fields = dict(line.split(":", 1) for line in status if ":" in line)
            counts[tid] = (name, int(fields["voluntary_ctxt_switches"]) + int(fields["nonvoluntary_ctxt_switches"]))
        except (FileNotFoundError, ProcessLookupError, KeyError):
            continue  # a thread that ended meanwhile
    return counts


def idle(binary, data_dir, seconds):
    shows = {"Gallery": ("Item 1 of ",), "Feed": ("Image post ", "Video post "), "People": ("Adam, avatar loaded",),
             "Messages": ("Message 1: ",), "Facts": ("Beavers",)}
    proc, app = launch(binary, data_dir, bridged_env())
    try:
        if app is None:
            return 1
        for section, prefixes in shows.items():
            deadline = time.monotonic() + 30
            row = None
            while row is None and time.monotonic() < deadline:
                row = find_node(app, lambda node: node.getRoleName() == "list item" and node.name == section)
                if row is None:
                    time.sleep(0.1)  # the window's widgets are still being built
            if row is None:
                print("no sidebar row for", section)
                return 1
            row.parent.querySelection().selectChild(row.getIndexInParent())
            if not named_items(app, prefixes, time.monotonic() + 60):
                print(section, "never showed its items; read:", sorted({name for _, name in walk(app) if name})[:80])
                return 1
        # What the last screens asked for (saves, avatars, posters) finishes; then nothing happens.
        time.sleep(3)
        before = context_switches(proc.pid)
        time.sleep(seconds)
        after = context_switches(proc.pid)
        woke = {tid: (name, count - before.get(tid, (name, 0))[1]) for tid, (name, count) in after.items()}
        total = sum(count for _, count in woke.values())
        print("wakeups per second: %.2f" % (total / seconds))
        for name, count in sorted(woke.values(), key=lambda item: -item[1]):
            if count:
                print("thread %s: %d" % (name, count))
        return 0
    finally:
        stop(proc)


def wait_for(what, find, seconds=20):
    """What `find()` returns once it is not None, polled over the bus; None after `seconds`."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = find()
        if found is not None:
            return found
        time.sleep(0.1)  # the app answers over the bus; AT-SPI has no "this appeared" wait here
    print("never read:", what)
    return None


def open_preferences(app):
    """Opens Preferences from the primary menu, as Orca's user does; its "Facts address" entry."""
    menu = wait_for("the Main Menu button",
                    lambda: find_node(app, lambda n: n.getRoleName() == "toggle button" and n.name == "Main Menu"))
    if menu is None:
        return None
    menu.queryAction().doAction(0)
    item = wait_for("the Preferences item", lambda: find_node(
        app, lambda n: n.name == "Preferences" and n.getRoleName() != "frame" and "Action" in n.get_interfaces()))
    if item is None:
        return None
    item.queryAction().doAction(0)
    return wait_for("the Facts address entry",
                    lambda: find_node(app, lambda n: n.getRoleName() == "text" and n.name == "Facts address"))


def preferences(binary, data_dir, address):
    env = bridged_env()
    os.makedirs(os.path.join(data_dir, "config"), exist_ok=True)
    settings_file = os.path.join(data_dir, "config", "settings.json")
    with open(settings_file, "w") as settings:
        settings.write('{"lastSection": "facts", "windowWidth": 900, "windowHeight": 700}')
    proc, app = launch(binary, data_dir, env)
    try:
        if app is None or not named_items(app, ("Beavers",), time.monotonic() + 30):
            print("Facts never showed its cards")
            return 1
        entry = open_preferences(app)
        if entry is None:
            return 1
        window = entry
        while window.parent is not None and window.getRoleName() not in ("frame", "dialog"):
            window = window.parent
        print(f"window: {window.getRoleName()}: {window.name}")
        # Used at once, as GNOME's preferences are: no Apply button, the address entered.
        apply = find_node(window, lambda n: n.getRoleName() == "push button" and n.name == "Apply")
        print("apply button:", "none" if apply is None else "shown")
        entry.queryEditableText().setTextContents("example")
        problem = wait_for("the problem", lambda: find_node(window, lambda n: (n.name or "").startswith("“example”")))
        if problem is None:
            return 1
        print(f"problem: {problem.name}")
        print(f"entry description: {entry.description}")
        entry.queryEditableText().setTextContents(address)
        actions = entry.queryAction()
        activate = next((i for i in range(actions.nActions) if actions.getName(i) == "activate"), None)
        if activate is None:
            print("the entry has no activate action")
            return 1
        actions.doAction(activate)
        # The cards from the built-in backend go; Facts says what the new address gave.
        failure = wait_for("Facts from the new address", lambda: None if any(name.startswith("Beavers") for _, name in walk(app)) else find_node(
            app, lambda n: n.name == "The facts could not be loaded"))
        if failure is None:
            print_names(walk(app))
            return 1
        print(f"facts: {failure.name}")
        saved = wait_for("the address saved", lambda: (lambda text: text if address in text else None)(
            open(settings_file).read()))
        if saved is None:
            return 1
        print("saved:", " ".join(line.strip() for line in saved.splitlines() if address in line))
    finally:
        stop(proc)
    proc, app = launch(binary, data_dir, env)
    try:
        entry = open_preferences(app) if app is not None else None
        if entry is None:
            return 1
        print("facts address:", entry.queryText().getText(0, -1))
        return 0
    finally:
        stop(proc)


def search_provider(method, *arguments):
    """Calls Tessera's GNOME Shell search provider as the Shell does; gdbus's printed answer, or
    "error: ..." when the call failed."""
    result = subprocess.run(["gdbus", "call", "--session", "--dest", "dev.tessera.Tessera",
                             "--object-path", "/dev/tessera/Tessera/SearchProvider",
                             "--method", "org.gnome.Shell.SearchProvider2." + method, *arguments],
                            capture_output=True, text=True, timeout=60)
    if result.returncode != 0:
        return "error: " + result.stderr.strip()
    return result.stdout.strip()


def tessera_windows():
    """The windows (AT-SPI children) of every application named dev.tessera.Tessera."""
    desktop = pyatspi.Registry.getDesktop(0)
    counts = []
    for i in range(desktop.childCount):
        app = desktop.getChildAtIndex(i)
        if app is not None and app.name == "dev.tessera.Tessera":
            counts.append(app.childCount)
    return counts


def shell_search(data_dir):
    """GNOME Shell's search, Tessera not running: the session bus starts it through the service
    file it finds under XDG_DATA_DIRS (which the caller set, with the app's XDG folders, for the
    whole session). Prints each answer as "NAME: ANSWER"; the windows the app had while it only
    answered ("windows while searching: [...]"); then activates the second result and prints the
    editor's entry once the window shows it ("editor: NAME"), waits for the people's avatars and
    prints the first result's meta again ("metas with avatar: ...")."""
    pyatspi.Registry.getDesktop(0).childCount
    initial = search_provider("GetInitialResultSet", "['ma']")
    print("initial:", initial)
    if initial.startswith("error"):
        return 1
    found = [item.strip(" '") for item in initial.strip("()[],").split(",") if item.strip(" '")]
    print("subsearch:", search_provider("GetSubsearchResultSet", str(found), "['mar']"))
    print("metas:", search_provider("GetResultMetas", str(found)))
    print("nothing:", search_provider("GetInitialResultSet", "['zzz']"))
    print("windows while searching:", tessera_windows())
    print("activate:", search_provider("ActivateResult", repr(found[1]), "['mar']", "0"))
    deadline = time.monotonic() + 30
    app = None
    while app is None and time.monotonic() < deadline:
        desktop = pyatspi.Registry.getDesktop(0)
        for i in range(desktop.childCount):
            candidate = desktop.getChildAtIndex(i)
            if candidate is not None and candidate.name == "dev.tessera.Tessera" and candidate.childCount > 0:
                app = candidate
        if app is None:
            time.sleep(0.1)  # the window is being made
    if app is None:
        print("no window after the activation")
        return 1
    editor = None
    while editor is None and time.monotonic() < deadline:
        entry = find_node(app, lambda node: node.getRoleName() == "text" and node.name == "Name")
        if entry is not None:
            text = entry.queryText().getText(0, -1)
            editor = text if text else None
        if editor is None:
            time.sleep(0.1)  # the editor is pushed once the people are read
    print("editor:", editor)
    print("frames:", [name for role, name in walk(app) if role == "frame"])
    # The window started the backend and the rows in view fetch their avatars.
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and not named_items(app, ("Mark, avatar loaded",), time.monotonic() + 1):
        pass
    print("metas with avatar:", search_provider("GetResultMetas", str(found[:1])))
    return 0


def composer_text(app, deadline):
    """The chat composer's entry ("Message") and its text, once it is there; (None, None) after
    `deadline`."""
    while time.monotonic() < deadline:
        entry = find_node(app, lambda node: node.getRoleName() == "text" and node.name == "Message")
        if entry is not None:
            return entry, entry.queryText().getText(0, -1)
        time.sleep(0.1)  # the chat is being built
    return None, None


def stored_draft(data_dir):
    """The draft in the app's database, read as another program would (read-only); None if none."""
    import sqlite3
    path = os.path.join(data_dir, "data", "tessera.sqlite")
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5) as db:
            row = db.execute("SELECT text FROM draft").fetchone()
            return row[0] if row else None
    except sqlite3.Error:
        return None  # not made yet


def close_welcome(app):
    """The first launch greets the user in a modal dialog once the people are stored, whichever
    section shows: keys would go to it. Its Start button closes it, as a person would. False when
    it never came."""
    def start_button(node):
        return node.getRoleName() == "push button" and node.name == "Start"
    deadline = time.monotonic() + 20
    start = None
    while start is None and time.monotonic() < deadline:
        start = find_node(app, start_button)
        if start is None:
            time.sleep(0.1)  # the people are being stored
    if start is None:
        return False
    start.queryAction().doAction(0)
    while find_node(app, start_button) is not None:
        time.sleep(0.1)  # the dialog is going
    return True


def focus_for_keys(proc, node):
    """Focuses the app's window (as the window manager would) and gives `node` the keyboard focus
    through AT-SPI, as a screen reader user does; waits until it reports the focus."""
    windows = subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--pid", str(proc.pid)],
                             capture_output=True, text=True, timeout=30).stdout.split()
    subprocess.run(["xdotool", "windowfocus", "--sync", windows[-1]], timeout=30)
    node.queryComponent().grabFocus()
    deadline = time.monotonic() + 10
    while not node.getState().contains(pyatspi.STATE_FOCUSED) and time.monotonic() < deadline:
        time.sleep(0.05)  # keys typed before the node has the focus would go elsewhere


def killed_draft(binary, data_dir, text):
    """Types `text` into the chat's composer with real keys (xdotool), waits until the draft is in
    the database, kills the app with SIGKILL, starts it again and prints what the composer holds
    then ("draft after the kill: TEXT") and where its caret is ("caret: N")."""
    import signal
    os.makedirs(os.path.join(data_dir, "config"), exist_ok=True)
    with open(os.path.join(data_dir, "config", "settings.json"), "w") as settings:
        settings.write('{"lastSection": "messages", "windowWidth": 900, "windowHeight": 700}')
    proc, app = launch(binary, data_dir, bridged_env())
    if app is None:
        return 1
    entry, _ = composer_text(app, time.monotonic() + 30)
    if entry is None:
        print("no composer")
        stop(proc)
        return 1
    if not close_welcome(app):
        print("no welcome")
        stop(proc)
        return 1
    focus_for_keys(proc, entry)
    subprocess.run(["xdotool", "type", "--delay", "30", text], timeout=60)
    deadline = time.monotonic() + 15
    while stored_draft(data_dir) != text and time.monotonic() < deadline:
        time.sleep(0.1)  # the draft is written within a second of the last key
    print("stored before the kill:", stored_draft(data_dir))
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=10)
    print("killed:", proc.returncode)
    proc, app = launch(binary, data_dir, bridged_env())
    try:
        if app is None:
            return 1
        deadline = time.monotonic() + 30
        entry, shown = composer_text(app, deadline)
        while entry is not None and shown != text and time.monotonic() < deadline:
            time.sleep(0.1)  # the draft is read after the chat shows
            shown = entry.queryText().getText(0, -1)
        print("draft after the kill:", shown)
        print("caret:", entry.queryText().caretOffset if entry is not None else None)
        return 0
    finally:
        stop(proc)


def showing_items(app, section):
    """The names of the items a person sees in SECTION now: people's rows, or facts' cards."""
    def wanted(node):
        try:
            name = node.name or ""
            if section == "people":
                if node.getRoleName() != "list item" or not name.endswith((", avatar loaded", ", avatar loading")):
                    return False
            elif ": " not in name or node.getRoleName() in ("label", "text", "frame"):
                return False
            states = node.getState()
            return states.contains(pyatspi.STATE_SHOWING) and states.contains(pyatspi.STATE_VISIBLE)
        except Exception:  # a node can vanish while we read it
            return False
    found = []

    def visit(node, depth=0):
        if node is None or depth > 40:
            return
        if wanted(node):
            found.append(node.name)
        try:
            for i in range(node.childCount):
                visit(node.getChildAtIndex(i), depth + 1)
        except Exception:
            pass
    visit(app)
    return sorted(set(found))


def settled_items(app, section, before, deadline):
    """The items shown once they differ from `before` and stay the same for half a second."""
    last, since = None, time.monotonic()
    while time.monotonic() < deadline:
        now = showing_items(app, section)
        if now != last:
            last, since = now, time.monotonic()
        elif now != before and time.monotonic() - since >= 0.5:
            return now
        time.sleep(0.1)  # the list filters as keys come; the facts' filter runs off the main thread
    return last


def type_search(binary, data_dir, section, text):
    """Opens SECTION (people or facts), gives its first item the focus as a screen reader user
    does (through AT-SPI), types TEXT with real keys (xdotool) and prints the items shown then
    ("shown: NAME"), once they settle; then presses Escape and prints how many show again
    ("after escape: N", with "before: N" at the start)."""
    os.makedirs(os.path.join(data_dir, "config"), exist_ok=True)
    with open(os.path.join(data_dir, "config", "settings.json"), "w") as settings:
        settings.write('{"lastSection": "%s", "windowWidth": 1000, "windowHeight": 700}' % section)
    proc, app = launch(binary, data_dir, bridged_env())
    try:
        if app is None:
            return 1
        close_welcome(app)
        deadline = time.monotonic() + 30
        before = settled_items(app, section, [], deadline)
        print("before:", len(before))
        first = find_node(app, lambda node: (node.name or "") == before[0]) if before else None
        if first is None:
            print("no items")
            return 1
        windows = subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--pid", str(proc.pid)],
                                 capture_output=True, text=True, timeout=30).stdout.split()
        subprocess.run(["xdotool", "windowfocus", "--sync", windows[0]], timeout=30)
        first.queryComponent().grabFocus()
        while not first.getState().contains(pyatspi.STATE_FOCUSED) and time.monotonic() < deadline:
            time.sleep(0.05)  # keys typed before the item has the focus would go elsewhere
        subprocess.run(["xdotool", "type", "--delay", "40", text], timeout=60)
        found = settled_items(app, section, before, time.monotonic() + 20)
        for name in found:
            print("shown:", name)
        subprocess.run(["xdotool", "key", "Escape"], timeout=30)
        print("after escape:", len(settled_items(app, section, found, time.monotonic() + 20)))
        return 0
    finally:
        stop(proc)


def every_extent(binary, data_dir, text):
    """Sends TEXT (a message with links) from the chat's composer with real keys, then opens each
    section through the sidebar and a feed post in the viewer, and asks every accessible of each
    screen where it is on screen, as Orca's review and the magnifier do (Component.GetExtents,
    asked of every node under the application, whatever interfaces it lists: the application
    itself is the process, with no place on screen). Prints "nodes asked: N", each link found as
    "link in LABEL: X Y W H, inside its label" (or outside: its label's text), then each GTK
    critical or warning the app logged as "logged: LINE" and "criticals: N"."""
    from gi.repository import Atspi
    shows = {"Gallery": ("Item 1 of ",), "Feed": ("Image post ", "Video post "), "People": ("Adam, avatar",),
             "Messages": ("Your message: ",), "Facts": ("Beavers",)}
    os.makedirs(os.path.join(data_dir, "config"), exist_ok=True)
    with open(os.path.join(data_dir, "config", "settings.json"), "w") as settings:
        settings.write('{"lastSection": "messages", "windowWidth": 1000, "windowHeight": 700}')
    proc, app = launch(binary, data_dir, bridged_env())
    asked = [0]
    links = set()

    def ask_all(node, depth=0):
        if node is None or depth > 40:
            return
        try:
            if depth > 0:
                box = Atspi.Component.get_extents(node, Atspi.CoordType.SCREEN)
                asked[0] += 1
                if node.getRoleName() == "link" and node.parent is not None:
                    # Where the label's whole text is, as its AtkText says (a label in a hidden
                    # page says nothing of its own place, as GTK has it, but its text's place).
                    label = node.parent
                    outer = Atspi.Text.get_range_extents(label, 0, Atspi.Text.get_character_count(label), Atspi.CoordType.SCREEN)
                    inside = box.width > 0 and box.height > 0 and outer.x <= box.x and outer.y <= box.y \
                        and box.x + box.width <= outer.x + outer.width and box.y + box.height <= outer.y + outer.height
                    links.add((label.name, box.x, box.y, box.width, box.height, inside))
            for i in range(node.childCount):
                ask_all(node.getChildAtIndex(i), depth + 1)
        except Exception:  # a node can vanish while we read it
            pass
    try:
        if app is None:
            return 1
        entry, _ = composer_text(app, time.monotonic() + 30)
        if entry is None or not close_welcome(app):
            print("no composer, or no welcome")
            return 1
        focus_for_keys(proc, entry)
        subprocess.run(["xdotool", "type", "--delay", "20", text], timeout=60)
        subprocess.run(["xdotool", "key", "Return"], timeout=30)
        for section, prefixes in shows.items():
            row = wait_for(section + "'s sidebar row",
                           lambda: find_node(app, lambda node: node.getRoleName() == "list item" and node.name == section))
            if row is None:
                return 1
            row.parent.querySelection().selectChild(row.getIndexInParent())
            if not named_items(app, prefixes, time.monotonic() + 60):
                print(section, "never showed its items")
                return 1
            ask_all(app)
            if section == "Feed":
                post = find_node(app, lambda node: (node.name or "").startswith("Image post "))
                focus_for_keys(proc, post)
                subprocess.run(["xdotool", "key", "Return"], timeout=30)
                if wait_for("the viewer", lambda: find_node(app, lambda node: (node.name or "") == "Zoom In")) is None:
                    return 1
                ask_all(app)
                subprocess.run(["xdotool", "key", "Escape"], timeout=30)
        print("nodes asked:", asked[0])
        for label, x, y, width, height, inside in sorted(links):
            print("link in %r: %d %d %d %d, %s" % (label, x, y, width, height, "inside its label" if inside else "outside its label"))
    finally:
        stop(proc)
    with open(os.path.join(data_dir, "tessera-stderr.log")) as log:
        logged = [line.rstrip() for line in log if "CRITICAL" in line or "WARNING" in line]
    for line in logged:
        print("logged:", line)
    print("criticals:", sum("CRITICAL" in line for line in logged))
    return 0


def notifications(binary, data_dir):
    """The chat's desktop notifications, told to notifications-stand-in.py on this session bus. The
    app opens on the chat, asking for new messages every 5 s; messages are made to come through the
    test server's POST /arrive: one while the chat is in use, one while Gallery shows, then 50.
    Prints each notification heard ("notify: REPLACES SUMMARY|BODY"); "withdrawn" once the app took
    it back as the chat was read at its newest; then one more comes and is clicked: the row it
    shows ("shown: NAME") and the section then ("section: NAME")."""
    import queue
    import threading
    import urllib.request
    backend = os.environ["TESSERA_BACKEND"].rstrip("/")

    def arrive(count):
        request = urllib.request.Request(f"{backend}/arrive?count={count}", method="POST")
        urllib.request.urlopen(request, timeout=10).read()

    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "notifications-stand-in.py")
    stand_in = subprocess.Popen([sys.executable, script], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    if stand_in.stdout.readline().strip() != "ready":
        print("no notification server")
        return 1
    heard = queue.Queue()
    threading.Thread(target=lambda: [heard.put(line.strip()) for line in stand_in.stdout], daemon=True).start()

    def next_heard(what):
        try:
            return heard.get(timeout=60)
        except queue.Empty:
            print("never heard:", what)
            return None

    def row_with(text):
        return find_node(app, lambda node: (node.name or "").startswith(("Message ", "New messages. Message ")) and text in node.name)

    # The default profile, in folders of the probe's own: a --data-dir profile is not unique, and
    # GApplication sends notifications only for an application that owns its name on the bus.
    folders = {name: os.path.join(data_dir, name.lower()) for name in
               ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME")}
    os.makedirs(os.path.join(folders["XDG_CONFIG_HOME"], "tessera"), exist_ok=True)
    with open(os.path.join(folders["XDG_CONFIG_HOME"], "tessera", "settings.json"), "w") as settings:
        settings.write('{"lastSection": "messages", "windowWidth": 900, "windowHeight": 700, "chatPollSeconds": 5}')
    log = open(os.path.join(data_dir, "tessera-stderr.log"), "a+")
    proc = subprocess.Popen([binary], env=bridged_env(**folders), stderr=log)
    app, _ = find_app("dev.tessera.Tessera", time.monotonic() + 30, proc)
    try:
        entry, _ = composer_text(app, time.monotonic() + 30) if app is not None else (None, None)
        if entry is None or not close_welcome(app):
            print("no chat, or no welcome; the app said:", open(log.name).read()[-2000:])
            return 1
        focus_for_keys(proc, entry)
        arrive(1)
        if wait_for("the message that came while the chat was in use", lambda: row_with("A new message (1)"), 60) is None:
            return 1
        def show_section(name, prefixes):
            # The sidebar's rows are renamed as unread counts change: read again until one answers.
            row = wait_for(f"the sidebar's {name} row", lambda: find_node(
                app, lambda node: node.getRoleName() == "list item" and (node.name or "").startswith(name)), 30)
            if row is None:
                return False
            row.parent.querySelection().selectChild(row.getIndexInParent())
            return wait_for(name, lambda: named_items(app, prefixes, time.monotonic() + 1) or None, 30) is not None

        def notified(what):
            line = next_heard(what)
            if line is None or not line.startswith("notify "):
                print("heard:", line)
                return None
            number, rest = line[len("notify "):].split(" ", 1)
            print("notify:", rest, flush=True)
            return number

        # Whatever is heard comes in order: a notification of the first message would come first.
        if not show_section("Gallery", ("Item 1 of ",)):
            return 1
        arrive(1)
        number = notified("a notification")
        arrive(50)
        if number is None or notified("the flood's notification") is None:
            return 1
        # Read in the chat, at its newest: the notification is taken back.
        if not show_section("Messages", ("Message ", "New messages. ")):
            return 1
        focus_for_keys(proc, entry)
        subprocess.run(["xdotool", "key", "ctrl+End"], timeout=30)
        line = next_heard("the notification taken back")
        print("withdrawn" if line == f"close {number}" else f"heard: {line}", flush=True)
        # Elsewhere again, one more, clicked: the chat shows it.
        if not show_section("Gallery", ("Item 1 of ",)):
            return 1
        arrive(1)
        number = notified("the last notification")
        if number is None:
            return 1
        stand_in.stdin.write(f"invoke {number}\n")
        stand_in.stdin.flush()
        if wait_for("the message clicked, shown", lambda: (lambda row: row if row is not None and
                    row.getState().contains(pyatspi.STATE_SHOWING) else None)(row_with("A new message (53)")), 30) is None:
            return 1
        print("shown:", row_with("A new message (53)").name)
        selected = find_node(app, lambda node: node.getRoleName() == "list item" and node.getState().contains(pyatspi.STATE_SELECTED)
                             and (node.name or "").startswith(tuple(EXPECTED_SECTIONS)))
        print("section:", selected.name if selected is not None else None)
        return 0
    finally:
        stop(proc)
        stand_in.stdin.close()
        stand_in.wait(timeout=10)


def main():
    binary, data_dir = sys.argv[1], sys.argv[2]
    if "--notifications" in sys.argv[3:]:
        return notifications(binary, data_dir)
    if "--every-extent" in sys.argv[3:]:
        return every_extent(binary, data_dir, sys.argv[sys.argv.index("--every-extent") + 1])
    if "--type-search" in sys.argv[3:]:
        at = sys.argv.index("--type-search")
        return type_search(binary, data_dir, sys.argv[at + 1], sys.argv[at + 2])
    if "--killed-draft" in sys.argv[3:]:
        return killed_draft(binary, data_dir, sys.argv[sys.argv.index("--killed-draft") + 1])
    if "--shell-search" in sys.argv[3:]:
        return shell_search(data_dir)
    if "--idle" in sys.argv[3:]:
        return idle(binary, data_dir, int(sys.argv[sys.argv.index("--idle") + 1]))
    if "--read" in sys.argv[3:]:
        return read(binary, data_dir, sys.argv[sys.argv.index("--read") + 1])
    if "--russian" in sys.argv[3:]:
        return russian(binary, data_dir, int(sys.argv[sys.argv.index("--russian") + 1]))
    if "--preferences" in sys.argv[3:]:
        return preferences(binary, data_dir, sys.argv[sys.argv.index("--preferences") + 1])
    if "--panes" in sys.argv[3:]:
        return panes(binary, data_dir, sys.argv[sys.argv.index("--panes") + 1])
    second_launch = "--second-launch" in sys.argv[3:]
    messages = "--messages" in sys.argv[3:]
    if "--offline" in sys.argv[3:]:
        return offline(binary, data_dir, sys.argv[sys.argv.index("--offline") + 1])
    env = bridged_env()
    if second_launch:
        for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"):
            env[var] = os.path.join(data_dir, var.lower())
        command = [binary]
    else:
        command = [binary, "--data-dir", data_dir]
    if messages:
        os.makedirs(os.path.join(data_dir, "config"), exist_ok=True)
        with open(os.path.join(data_dir, "config", "settings.json"), "w") as settings:
            settings.write('{"lastSection": "messages", "windowWidth": 900, "windowHeight": 700}')
    log = open(os.path.join(data_dir, "tessera-stderr.log"), "w+") if os.path.isdir(data_dir) else None
    if log is None:
        os.makedirs(data_dir, exist_ok=True)
        log = open(os.path.join(data_dir, "tessera-stderr.log"), "w+")
    # Bring the accessibility bus and registry up first, as a desktop session does before any app
    # starts; an app that starts first may give up on a bus that is still being activated.
    pyatspi.Registry.getDesktop(0).childCount
    proc = subprocess.Popen(command, env=env, stderr=log)
    try:
        app, seen = find_app("dev.tessera.Tessera", time.monotonic() + 30, proc)
        if app is None:
            log.seek(0)
            print("Tessera never appeared on the AT-SPI bus; running:", proc.poll() is None,
                  "exit code:", proc.poll(), "applications seen:", sorted(seen))
            print("tessera's stderr:", log.read()[-2000:])
            return 1
        deadline = time.monotonic() + 10
        while True:
            nodes = walk(app)
            frames = [name for role, name in nodes if role == "frame"]
            names = {name for _, name in nodes}
            missing = [s for s in EXPECTED_SECTIONS if s not in names]
            if "Tessera" in frames and not missing:
                break
            if time.monotonic() > deadline:
                print("frames:", frames, "missing sections:", missing)
                return 1
            time.sleep(0.1)
        if messages:
            deadline = time.monotonic() + 20
            while not any(name.startswith("Message 1: ") for _, name in nodes):
                if time.monotonic() > deadline:
                    print("no row for message 1 among:", sorted({name for _, name in nodes if name}))
                    return 1
                time.sleep(0.1)  # the chat's first page comes from the built-in server
                nodes = walk(app)
        print_names(nodes)
        if messages:
            return focus_newest_message(app)
        if second_launch:
            view = sys.argv[sys.argv.index("--view") + 1] if "--view" in sys.argv[3:] else None
            second = subprocess.run(command + (["--view", view] if view else []), env=env, timeout=20)
            if second.returncode != 0:
                print("the second launch failed:", second.returncode)
                return 1
            frames = [name for role, name in walk(app) if role == "frame"]
            if proc.poll() is not None or frames != ["Tessera"]:
                print("after a second launch: first running =", proc.poll() is None, "frames =", frames)
                return 1
            if view:
                name = os.path.basename(view)
                if wait_for("the picture's name", lambda: name if any(n == name for _, n in walk(app)) else None) is None:
                    return 1
                print("the running instance shows", name)
            print("second launch handed over to the running instance")
        return 0
    finally:
        stop(proc)


if __name__ == "__main__":
    sys.exit(main())
