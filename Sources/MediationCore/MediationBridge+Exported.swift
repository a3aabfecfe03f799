// The adapter contract (the unified ad, the bridge protocols, errors, privacy, clocks, renderers) is its own
// module; hosts that import MediationCore see it too, as swift-nio's umbrella module re-exports its parts.
@_exported import MediationBridge
