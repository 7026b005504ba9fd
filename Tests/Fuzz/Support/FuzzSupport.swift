import Glibc

/// A libFuzzer entry: one input's bytes; 0 when it was read (a crash or `fail` when not).
public typealias FuzzEntry = @convention(c) (UnsafePointer<UInt8>, Int) -> CInt

@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>,
                                 _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                                 _ entry: FuzzEntry) -> CInt

/// libFuzzer's driver with the program's arguments: SwiftPM links each target's own `main`, not libFuzzer's.
public func runFuzzer(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ entry: FuzzEntry) -> CInt {
    var argc = argc, argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv, entry)
}

/// Says why on standard error, then stops as a crash libFuzzer keeps (an optimised `fatalError` prints nothing).
public func fail(_ why: String) -> Never {
    let message = "fuzz: \(why)\n"
    _ = message.withCString { write(2, $0, strlen($0)) }
    abort()
}
