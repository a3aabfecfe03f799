import Foundation

extension FeedAdPositioning {
    /// Reads MoPub's server positioning (`MPServerAdPositioning`'s response):
    /// `{"fixed": [{"position": 1}], "repeating": {"interval": 5}}`; a fixed entry's `section` other than 0 is
    /// left out (the placer places ads in one section).
    ///
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` with the JSON path of the first value that
    ///   is not as expected (`$.fixed[0].position`), or what ``init(fixedPositions:repeatingInterval:maximumAdCount:)``
    ///   throws.
    public init(serverJSON data: Data) throws(MediationError) {
        guard let document = try? JSONDocument.parse(data), let object = document.root.objectValue else {
            throw .invalidConfiguration(path: "$", reason: "expected a JSON object")
        }
        var positions: [Int] = []
        if let fixed = object["fixed"] {
            guard let entries = fixed.arrayValue else {
                throw .invalidConfiguration(path: "$.fixed", reason: "expected an array")
            }
            for (index, entry) in entries.enumerated() {
                guard let position = Self.integer(entry.objectValue?["position"]) else {
                    throw .invalidConfiguration(path: "$.fixed[\(index)].position", reason: "expected an integer")
                }
                if let section = entry.objectValue?["section"], Self.integer(section) != 0 { continue }
                positions.append(position)
            }
        }
        var interval: Int?
        if let repeating = object["repeating"] {
            guard let value = Self.integer(repeating.objectValue?["interval"]) else {
                throw .invalidConfiguration(path: "$.repeating.interval", reason: "expected an integer")
            }
            interval = value
        }
        try self.init(fixedPositions: positions, repeatingInterval: interval)
    }

    private static func integer(_ value: JSONValue?) -> Int? {
        guard case .number(let number)? = value, number.rounded() == number, abs(number) < 1e9 else { return nil }
        return Int(number)
    }
}
