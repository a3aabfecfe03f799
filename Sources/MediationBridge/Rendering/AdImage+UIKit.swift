#if canImport(UIKit)
    import UIKit

    extension AdImage {
        /// The image to draw, when it has content: the SDK's own `UIImage` (``networkImage``), else the bytes
        /// decoded; `nil` for an image still to download or whose bytes do not decode.
        public var uiImage: UIImage? {
            if let image = networkImage?.object as? UIImage { return image }
            return data.flatMap { UIImage(data: $0) }
        }
    }
#endif
