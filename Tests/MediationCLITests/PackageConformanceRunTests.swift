import Testing

@testable import MediationCLI

@Suite struct PackageConformanceRunTests {
    /// Swift Testing's output of a scaffold package's conformance test: the runner's lines are interleaved with
    /// the printed table.
    static let output = """
        ◇ Test acmeAdapterPassesTheConformanceKit() started.
        Acme native [AcmeNativeCustomEvent]: PASSED (2 passed, 0 failed, 0 skipped)
        ✔ Test acmeAdapterPassesTheConformanceKit() passed after 0.132 seconds.
          CHECK                RESULT  REASON
          single-outcome-fill  pass    one didLoad
          versions-reported    pass    adapter 1.0

        Beta native [BetaNativeCustomEvent]: PASSED with 1 skipped (1 passed, 0 failed, 1 skipped)
          CHECK                RESULT  REASON
          single-outcome-fill  pass    one didLoad
          registers-on-attach  skip    the subject does not declare expectations.registersOnAttach
        ✔ Test run with 2 tests in 1 suite passed after 0.2 seconds.
        """

    @Test func findsEveryTableAndDropsTheRunnersLines() {
        let tables = PackageConformanceRun.tables(in: Self.output)
        #expect(tables.count == 2)
        #expect(
            tables.first == """
                Acme native [AcmeNativeCustomEvent]: PASSED (2 passed, 0 failed, 0 skipped)
                  CHECK                RESULT  REASON
                  single-outcome-fill  pass    one didLoad
                  versions-reported    pass    adapter 1.0

                """)
        #expect(tables.last?.hasSuffix("expectations.registersOnAttach\n") == true)
    }

    @Test func passesOnlyWhenTheTestsPassedAndEveryTablePassedWithoutSkips() {
        let tables = PackageConformanceRun.tables(in: Self.output)
        #expect(PackageConformanceRun.exitStatus(for: .init(tables: [tables[0]], testStatus: 0)) == 0)
        #expect(PackageConformanceRun.exitStatus(for: .init(tables: tables, testStatus: 0)) == 1)
        #expect(PackageConformanceRun.exitStatus(for: .init(tables: [tables[0]], testStatus: 1)) == 1)
        #expect(PackageConformanceRun.exitStatus(for: .init(tables: [], testStatus: 0)) == 1)
    }

    @Test func badArgumentsAreRefusedWithTheUsage() async {
        #expect(await ConformanceCommand.run(["--package"]) == 2)
        #expect(await ConformanceCommand.run(["--package", "/nonexistent/adapter"]) == 2)
        #expect(await ConformanceCommand.run(["--package", "/tmp", "--json"]) == 2)
    }
}
