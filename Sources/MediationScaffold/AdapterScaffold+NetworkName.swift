extension AdapterScaffold {
    /// The longest network name accepted.
    public static let maximumNameLength = 40

    /// Names whose generated types or module would clash with MediationKit's own.
    static let reservedNames: [String: String] = [
        "GoogleCustomNative": "MediationKit already has a module named GoogleCustomNativeAdapter",
        "TAMedia": "MediationKit already has a module named TAMediaAdapter",
        "Reference": "the conformance kit's reference example already uses the Reference… type names",
        "Mediation": "Mediation… type names clash with MediationKit's own",
    ]

    /// Checks that `name` can prefix Swift type names and name a module: an upper-case ASCII letter, then
    /// ASCII letters and digits, at most ``maximumNameLength`` characters, not reserved.
    ///
    /// - Throws: ``ScaffoldError/invalidNetworkName(name:reason:)`` saying what is wrong.
    public static func validate(networkName name: String) throws(ScaffoldError) {
        guard let first = name.unicodeScalars.first else {
            throw .invalidNetworkName(name: name, reason: "a network name is required (like Acme)")
        }
        guard ("A"..."Z").contains(first) else {
            throw .invalidNetworkName(
                name: name, reason: "it must start with an upper-case letter A-Z (like \(suggestion(for: name)))")
        }
        if let bad = name.unicodeScalars.first(where: { !isAlphanumericASCII($0) }) {
            throw .invalidNetworkName(
                name: name,
                reason: "it may hold only the letters A-Z, a-z and the digits 0-9; found '\(Character(bad))'")
        }
        guard name.count <= maximumNameLength else {
            throw .invalidNetworkName(
                name: name, reason: "it has \(name.count) characters; the most is \(maximumNameLength)")
        }
        if let clash = reservedNames[name] {
            throw .invalidNetworkName(name: name, reason: "\(clash); pick another name (like \(name)Network)")
        }
    }

    /// `name` in lower camel case: `Acme` → `acme`, `TAMedia` → `taMedia`, `ACME` → `acme`.
    static func lowerCamelCase(_ name: String) -> String {
        let characters = Array(name)
        let upperRun = characters.prefix { $0.isUppercase }.count
        guard upperRun > 0 else { return name }
        let lowered: Int
        if upperRun == characters.count || !characters[upperRun].isLetter {
            lowered = upperRun
        } else {
            lowered = max(upperRun - 1, 1)
        }
        return String(characters[..<lowered]).lowercased() + String(characters[lowered...])
    }

    private static func isAlphanumericASCII(_ scalar: Unicode.Scalar) -> Bool {
        ("A"..."Z").contains(scalar) || ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)
    }

    private static func suggestion(for name: String) -> String {
        let letters = name.unicodeScalars.filter(isAlphanumericASCII).map(Character.init)
        guard let first = letters.first(where: \.isLetter), let index = letters.firstIndex(of: first) else {
            return "Acme"
        }
        return first.uppercased() + String(letters[(index + 1)...])
    }
}
