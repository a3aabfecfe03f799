import MediationCore

/// Placeholder until the sandbox lands.
enum NetworkSandboxPlaceholder {}
