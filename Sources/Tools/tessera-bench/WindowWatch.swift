import Foundation

/// Window maps with their `_NET_WM_PID`, at once, from a small C watcher.
final class WindowWatch: @unchecked Sendable {
    static let source = """
    #include <X11/Xlib.h>
    #include <X11/Xatom.h>
    #include <stdio.h>
    #include <time.h>
    int main(void) {
        Display *display = XOpenDisplay(NULL);
        if (!display) return 1;
        Window root = DefaultRootWindow(display);
        Atom pidAtom = XInternAtom(display, "_NET_WM_PID", False);
        XSelectInput(display, root, SubstructureNotifyMask);
        XSync(display, False);
        printf("ready\\n");
        fflush(stdout);
        for (;;) {
            XEvent event;
            XNextEvent(display, &event);
            if (event.type != MapNotify) continue;
            struct timespec now;
            clock_gettime(CLOCK_MONOTONIC, &now);
            Atom type; int format; unsigned long count, after; unsigned char *data = NULL;
            if (XGetWindowProperty(display, event.xmap.window, pidAtom, 0, 1, False, XA_CARDINAL, &type, &format,
                                   &count, &after, &data) == Success && data && count == 1) {
                printf("mapped %lu %lld %lu\\n", *(unsigned long *)data,
                       (long long)now.tv_sec * 1000000000LL + now.tv_nsec, (unsigned long)event.xmap.window);
                fflush(stdout);
            }
            if (data) XFree(data);
        }
    }
    """

    private let process = Process()
    private let lock = NSLock()
    private var mapped: [Int32: (nanoseconds: Int64, window: String)] = [:]

    init(buildingIn folder: URL) throws {
        let binary = try CProgram.build(Self.source, named: "window-watch", in: folder, libraries: "-lX11")
        process.executableURL = binary
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try Interruption.run(process)
        let ready = DispatchSemaphore(value: 0)
        let reader = pipe.fileHandleForReading
        Thread.detachNewThread { [self] in
            var pending = ""
            while case let chunk = reader.availableData, !chunk.isEmpty {
                pending += String(decoding: chunk, as: UTF8.self)
                while let end = pending.firstIndex(of: "\n") {
                    let line = pending[..<end]
                    pending = String(pending[pending.index(after: end)...])
                    if line == "ready" { ready.signal(); continue }
                    let fields = line.split(separator: " ")
                    guard fields.count == 4, let pid = Int32(fields[1]), let time = Int64(fields[2]) else { continue }
                    lock.withLock { if mapped[pid] == nil { mapped[pid] = (time, String(fields[3])) } }
                }
            }
        }
        guard ready.wait(timeout: .now() + 10) == .success else { throw BenchError(description: "the window watch did not start") }
    }

    /// When `pid` first mapped a window (monotonic ns), and the window; fails after a minute.
    func firstWindow(of pid: Int32) throws -> (nanoseconds: Int64, window: String) {
        let deadline = monotonicNanoseconds() + 60_000_000_000
        while monotonicNanoseconds() < deadline {
            if let found = lock.withLock({ mapped[pid] }) { return found }
            usleep(1_000)
        }
        throw BenchError(description: "process \(pid) mapped no window within a minute")
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }
}
