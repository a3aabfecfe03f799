import MediationBridge

/// One value of an OpenRTB document with its JSON path, for reads that name where a value is wrong.
///
/// Every typed read throws ``MediationError/invalidBidMarkup(path:reason:)`` naming the path; an absent member
/// or a `null` reads as `nil` in the optional forms. The path is kept as links (``OpenRTBJSONPath``) and only
/// written out as text when something names it.
struct OpenRTBJSONNode {
    let value: JSONValue
    let location: OpenRTBJSONPath

    init(value: JSONValue, path: String) {
        self.value = value
        self.location = .text(path)
    }

    init(value: JSONValue, location: OpenRTBJSONPath) {
        self.value = value
        self.location = location
    }

    /// The JSON path as text (`$.assets[2].img.url`).
    var path: String { location.text }

    /// The path of the member `key` (present or not), as text.
    func path(ofMember key: String) -> String { OpenRTBJSONPath.member(location, key).text }

    func member(_ key: String) -> OpenRTBJSONNode? {
        guard case .object(let members) = value, let member = members[key] else { return nil }
        if case .null = member { return nil }
        return OpenRTBJSONNode(value: member, location: .member(location, key))
    }

    /// Whether the member `key` is present and not `null`, without making a node for it.
    func hasMember(_ key: String) -> Bool {
        guard case .object(let members) = value, let member = members[key] else { return false }
        if case .null = member { return false }
        return true
    }

    func requiredMember(_ key: String) throws(MediationError) -> OpenRTBJSONNode {
        guard let node = member(key) else { throw .invalidBidMarkup(path: path(ofMember: key), reason: "missing") }
        return node
    }

    func object() throws(MediationError) -> [String: JSONValue] {
        guard case .object(let members) = value else { throw mismatch("an object") }
        return members
    }

    /// Throws unless the value is an object, without handing the members out.
    func requireObject() throws(MediationError) {
        guard case .object = value else { throw mismatch("an object") }
    }

    func elements(maximumCount: Int) throws(MediationError) -> [OpenRTBJSONNode] {
        guard case .array(let items) = value else { throw mismatch("an array") }
        guard items.count <= maximumCount else {
            throw .invalidBidMarkup(path: path, reason: "\(items.count) elements, over the limit of \(maximumCount)")
        }
        var nodes: [OpenRTBJSONNode] = []
        nodes.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            nodes.append(OpenRTBJSONNode(value: item, location: .element(location, index)))
        }
        return nodes
    }

    func string() throws(MediationError) -> String {
        guard case .string(let text) = value else { throw mismatch("a string") }
        return text
    }

    /// A string, or a number written as its decimal text (`1200`, `4.5`; a whole number without a fraction): Native
    /// types `ver` and `data.value` as strings, but exchanges send versions, ratings, likes and prices as numbers.
    func stringOrNumberText() throws(MediationError) -> String {
        switch value {
        case .string(let text): return text
        case .number(let number) where number.isFinite:
            return number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
        default: throw mismatch("a string or a number")
        }
    }

    func integer() throws(MediationError) -> Int {
        guard case .number(let number) = value, number.isFinite, number == number.rounded(),
            abs(number) <= 9_007_199_254_740_991
        else { throw mismatch("an integer") }
        return Int(number)
    }

    func number() throws(MediationError) -> Double {
        guard case .number(let number) = value, number.isFinite else { throw mismatch("a number") }
        return number
    }

    func optionalString(_ key: String) throws(MediationError) -> String? { try member(key)?.string() }
    func optionalInteger(_ key: String) throws(MediationError) -> Int? { try member(key)?.integer() }

    func mismatch(_ expected: String) -> MediationError {
        .invalidBidMarkup(path: path, reason: "expected \(expected), got \(Self.kindName(of: value))")
    }

    static func kindName(of value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "a Boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
