// The simulated in-stream network and player (SimulatedInstreamCustomEvent, SimulatedInstreamAdPlayer,
// InstreamSimulationScript) live in their own module on the bridge alone, so that NetworkSandbox can use them
// without reaching the engine; tests that import MediationTesting see them as before.
@_exported import InstreamSimulation
