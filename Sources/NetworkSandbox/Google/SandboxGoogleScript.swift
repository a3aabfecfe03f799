import GoogleCustomNativeAdapter

/// What the sandbox Google network answers to a load (`noFill` is the SDK's `GADErrorNoFill`), and how it
/// delivers the answer.
public typealias SandboxGoogleScript = SandboxScript<SandboxGoogleAdContent, GoogleSDKRequestError>

extension GoogleSDKRequestError: SandboxNetworkError {
    /// The SDK's error `code` and `message` in Google's domain.
    public init(sandboxCode code: Int, message: String) {
        self.init(domain: GoogleSDKRequestError.googleDomain, code: code, localizedDescription: message)
    }
}
