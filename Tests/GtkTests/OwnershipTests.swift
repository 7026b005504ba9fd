import CGtk
@testable import Gtk
import XCTest

/// Rule 3: wrappers own one reference, handler boxes are released by GLib's destroy notify only.
final class OwnershipTests: GtkTestCase {
    func testWrapperSinksTheFloatingReference() {
        onMain {
            let label = Label("floating at birth")
            XCTAssertEqual(tessera_object_is_floating(label.raw), 0)
            XCTAssertEqual(tessera_object_ref_count(label.raw), 1)
        }
    }

    func testReleasingTheWrapperFinalizesTheWidget() {
        onMain {
            var finalized = 0
            do {
                let label = Label("short-lived")
                label.onFinalize { finalized += 1 }
                XCTAssertEqual(finalized, 0)
            }
            XCTAssertTrue(GtkRuntime.iterate(until: { finalized == 1 }, timeout: .seconds(2)))
        }
    }

    func testAWidgetInAContainerLivesUntilTheContainerGoes() {
        onMain {
            var finalized = 0
            let box = Box(.vertical)
            do {
                let child = Label("child")
                child.onFinalize { finalized += 1 }
                box.append(child)
            }
            GtkRuntime.drainPendingEvents()
            XCTAssertEqual(finalized, 0, "the container still holds the child")
            XCTAssertEqual(box.childCount, 1)
            box.destroy()
            XCTAssertEqual(finalized, 1)
        }
    }

    func testDestroyingTheWidgetFreesItsHandlerBoxes() {
        onMain {
            weak var watched: Sentinel?
            let button = Button(label: "Press")
            do {
                let sentinel = Sentinel()
                watched = sentinel
                button.onClicked { _ = sentinel }
            }
            XCTAssertNotNil(watched, "the handler's box keeps its closure alive")
            button.destroy()
            XCTAssertNil(watched, "destroy runs the destroy notify, which frees the box")
        }
    }

    func testDisconnectingFreesTheBoxAtOnce() {
        onMain {
            weak var watched: Sentinel?
            let button = Button(label: "Press")
            var clicks = 0
            let connection: SignalConnection
            do {
                let sentinel = Sentinel()
                watched = sentinel
                connection = button.onClicked { _ = sentinel; clicks += 1 }
            }
            button.click()
            XCTAssertEqual(clicks, 1)
            button.disconnect(connection)
            XCTAssertNil(watched)
            button.click()
            XCTAssertEqual(clicks, 1, "a disconnected handler never runs")
        }
    }

    func testReleasingTheWrapperDisconnectsItsHandlersEvenIfTheWidgetLivesOn() {
        onMain {
            weak var watched: Sentinel?
            let box = Box(.vertical)
            var finalized = 0
            do {
                let button = Button(label: "Inside")
                button.onFinalize { finalized += 1 }
                let sentinel = Sentinel()
                watched = sentinel
                button.onClicked { _ = sentinel }
                box.append(button)
            }
            XCTAssertTrue(GtkRuntime.iterate(until: { watched == nil }, timeout: .seconds(2)),
                          "the wrapper's handlers go with the wrapper")
            XCTAssertEqual(finalized, 0, "the container keeps the widget itself")
            box.destroy()
            XCTAssertEqual(finalized, 1)
        }
    }

    func testHandlerSeesTheWidgetStateAndWeakSelfDoesNotRetain() {
        onMain {
            @MainActor final class Owner {
                let button = Button(label: "Owned")
                var presses = 0
                init() { button.onClicked { [weak self] in self?.presses += 1 } }
            }
            var finalized = 0
            weak var weakOwner: Owner?
            do {
                let owner = Owner()
                weakOwner = owner
                owner.button.onFinalize { finalized += 1 }
                owner.button.click()
                XCTAssertEqual(owner.presses, 1)
            }
            XCTAssertTrue(GtkRuntime.iterate(until: { weakOwner == nil && finalized == 1 }, timeout: .seconds(2)),
                          "no cycle between an owner, its widget and the widget's handler")
        }
    }

    func testToplevelWindowIsDestroyedWithItsWrapper() {
        onMain {
            var finalized = 0
            do {
                let window = Window()
                window.onFinalize { finalized += 1 }
                window.showAll()
            }
            XCTAssertTrue(GtkRuntime.iterate(until: { finalized == 1 }, timeout: .seconds(2)))
        }
    }

    func testListChildrenAreCountedAndTheListFreed() {
        onMain {
            let box = Box(.horizontal)
            let labels = (0..<5).map { Label("\($0)") }
            labels.forEach { box.append($0) }
            XCTAssertEqual(box.childCount, 5)
            box.remove(labels[2])
            XCTAssertEqual(box.childCount, 4)
        }
    }
}
