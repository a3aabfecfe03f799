import MediationConformance
import NetworkSandbox
import SandboxConformanceSubjects

/// The adapters `mediation conformance` checks: one ``AdapterConformanceSubject`` per built-in adapter, each
/// over its NetworkSandbox stand-in (`Sources/SandboxConformanceSubjects/`).
///
/// Only real built-in adapters are listed. The kit's own reference example
/// (`AdapterConformanceSubject.referenceExample`) is not a network adapter; its tests in
/// `Tests/MediationConformanceTests` run it through the kit.
enum BuiltInConformanceSubjects {
    /// Every built-in adapter's subject, in report order.
    static let all: [AdapterConformanceSubject] = [
        .myTargetNativeBanner,
        .googleCustomNative,
        .googleCustomNativeViewBinding,
        .tamedia,
    ]

    /// Every built-in in-stream adapter's subject, checked by ``InstreamConformanceKit``.
    static let instream: [InstreamConformanceSubject] = [
        .myTargetInstreamVideo,
        .myTargetInstreamAudio,
    ]
}
