import Foundation

/// What every fuzz target shares with libFuzzer: the driver call and the bytes-to-`Data` step.
public enum FuzzDriver {
    /// The input libFuzzer hands over, as `Data` (empty for a null pointer).
    public static func data(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Data {
        bytes.map { Data(bytes: $0, count: count) } ?? Data()
    }

    #if FUZZING
        /// Hands the command line and `testOneInput` to libFuzzer; call it from the target's entry point
        /// (SwiftPM names it `<Target>_main`).
        public static func run(
            argc: CInt, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
            testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
        ) -> CInt {
            var argc = argc
            var argv = argv
            return runFuzzerDriver(&argc, &argv, testOneInput)
        }
    #endif
}

#if FUZZING
    /// libFuzzer's driver (`libclang_rt.fuzzer`, linked by `-sanitize=fuzzer`).
    @_silgen_name("LLVMFuzzerRunDriver")
    private func runFuzzerDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt
#endif
