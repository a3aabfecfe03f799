import Foundation

/// The waterfall `mediation demo` runs when no `--config` is given.
///
/// The source of truth is the package resource `Resources/default-ad-response.json`. A binary moved away from
/// its build folder has no resource bundle (and SwiftPM's generated `Bundle.module` would then crash), so the
/// same JSON is embedded below as a fallback; a test keeps the two identical.
enum DefaultAdResponse {
    /// The resource's file name.
    static let resourceName = "default-ad-response.json"

    /// The resource bundle SwiftPM puts next to the executable.
    static let bundleName = "MediationKit_MediationCLI.resources"

    /// The default ad response's bytes and where they came from: the bundled resource when it can be found
    /// next to the executable, else the embedded copy. Never crashes.
    static func load() -> (data: Data, origin: String) {
        loadBundled(resourceName, orEmbedded: embeddedJSON, origin: "default \(resourceName)")
    }

    /// The bundled resource `name` next to the executable, else `embedded`; `origin` says which, prefixed with
    /// `bundled` or `embedded`. Never crashes.
    static func loadBundled(_ name: String, orEmbedded embedded: String, origin: String) -> (data: Data, origin: String)
    {
        let candidates = [
            Bundle.main.bundleURL.appendingPathComponent(bundleName).appendingPathComponent(name),
            Bundle.main.resourceURL?.appendingPathComponent(bundleName).appendingPathComponent(name),
        ].compactMap(\.self)
        for url in candidates {
            if let data = try? Data(contentsOf: url) { return (data, "bundled \(origin)") }
        }
        return (Data(embedded.utf8), "embedded \(origin)")
    }

    /// A copy of `Resources/default-ad-response.json`.
    static let embeddedJSON = #"""
        {
          "x-ad-unit-id": "demo-native-feed",
          "adunit-format": "native",
          "ad-responses": [
            {
              "metadata": {
                "x-adtype": "custom",
                "x-custom-event-class-name": "MyTargetNativeBannerCustomEvent",
                "x-custom-event-class-data": {"slotId": "30294"},
                "x-network-name": "myTarget",
                "x-ecpm": 2.4,
                "x-ad-timeout-ms": 3000,
                "x-before-load-url": "https://tracking.example/before?line=0",
                "x-after-load-url": "https://tracking.example/after?line=0&ms=%%LOAD_DURATION_MS%%&result=%%LOAD_RESULT%%",
                "imptrackers": ["https://tracking.example/imp?line=0"],
                "clicktrackers": "https://tracking.example/click?line=0"
              }
            },
            {
              "metadata": {
                "x-adtype": "custom",
                "x-custom-event-class-name": "InMobiNativeCustomEvent",
                "x-custom-event-class-data": {"placementId": "1500000000001"},
                "x-network-name": "InMobi",
                "x-ecpm": 2.1,
                "x-before-load-url": "https://tracking.example/before?line=1",
                "x-after-load-url": "https://tracking.example/after?line=1&ms=%%LOAD_DURATION_MS%%&result=%%LOAD_RESULT%%"
              }
            },
            {
              "metadata": {
                "x-adtype": "custom",
                "x-custom-event-class-name": "GoogleCustomNativeCustomEvent",
                "x-custom-event-class-data": "{\"adUnitID\": \"/6499/example/native\", \"formatIDs\": [\"10063170\"], \"assetMapping\": {\"Headline\": \"title\", \"Caption\": \"text\", \"MainImage\": \"mainimage\", \"CallToAction\": \"ctatext\"}}",
                "x-network-name": "Google",
                "x-ecpm": "1.8",
                "x-ad-timeout-ms": "5000",
                "x-before-load-url": "https://tracking.example/before?line=2",
                "x-after-load-url": "https://tracking.example/after?line=2&ms=%%LOAD_DURATION_MS%%&result=%%LOAD_RESULT%%",
                "x-after-load-success-url": "https://tracking.example/won?line=2",
                "imptrackers": ["https://tracking.example/imp?line=2"],
                "clicktrackers": ["https://tracking.example/click?line=2"]
              }
            },
            {
              "metadata": {
                "x-adtype": "custom",
                "x-custom-event-class-name": "TAMediaCustomNativeAdEvent",
                "x-custom-event-class-data": {"NativeListId": "9527"},
                "x-network-name": "TAMedia",
                "x-ecpm": 1.2,
                "x-before-load-url": "https://tracking.example/before?line=3",
                "x-after-load-url": "https://tracking.example/after?line=3&ms=%%LOAD_DURATION_MS%%&result=%%LOAD_RESULT%%",
                "imptrackers": "https://tracking.example/imp?line=3"
              }
            }
          ]
        }
        """#
}
