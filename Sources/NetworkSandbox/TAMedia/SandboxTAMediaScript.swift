import TAMediaAdapter

/// What the sandbox TAMedia network answers to a load (`noFill` is ``TAMediaSDKErrorCode/noFill``), and how it
/// delivers the answer.
public typealias SandboxTAMediaScript = SandboxScript<TAMediaSDKNativeAdContent, TAMediaSDKRequestError>

extension TAMediaSDKRequestError: SandboxNetworkError {
    /// TAMedia's error `code` and `message` in its own domain.
    public init(sandboxCode code: Int, message: String) {
        self.init(code: code, localizedDescription: message)
    }
}
