import MediationConformance

/// The adapters `mediation conformance` checks: one ``AdapterConformanceSubject`` per built-in adapter.
///
/// INTEGRATOR: add one description per built-in adapter here (myTarget native banner, Google custom native,
/// TAMedia; the in-stream adapters when they land), each over its NetworkSandbox stand-in. A description is
/// one value; see `AdapterConformanceSubject.referenceExample` and docs/conformance.md.
enum BuiltInConformanceSubjects {
    /// Every subject, in report order. Today only the kit's own reference example (not a real network),
    /// until the built-in adapters' descriptions are added.
    static let all: [AdapterConformanceSubject] = [
        .referenceExample
    ]
}
