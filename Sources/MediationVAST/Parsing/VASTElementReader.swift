import Foundation

/// Maps ``VASTXMLElement`` trees to the VAST value types, collecting what it read leniently or left out.
struct VASTElementReader {
    private(set) var issues: [VASTParseIssue] = []

    mutating func warn(_ message: String, at path: String) {
        issues.append(VASTParseIssue(code: nil, message: message, path: path))
    }

    mutating func leaveOut(_ code: VASTErrorCode, _ message: String, at path: String) {
        issues.append(VASTParseIssue(code: code, message: message, path: path))
    }

    // MARK: Values

    /// An http(s) URL from the element's text; `nil` (with a warning unless empty) otherwise.
    mutating func url(_ element: VASTXMLElement) -> URL? {
        urlText(element)?.url
    }

    /// The text of an http(s) URL from the element's text, checked as ``VASTURLText`` says (the `URL` is made
    /// when the model is asked for it); `nil` (with a warning unless empty) otherwise.
    mutating func urlText(_ element: VASTXMLElement) -> VASTURLText? {
        let trimmed = element.trimmedText
        guard !trimmed.isEmpty else { return nil }
        // `VASTURLText.read` reads a protocol-relative `//host/…` as https, by the rule every reader shares.
        guard let checked = VASTURLText.read(trimmed) else {
            warn("'\(trimmed.prefix(120))' is not an http(s) URL; left out", at: element.path)
            return nil
        }
        return checked
    }

    mutating func int(_ element: VASTXMLElement, _ name: String) -> Int? {
        guard let text = element.attribute(name)?.trimmingVASTSpaces, !text.isEmpty else {
            return nil
        }
        if let value = Int(text) { return value }
        if let value = Double(text), value.isFinite, abs(value) < 1e12 { return Int(value.rounded()) }
        warn("\(name)='\(text.prefix(40))' is not a number; ignored", at: element.path)
        return nil
    }

    mutating func double(_ element: VASTXMLElement, _ name: String) -> Double? {
        guard let text = element.attribute(name)?.trimmingVASTSpaces, !text.isEmpty else {
            return nil
        }
        if let value = Double(text), value.isFinite { return value }
        warn("\(name)='\(text.prefix(40))' is not a number; ignored", at: element.path)
        return nil
    }

    mutating func bool(_ element: VASTXMLElement, _ name: String) -> Bool? {
        guard let text = element.attribute(name)?.trimmingVASTSpaces, !text.isEmpty else {
            return nil
        }
        switch text.lowercased() {
        case "true", "1": return true
        case "false", "0": return false
        default:
            warn("\(name)='\(text.prefix(40))' is not a boolean; ignored", at: element.path)
            return nil
        }
    }

    func string(_ element: VASTXMLElement, _ name: String) -> String? {
        guard let text = element.attribute(name)?.trimmingVASTWhitespace, !text.isEmpty
        else { return nil }
        return text
    }

    func text(_ element: VASTXMLElement?) -> String? {
        guard let text = element?.trimmedText, !text.isEmpty else { return nil }
        return text
    }

    // MARK: Ad

    mutating func ad(_ element: VASTXMLElement) -> VASTAd? {
        let inline = element.child(.inLine)
        let wrapperElement = element.child(.wrapper)
        guard (inline == nil) != (wrapperElement == nil), let body = inline ?? wrapperElement else {
            leaveOut(
                .schemaValidation, "an Ad must hold exactly one of InLine and Wrapper; ad left out", at: element.path)
            return nil
        }
        var sequence: Int?
        if let text = string(element, "sequence") {
            if let value = Int(text), value > 0 {
                sequence = value
            } else {
                warn("sequence='\(text.prefix(40))' is not a positive integer; the ad is stand-alone", at: element.path)
            }
        }
        var wrapper: VASTWrapperInfo?
        if let wrapperElement {
            guard let tagElement = wrapperElement.child(.vastAdTagURI), let tagURI = url(tagElement) else {
                leaveOut(.schemaValidation, "a Wrapper needs an http(s) VASTAdTagURI; ad left out", at: body.path)
                return nil
            }
            wrapper = VASTWrapperInfo(
                adTagURI: tagURI,
                followAdditionalWrappers: bool(wrapperElement, "followAdditionalWrappers") ?? true,
                allowMultipleAds: bool(wrapperElement, "allowMultipleAds") ?? false,
                fallbackOnNoAd: bool(wrapperElement, "fallbackOnNoAd") ?? true,
                blockedAdCategories: wrapperElement.children(.blockedAdCategories).compactMap(category))
        }
        let isInline = inline != nil
        let adSystem = body.child(.adSystem).flatMap { system -> VASTAdSystem? in
            guard let name = text(system) else { return nil }
            return VASTAdSystem(name: name, version: string(system, "version"))
        }
        let impressions = body.children(.impression).compactMap { impression -> VASTImpression? in
            urlText(impression).map { VASTImpression(id: string(impression, "id"), urlText: $0) }
        }
        let adTitleElement = body.child(.adTitle)
        if isInline {
            if adSystem == nil { warn("an InLine ad has no AdSystem", at: body.path) }
            if adTitleElement == nil { warn("an InLine ad has no AdTitle", at: body.path) }
            if impressions.isEmpty { warn("an InLine ad has no Impression URL", at: body.path) }
        }
        var viewable: [String: [URL]] = [:]
        if let viewableElement = body.child(.viewableImpression) {
            for child in viewableElement.children {
                if let url = url(child) { viewable[child.localName, default: []].append(url) }
            }
        }
        let pricing = body.child(.pricing).map { element in
            VASTPricing(
                model: string(element, "model"), currency: string(element, "currency"),
                value: text(element).flatMap(Double.init))
        }
        var creatives: [VASTCreative] = []
        for creativeElement in body.child(.creatives)?.children(.creative) ?? [] {
            if let creative = creative(creativeElement, inInline: isInline) { creatives.append(creative) }
        }
        let extensionElements = body.child(.extensions)?.children(.extension) ?? []
        let verificationParents =
            body.children(.adVerifications)
            + extensionElements.filter {
                string($0, "type") == "AdVerifications"
            }.flatMap { $0.children(.adVerifications) }
        return VASTAd(
            id: string(element, "id"), sequence: sequence,
            adType: string(element, "adType") ?? "video",
            conditionalAd: bool(element, "conditionalAd") ?? false,
            kind: isInline ? .inline : .wrapper, adSystem: adSystem,
            adTitle: text(adTitleElement), advertiser: text(body.child(.advertiser)),
            adDescription: text(body.child(.description)), adServingId: text(body.child(.adServingId)),
            categories: body.children(.category).compactMap(category), pricing: pricing,
            expires: text(body.child(.expires)).flatMap { Int($0) },
            impressions: impressions, errorURLTexts: body.children(.error).compactMap { urlText($0) },
            viewableImpression: viewable,
            verifications: verificationParents.flatMap { $0.children(.verification) }.map { verification($0) },
            extensions: extensionElements.map(rawExtension),
            creatives: creatives, wrapper: wrapper, path: element.path)
    }

    func category(_ element: VASTXMLElement) -> VASTCategory? {
        guard let code = text(element) else { return nil }
        return VASTCategory(authority: string(element, "authority"), code: code)
    }

    func rawExtension(_ element: VASTXMLElement) -> VASTExtension {
        VASTExtension(type: string(element, "type"), rawXML: element.serializedContent)
    }

    mutating func verification(_ element: VASTXMLElement) -> VASTVerification {
        var resources: [VASTVerification.Resource] = []
        for child in element.children {
            let isJavaScript = child.isNamed(.javaScriptResource)
            guard isJavaScript || child.isNamed(.executableResource), let url = url(child) else { continue }
            resources.append(
                VASTVerification.Resource(
                    url: url, apiFramework: string(child, "apiFramework"),
                    attribute: string(child, isJavaScript ? "browserOptional" : "type"), isJavaScript: isJavaScript))
        }
        return VASTVerification(
            vendor: string(element, "vendor"), resources: resources,
            trackers: trackers(element.child(.trackingEvents)),
            parameters: text(element.child(.verificationParameters)))
    }

    // MARK: Creatives

    /// The creative `element` holds: its `Linear`, `NonLinearAds` and `CompanionAds`, each kept when present (VAST 4
    /// allows all three in one `Creative`); `nil` when none is left (a `Linear` left out for a bad `Duration` leaves
    /// the others).
    mutating func creative(_ element: VASTXMLElement, inInline: Bool) -> VASTCreative? {
        let linearElement = element.child(.linear)
        let nonLinearElement = element.child(.nonLinearAds)
        let companionElement = element.child(.companionAds)
        guard linearElement != nil || nonLinearElement != nil || companionElement != nil else {
            warn("a Creative without Linear, NonLinearAds or CompanionAds; ignored", at: element.path)
            return nil
        }
        var readLinear: VASTLinear?
        if let linearElement { readLinear = linear(linearElement, inInline: inInline) }
        var readNonLinear: VASTNonLinearAds?
        if let nonLinearElement { readNonLinear = nonLinearAds(nonLinearElement) }
        var readCompanions: VASTCompanionAds?
        if let companionElement { readCompanions = companionAds(companionElement) }
        guard readLinear != nil || readNonLinear != nil || readCompanions != nil else { return nil }
        let universalAdIds = element.children(.universalAdId).map { idElement in
            VASTUniversalAdId(
                idRegistry: string(idElement, "idRegistry") ?? "unknown",
                idValue: text(idElement) ?? string(idElement, "idValue") ?? "unknown")
        }
        return VASTCreative(
            id: string(element, "id"), adId: string(element, "adId"),
            sequence: string(element, "sequence").flatMap { Int($0) }, apiFramework: string(element, "apiFramework"),
            universalAdIds: universalAdIds,
            extensions: (element.child(.creativeExtensions)?.children(.creativeExtension) ?? []).map(rawExtension),
            linear: readLinear, nonLinearAds: readNonLinear, companionAds: readCompanions)
    }

    mutating func linear(_ element: VASTXMLElement, inInline: Bool) -> VASTLinear? {
        var duration: Duration?
        if let durationElement = element.child(.duration) {
            duration = VASTTime.parse(durationElement.trimmedText)
        }
        if inInline && duration == nil {
            leaveOut(
                .schemaValidation, "a Linear creative of an InLine ad needs a Duration as HH:MM:SS[.mmm]; left out",
                at: element.path)
            return nil
        }
        var skipOffset: VASTOffset?
        if let text = string(element, "skipoffset") {
            skipOffset = VASTOffset.parse(text)
            if skipOffset == nil {
                warn("skipoffset='\(text.prefix(40))' is unreadable; not skippable", at: element.path)
            }
        }
        let mediaFilesElement = element.child(.mediaFiles)
        var mediaFiles: [VASTMediaFile] = []
        for file in mediaFilesElement?.children(.mediaFile) ?? [] {
            if let mediaFile = mediaFile(file) { mediaFiles.append(mediaFile) }
        }
        let mezzanines = (mediaFilesElement?.children(.mezzanine) ?? []).compactMap { mezzanine -> VASTMezzanine? in
            guard let url = url(mezzanine) else { return nil }
            return VASTMezzanine(
                url: url, id: string(mezzanine, "id"), delivery: string(mezzanine, "delivery"),
                mimeType: string(mezzanine, "type"), width: int(mezzanine, "width"), height: int(mezzanine, "height"),
                codec: string(mezzanine, "codec"), fileSize: int(mezzanine, "fileSize"),
                mediaType: string(mezzanine, "mediaType"))
        }
        let interactive = (mediaFilesElement?.children(.interactiveCreativeFile) ?? []).compactMap {
            file -> VASTInteractiveCreativeFile? in
            guard let url = url(file) else { return nil }
            return VASTInteractiveCreativeFile(
                url: url, mimeType: string(file, "type"), apiFramework: string(file, "apiFramework"),
                variableDuration: bool(file, "variableDuration"))
        }
        let captions = (mediaFilesElement?.child(.closedCaptionFiles)?.children(.closedCaptionFile) ?? [])
            .compactMap { file -> VASTClosedCaptionFile? in
                guard let url = url(file) else { return nil }
                return VASTClosedCaptionFile(
                    url: url, mimeType: string(file, "type"), language: string(file, "language"))
            }
        return VASTLinear(
            duration: duration, skipOffset: skipOffset, adParameters: text(element.child(.adParameters)),
            mediaFiles: mediaFiles, mezzanines: mezzanines, interactiveCreativeFiles: interactive,
            closedCaptionFiles: captions, trackers: trackers(element.child(.trackingEvents)),
            videoClicks: videoClicks(element.child(.videoClicks)),
            icons: (element.child(.icons)?.children(.icon) ?? []).map { icon($0) })
    }

    mutating func mediaFile(_ element: VASTXMLElement) -> VASTMediaFile? {
        guard let urlText = urlText(element) else { return nil }
        var delivery: VASTMediaFile.Delivery?
        if let text = string(element, "delivery") {
            delivery = VASTMediaFile.Delivery(rawValue: text.lowercased())
            if delivery == nil { warn("delivery='\(text.prefix(40))' is unknown", at: element.path) }
        }
        return VASTMediaFile(
            urlText: urlText, id: string(element, "id"), delivery: delivery, mimeType: string(element, "type") ?? "",
            width: int(element, "width") ?? 0, height: int(element, "height") ?? 0, codec: string(element, "codec"),
            bitrate: int(element, "bitrate"), minBitrate: int(element, "minBitrate"),
            maxBitrate: int(element, "maxBitrate"), scalable: bool(element, "scalable"),
            maintainAspectRatio: bool(element, "maintainAspectRatio"), apiFramework: string(element, "apiFramework"),
            fileSize: int(element, "fileSize"), mediaType: string(element, "mediaType"))
    }

    mutating func trackers(_ element: VASTXMLElement?) -> [VASTTracker] {
        var trackers: [VASTTracker] = []
        for tracking in element?.children(.tracking) ?? [] {
            guard let name = string(tracking, "event") else {
                warn("a Tracking without event; left out", at: tracking.path)
                continue
            }
            guard let urlText = urlText(tracking) else { continue }
            let event = VASTTrackingEventName(rawValue: name)
            var offset: VASTOffset?
            if event == .progress {
                guard let text = string(tracking, "offset"), let parsed = VASTOffset.parse(text) else {
                    warn("a progress Tracking needs an offset (time or percent); left out", at: tracking.path)
                    continue
                }
                offset = parsed
            }
            trackers.append(VASTTracker(event: event, urlText: urlText, offset: offset))
        }
        return trackers
    }

    mutating func videoClicks(_ element: VASTXMLElement?) -> VASTVideoClicks {
        guard let element else { return .none }
        return VASTVideoClicks(
            clickThroughText: element.child(.clickThrough).flatMap { urlText($0) },
            clickTrackingTexts: element.children(.clickTracking).compactMap { urlText($0) },
            customClickTexts: element.children(.customClick).compactMap { urlText($0) })
    }

    mutating func resources(_ element: VASTXMLElement) -> [VASTResource] {
        var resources: [VASTResource] = []
        for child in element.children {
            switch child.knownName {
            case .staticResource?:
                if let url = url(child) {
                    resources.append(.staticResource(url: url, creativeType: string(child, "creativeType")))
                }
            case .iFrameResource?:
                if let url = url(child) { resources.append(.iframe(url)) }
            case .htmlResource?:
                if let html = text(child) { resources.append(.html(html)) }
            default: continue
            }
        }
        return resources
    }

    mutating func icon(_ element: VASTXMLElement) -> VASTIcon {
        let clicks = element.child(.iconClicks)
        let fallbacks = (clicks?.child(.iconClickFallbackImages)?.children(.iconClickFallbackImage) ?? []).map {
            image in
            VASTIcon.FallbackImage(
                width: int(image, "width"), height: int(image, "height"), altText: text(image.child(.altText)),
                url: image.child(.staticResource).flatMap { url($0) })
        }
        var offset: VASTOffset?
        if let text = string(element, "offset") {
            offset = VASTOffset.parse(text)
            if offset == nil { warn("offset='\(text.prefix(40))' is unreadable; ignored", at: element.path) }
        }
        return VASTIcon(
            program: string(element, "program"), width: int(element, "width"), height: int(element, "height"),
            xPosition: string(element, "xPosition"), yPosition: string(element, "yPosition"),
            duration: string(element, "duration").flatMap(VASTTime.parse), offset: offset,
            apiFramework: string(element, "apiFramework"), pxratio: double(element, "pxratio"),
            resources: resources(element), clickThrough: clicks?.child(.iconClickThrough).flatMap { url($0) },
            clickTracking: clicks?.children(.iconClickTracking).compactMap { url($0) } ?? [],
            clickFallbackImages: fallbacks,
            viewTracking: element.children(.iconViewTracking).compactMap { url($0) })
    }

    mutating func nonLinearAds(_ element: VASTXMLElement) -> VASTNonLinearAds {
        let nonLinears = element.children(.nonLinear).map { nonLinear in
            VASTNonLinear(
                id: string(nonLinear, "id"), width: int(nonLinear, "width"), height: int(nonLinear, "height"),
                expandedWidth: int(nonLinear, "expandedWidth"), expandedHeight: int(nonLinear, "expandedHeight"),
                scalable: bool(nonLinear, "scalable"), maintainAspectRatio: bool(nonLinear, "maintainAspectRatio"),
                minSuggestedDuration: string(nonLinear, "minSuggestedDuration").flatMap(VASTTime.parse),
                apiFramework: string(nonLinear, "apiFramework"), resources: resources(nonLinear),
                adParameters: text(nonLinear.child(.adParameters)),
                clickThrough: nonLinear.child(.nonLinearClickThrough).flatMap { url($0) },
                clickTracking: nonLinear.children(.nonLinearClickTracking).compactMap { url($0) })
        }
        return VASTNonLinearAds(nonLinears: nonLinears, trackers: trackers(element.child(.trackingEvents)))
    }

    mutating func companionAds(_ element: VASTXMLElement) -> VASTCompanionAds {
        var required = VASTCompanionAds.Requirement.none
        if let text = string(element, "required") {
            if let value = VASTCompanionAds.Requirement(rawValue: text.lowercased()) {
                required = value
            } else {
                warn("required='\(text.prefix(40))' is not all, any or none; read as none", at: element.path)
            }
        }
        let companions = element.children(.companion).map { companion in
            VASTCompanion(
                id: string(companion, "id"), width: int(companion, "width"), height: int(companion, "height"),
                assetWidth: int(companion, "assetWidth"), assetHeight: int(companion, "assetHeight"),
                expandedWidth: int(companion, "expandedWidth"), expandedHeight: int(companion, "expandedHeight"),
                apiFramework: string(companion, "apiFramework"), adSlotId: string(companion, "adSlotId"),
                pxratio: double(companion, "pxratio"), renderingMode: string(companion, "renderingMode"),
                resources: resources(companion), adParameters: text(companion.child(.adParameters)),
                altText: text(companion.child(.altText)),
                clickThrough: companion.child(.companionClickThrough).flatMap { url($0) },
                clickTracking: companion.children(.companionClickTracking).compactMap { url($0) },
                trackers: trackers(companion.child(.trackingEvents)))
        }
        return VASTCompanionAds(required: required, companions: companions)
    }
}
