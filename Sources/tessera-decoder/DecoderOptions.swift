import SandboxedDecoding

/// The limits the app starts the helper with (`DecoderProcess.Limits`), from its arguments.
struct DecoderOptions {
    var addressSpace = DecoderProcess.Limits.default.addressSpace
    var cpuSecondsPerPicture = DecoderProcess.Limits.default.cpuSecondsPerPicture
    var maximumLength = DecoderProcess.Limits.default.maximumLength
    var niceness = DecoderProcess.Limits.default.niceness

    /// `--address-space BYTES`, `--cpu-seconds N`, `--maximum-length BYTES`, `--niceness N`; others
    /// are ignored.
    init(arguments: [String]) {
        var index = 1
        while index + 1 < arguments.count {
            let value = Int(arguments[index + 1])
            switch (arguments[index], value) {
            case ("--address-space", let value?) where value > 0: addressSpace = value
            case ("--cpu-seconds", let value?) where value > 0: cpuSecondsPerPicture = value
            case ("--maximum-length", let value?) where value > 0: maximumLength = value
            case ("--niceness", let value?) where (0...19).contains(value): niceness = value
            default: break
            }
            index += 2
        }
    }
}
