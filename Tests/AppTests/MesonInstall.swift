import Foundation
import TestSupport
import XCTest

/// Tessera installed into a temporary prefix by meson (`meson.build`), as a packager installs it:
/// set up, compiled and installed from this source tree, with the executables the tests were built
/// beside (`-Dswiftpm_bin`): SwiftPM holds its build folder while the tests run, and a second
/// build of the package would cost minutes.
struct MesonInstall {
    let buildFolder: URL
    let prefix: URL

    /// The source tree: the package this test bundle was built from.
    static let sourceRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Sets up, compiles and installs into a new prefix under `folder` (outside the source tree:
    /// an installed program finds nothing of the source tree from there), the executables
    /// stripped as `make install` strips them.
    static func install(under folder: URL) throws -> MesonInstall {
        let install = MesonInstall(buildFolder: folder.appendingPathComponent("_build"), prefix: folder.appendingPathComponent("prefix"))
        let products = Self.products.path
        for step in [["setup", install.buildFolder.path, "--prefix=\(install.prefix.path)", "-Dbuildtype=debug", "-Dstrip=true", "-Dswiftpm_bin=\(products)"],
                     ["compile", "-C", install.buildFolder.path],
                     ["install", "-C", install.buildFolder.path]] {
            let result = try runProgram("meson", step, in: sourceRoot)
            guard result.status == 0 else { throw Failure(step: step.joined(separator: " "), output: result.output) }
        }
        return install
    }

    /// The folder the installed executables were copied from.
    static var products: URL { URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent() }

    func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try runProgram("meson", arguments + ["-C", buildFolder.path], in: MesonInstall.sourceRoot)
    }

    /// Every regular file under the prefix, relative to it.
    var installedFiles: [String] {
        let enumerator = FileManager.default.enumerator(at: prefix, includingPropertiesForKeys: [.isRegularFileKey])
        return (enumerator?.allObjects as? [URL] ?? []).filter {
            (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
        }.map { String($0.path.dropFirst(prefix.path.count + 1)) }.sorted()
    }

    struct Failure: Error, CustomStringConvertible {
        let step: String
        let output: String
        var description: String { "meson \(step) failed:\n\(output.suffix(3000))" }
    }
}
