import TAMediaAdapter

/// What the sandbox TAMedia network answers to a load (`noFill` is ``TADErrorCode/noFill``), and how it
/// delivers the answer.
public typealias SandboxTAMediaScript = SandboxScript<TADNativeAdContent, TADRequestError>

extension TADRequestError: SandboxNetworkError {
    /// TAMedia's error `code` and `message` in its own domain.
    public init(sandboxCode code: Int, message: String) {
        self.init(code: code, localizedDescription: message)
    }
}
