import MediationConformance
import MediationConformanceTesting
import MediationCore
import Testing

@Suite struct ReferenceAdapterConformanceTests {
    @Test func referenceExamplePassesEveryCheckWithoutSkips() async {
        let report = await expectConformance(.referenceExample, options: .strict)
        #expect(report.passed)
        #expect(report.results.map(\.check) == ConformanceCheck.allCases)
        #expect(report.count(.passed) == ConformanceCheck.allCases.count)
    }
}
