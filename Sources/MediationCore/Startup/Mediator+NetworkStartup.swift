import MediationSupport

extension Mediator {
    /// Starts every network whose configuration is in the registry (``MediationRegistry/registerNetworkConfiguration(_:)``),
    /// in parallel, and returns each one's record once all have ended, in the order registered: GMA's
    /// `GADMobileAds.start(completionHandler:)` and MAX's `ALSdk.initialize(with:completionHandler:)`.
    ///
    /// Call it once, early (in `application(_:didFinishLaunchingWithOptions:)`); ads may be requested at once:
    /// a line whose network is still starting waits for it within the line's timeout. Each network starts off the
    /// main thread unless it declares it needs the main actor, with the host's parameters
    /// (``MediatorConfiguration/networkStartup``) under the ad server's (cached from the last launch), the test
    /// mode and the privacy signals, and within its timeout (the ad server's `x-network-start-timeout-ms`, else
    /// ``NetworkStartupSettings/timeout``, 10 seconds by default). A second call, or a call after a line started a
    /// network, joins the starts under way: no network is ever started twice.
    ///
    /// - Returns: each network's status, time to start and error; empty when the registry has no configuration.
    @discardableResult
    public func startNetworks() async -> [NetworkStartupRecord] {
        guard let startup = services.networkStartup else { return [] }
        launchNetworks(startup)
        var records: [NetworkStartupRecord] = []
        for configuration in startup.configurations {
            records.append(await startup.finished(configuration.networkName))
        }
        return records
    }

    /// ``startNetworks()`` with a completion, called once as `delivery` says (on the main queue by default) when
    /// every network's start-up has ended.
    public func startNetworks(
        delivery: CallbackDelivery = .mainActor, completion: @escaping @Sendable ([NetworkStartupRecord]) -> Void
    ) {
        guard let startup = services.networkStartup else {
            delivery.deliver { completion([]) }
            return
        }
        launchNetworks(startup)
        let networks = startup.configurations.map(\.networkName)
        let remaining = Locked(networks.count)
        for network in networks {
            // Weakly: the start-up keeps this waiter until the network's start ends, and a waiter holding the
            // start-up would keep both alive for ever if it never ended (a clock released with its timeout pending).
            // A start under way is kept by its timeout on the clock (NetworkStartup.launch).
            startup.whenFinished(network) { [weak startup] _ in
                let isLast = remaining.withLock { count -> Bool in
                    count -= 1
                    return count == 0
                }
                guard isLast, let startup else { return }
                let records = startup.records
                delivery.deliver { completion(records) }
            }
        }
    }

    /// Each registered network's start-up as it is now (not started, starting, started, failed, timed out, not
    /// needed), with its time to start and error, in the order registered: what the inspector's adapter table
    /// and a debug menu show.
    public var networkStartupRecords: [NetworkStartupRecord] { services.networkStartup?.records ?? [] }

    /// Starts every network not yet started, each with the ad server's timeout when it set one.
    private func launchNetworks(_ startup: NetworkStartup) {
        startup.updatePrivacy(privacy)
        for configuration in startup.configurations {
            let network = configuration.networkName
            startup.launch(network, timeout: services.networkStartTimeout(for: network))
        }
    }

    /// The start-up of `registry`'s network configurations with `configuration`'s settings; `nil` when it has
    /// none (runs then look nothing up).
    static func networkStartup(
        of registry: MediationRegistry, configuration: MediatorConfiguration
    ) -> NetworkStartup? {
        guard !registry.networkConfigurations.isEmpty else { return nil }
        let settings = configuration.networkStartup
        return NetworkStartup(
            configurations: registry.networkConfigurations, hostParameters: settings.parameters,
            isTestMode: configuration.isTestMode, privacy: configuration.privacy, defaultTimeout: settings.timeout,
            cacheDirectory: settings.cacheDirectory, clock: configuration.clock, logger: configuration.logger,
            launcher: configuration.networkStartLauncher)
    }
}
