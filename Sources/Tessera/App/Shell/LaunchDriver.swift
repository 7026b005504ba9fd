/// Drives a launch for screenshots or reports (`tessera-automated`) through the public interface.
@MainActor
public protocol LaunchDriver: AnyObject {
    /// The main window is built and about to be presented.
    func prepare(_ main: MainWindow)
    /// The main window is presented: the driver's work starts.
    func start(_ app: TesseraApp, in main: MainWindow)
    /// The app is shutting down.
    func stop()
    /// The launch's exit status: 1 when what was asked for could not be done.
    var exitStatus: Int32 { get }
}
