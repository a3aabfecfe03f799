import Foundation
import MediationBridge
import MediationOpenRTB
import Testing

/// The Info.plist reader (`SKAdNetworkItems`, as Apple and the IAB's ID lists write it), the checks of the
/// SKAdNetwork data and of the device data the host gives its bidders.
@Suite struct SKAdNetworkItemsReaderTests {
    /// An Info.plist as Xcode writes one: other keys around `SKAdNetworkItems`, an ID in upper case (the IAB's
    /// own example writes `cDkw7geQsH`), and one listed twice.
    static let infoPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
            <key>CFBundleIdentifier</key>
            <string>com.example.pears</string>
            <key>SKAdNetworkItems</key>
            <array>
                <dict>
                    <key>SKAdNetworkIdentifier</key>
                    <string>cstr6suwn9.skadnetwork</string>
                </dict>
                <dict>
                    <key>SKAdNetworkIdentifier</key>
                    <string>cDkw7geQsH.skadnetwork</string>
                </dict>
                <dict>
                    <key>SKAdNetworkIdentifier</key>
                    <string>4dzt52r2t5.skadnetwork</string>
                </dict>
                <dict>
                    <key>SKAdNetworkIdentifier</key>
                    <string>cstr6suwn9.skadnetwork</string>
                </dict>
            </array>
            <key>NSUserTrackingUsageDescription</key>
            <string>Ads that fit you.</string>
        </dict>
        </plist>
        """

    static func dictionary(_ plist: String) throws -> [String: Any] {
        let object = try PropertyListSerialization.propertyList(from: Data(plist.utf8), format: nil)
        return try #require(object as? [String: Any])
    }

    static func path(of attempt: () throws(MediationError) -> Void) -> String? {
        do {
            try attempt()
            return nil
        } catch {
            guard case .invalidConfiguration(let path, _) = error else { return "not invalidConfiguration: \(error)" }
            return path
        }
    }

    @Test func theIDsOfARealInfoPlistAreReadLowerCasedInOrderWithoutRepeats() throws {
        let info = try Self.dictionary(Self.infoPlist)
        #expect(
            try OpenRTBSKAdNetwork.networkIdentifiers(infoDictionary: info) == [
                "cstr6suwn9.skadnetwork", "cdkw7geqsh.skadnetwork", "4dzt52r2t5.skadnetwork",
            ])
        let skadn = try OpenRTBSKAdNetwork(sourceApp: "880047117", infoDictionary: info)
        #expect(skadn.sourceApp == "880047117")
        #expect(skadn.versions == ["2.0", "2.1", "2.2", "3.0", "4.0"])
        #expect(skadn.networkIdentifiers.count == 3)
    }

    @Test func aDictionaryOfTheSameShapeReadsTheSameAsThePlist() throws {
        let info: [String: Any] = [
            "SKAdNetworkItems": [
                ["SKAdNetworkIdentifier": "cstr6suwn9.skadnetwork"],
                ["SKAdNetworkIdentifier": "CDKW7GEQSH.skadnetwork", "Comment": "extra keys are ignored"],
            ]
        ]
        #expect(
            try OpenRTBSKAdNetwork.networkIdentifiers(infoDictionary: info) == [
                "cstr6suwn9.skadnetwork", "cdkw7geqsh.skadnetwork",
            ])
    }

    @Test func noKeyIsNoIDAndTheDataRefusesToBeMadeWithoutOne() throws {
        #expect(try OpenRTBSKAdNetwork.networkIdentifiers(infoDictionary: ["CFBundleIdentifier": "x"]).isEmpty)
        #expect(
            Self.path { () throws(MediationError) in
                _ = try OpenRTBSKAdNetwork(sourceApp: "880047117", infoDictionary: [:])
            } == "networkIdentifiers")
    }

    /// An Info.plist whose `SKAdNetworkItems` value is `items`.
    static func infoPlist(items: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>SKAdNetworkItems</key>\(items)</dict></plist>
        """
    }

    @Test(
        arguments: [
            ("<string>cstr6suwn9.skadnetwork</string>", "SKAdNetworkItems"),
            ("<array><string>cstr6suwn9.skadnetwork</string></array>", "SKAdNetworkItems[0]"),
            (
                "<array><dict><key>Identifier</key><string>cstr6suwn9.skadnetwork</string></dict></array>",
                "SKAdNetworkItems[0].SKAdNetworkIdentifier"
            ),
            (
                """
                <array><dict><key>SKAdNetworkIdentifier</key><string>a.skadnetwork</string></dict>\
                <dict><key>SKAdNetworkIdentifier</key><integer>42</integer></dict></array>
                """,
                "SKAdNetworkItems[1].SKAdNetworkIdentifier"
            ),
            (
                "<array><dict><key>SKAdNetworkIdentifier</key><string>bad id.skadnetwork</string></dict></array>",
                "SKAdNetworkItems[0].SKAdNetworkIdentifier"
            ),
            (
                "<array><dict><key>SKAdNetworkIdentifier</key><string></string></dict></array>",
                "SKAdNetworkItems[0].SKAdNetworkIdentifier"
            ),
        ])
    func aWrongShapeIsRefusedWithItsPath(items: String, path: String) throws {
        let info = try Self.dictionary(Self.infoPlist(items: items))
        #expect(
            Self.path { () throws(MediationError) in
                _ = try OpenRTBSKAdNetwork.networkIdentifiers(infoDictionary: info)
            } == path)
    }

    @Test func sourceAppAndVersionsAreChecked() throws {
        let ids = ["cstr6suwn9.skadnetwork"]
        for bad in ["", "com.example.pears", "id880047117", "12345678901234567890123"] {
            #expect(
                Self.path { () throws(MediationError) in
                    _ = try OpenRTBSKAdNetwork(sourceApp: bad, networkIdentifiers: ids)
                } == "sourceApp", "\(bad)")
        }
        for (versions, path) in [
            (["2.0", "1.0"], "versions[1]"), (["4"], "versions[0]"), (["2.x"], "versions[0]"),
            (["+2.0"], "versions[0]"), ([], "versions"),
        ] as [([String], String)] {
            #expect(
                Self.path { () throws(MediationError) in
                    _ = try OpenRTBSKAdNetwork(sourceApp: "1", networkIdentifiers: ids, versions: versions)
                } == path, "\(versions)")
        }
        let kept = try OpenRTBSKAdNetwork(sourceApp: "1", networkIdentifiers: ids, versions: ["4.0", "2.2", "4.0"])
        #expect(kept.versions == ["4.0", "2.2"])
        let many = (0...OpenRTBSKAdNetwork.maximumNetworkIdentifiers).map { "n\($0).skadnetwork" }
        #expect(
            Self.path { () throws(MediationError) in
                _ = try OpenRTBSKAdNetwork(sourceApp: "1", networkIdentifiers: many)
            } == "networkIdentifiers")
    }

    @Test func deviceDataIsCheckedAndTheAllZeroIDFAIsNoIDFA() throws {
        let device = try OpenRTBDeviceInfo(
            advertisingIdentifier: "6d92078a-8246-4ba4-ae5b-76104861e7dc",
            vendorIdentifier: "336F2BC0-245B-4242-8029-83762AB47B15", userAgent: "Mozilla/5.0 (iPhone)")
        #expect(device.advertisingIdentifier == "6D92078A-8246-4BA4-AE5B-76104861E7DC")
        #expect(device.vendorIdentifier == "336F2BC0-245B-4242-8029-83762AB47B15")
        #expect(device.userAgent == "Mozilla/5.0 (iPhone)")
        let zeros = try OpenRTBDeviceInfo(
            advertisingIdentifier: "00000000-0000-0000-0000-000000000000",
            vendorIdentifier: "00000000-0000-0000-0000-000000000000")
        #expect(zeros == .none)
        #expect(
            Self.path { () throws(MediationError) in _ = try OpenRTBDeviceInfo(advertisingIdentifier: "IDFA") }
                == "advertisingIdentifier")
        #expect(
            Self.path { () throws(MediationError) in _ = try OpenRTBDeviceInfo(vendorIdentifier: "") }
                == "vendorIdentifier")
        for userAgent in ["", "Mozilla/5.0\r\nX-Injected: 1", String(repeating: "a", count: 1025)] {
            #expect(
                Self.path { () throws(MediationError) in _ = try OpenRTBDeviceInfo(userAgent: userAgent) }
                    == "userAgent")
        }
    }
}
