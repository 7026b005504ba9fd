/// What a decoder helper may use, passed on its command line and read back by `init(arguments:)`.
public struct DecoderLimits: Sendable, Equatable {
    /// 1 GiB: the largest allowed decode with its scaled copy, libraries and threads, and room to spare.
    public var addressSpace: Int
    /// Ten seconds of CPU for each picture, three times what a 64-megapixel HEIF takes here.
    public var cpuSecondsPerPicture: Int
    /// Twenty seconds for a picture's answer, however busy the machine: past it the helper is taken for hung.
    public var deadline: Duration
    /// The pipeline's largest body (`DecodingLimits.maximumBodyBytes`).
    public var maximumLength: Int
    /// Nice 10: helpers decode below the UI, so the main loop gets the CPU when a frame is due.
    public var niceness: Int

    public init(addressSpace: Int = 1 << 30, cpuSecondsPerPicture: Int = 10, deadline: Duration = .seconds(20),
                maximumLength: Int = DecodingLimits.maximumBodyBytes, niceness: Int = 10) {
        self.addressSpace = addressSpace
        self.cpuSecondsPerPicture = cpuSecondsPerPicture
        self.deadline = deadline
        self.maximumLength = maximumLength
        self.niceness = niceness
    }

    public static let `default` = DecoderLimits()

    /// The helper's command line that says them.
    public var arguments: [String] {
        ["--address-space", String(addressSpace), "--cpu-seconds", String(cpuSecondsPerPicture),
         "--maximum-length", String(maximumLength), "--niceness", String(niceness)]
    }

    /// Reads `--address-space`, `--cpu-seconds`, `--maximum-length`, `--niceness`; ignores other words.
    public init(arguments: [String]) {
        self.init()
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
