/// An image object a network's SDK handed over (a `UIImage`, the SDK's own image class), kept opaque so that
/// MediationCore stays free of UI toolkits; renderers that know the type draw it (`handle.object as? UIImage`).
///
/// Two handles are equal when they hold the same object. A handle does not survive JSON: the JSON form marks the
/// image as network-provided (`"network": true`) and decodes it as ``unavailable``, which renderers draw as a
/// placeholder of the image's size.
public struct NetworkImageHandle: Sendable, Hashable {
    /// The SDK's image object.
    public let object: any AnyObject & Sendable

    /// Wraps the SDK's image object.
    public init(_ object: any AnyObject & Sendable) {
        self.object = object
    }

    /// The handle a network-provided image gets when it is decoded from JSON: the object was not encoded.
    public static let unavailable = NetworkImageHandle(UnavailableNetworkImage.shared)

    /// Whether this is ``unavailable``.
    package var isUnavailable: Bool { object === UnavailableNetworkImage.shared }

    /// Compares object identity.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.object === rhs.object }

    /// Hashes object identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(object)) }
}

/// The object behind ``NetworkImageHandle/unavailable``.
private final class UnavailableNetworkImage: Sendable {
    static let shared = UnavailableNetworkImage()
}
