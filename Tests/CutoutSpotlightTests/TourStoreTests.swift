import Foundation
import Testing
@testable import CutoutSpotlight

@Suite struct TourStoreTests {
    func tempURL() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("cutout-tourstore-\(UUID().uuidString).json")
    }

    @Test func fileStoreRoundTrips() throws {
        let url = tempURL()
        defer { try? FileManager.default.removeItem(at: url) }
        let store = FileTourStore(url: url)
        #expect(!store.hasShown("intro"))
        store.markShown("intro")
        store.markShown("filters")
        store.reset("filters")
        let reopened = FileTourStore(url: url)
        #expect(reopened.hasShown("intro"))
        #expect(!reopened.hasShown("filters"))
        let json = try String(contentsOf: url, encoding: .utf8)
        #expect(json == #"{"shown":["intro"],"version":1}"#)
    }

    @Test(arguments: ["not json", #"{"version":2,"shown":["x"]}"#, #"{"shown":"intro"}"#, ""])
    func corruptFileIsEmptyAndReported(contents: String) throws {
        let url = tempURL()
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(contents.utf8).write(to: url)
        let reported = Collector<SpotlightError>()
        let store = FileTourStore(url: url, reporter: SpotlightReporter { reported.add($0) })
        #expect(!store.hasShown("x") && !store.hasShown("intro"))
        #expect(reported.all.count == 1)
        guard case .corruptStore(let path, _)? = reported.all.first else { Issue.record("expected corruptStore"); return }
        #expect(path == url.path)
        // The next change replaces the bad file with a valid one.
        store.markShown("intro")
        #expect(FileTourStore(url: url).hasShown("intro"))
    }

    @Test func unwritableLocationIsReportedNotFatal() {
        let url = URL(fileURLWithPath: "/nonexistent-dir-\(UUID().uuidString)/store.json")
        let reported = Collector<SpotlightError>()
        let store = FileTourStore(url: url, reporter: SpotlightReporter { reported.add($0) })
        store.markShown("intro")
        #expect(store.hasShown("intro"))
        guard case .storeWriteFailed? = reported.all.first else { Issue.record("expected storeWriteFailed"); return }
    }

    @Test func finishedTourIsRecorded() {
        let store = InMemoryTourStore()
        var tour = Tour(id: "intro", steps: [TourStep(title: "Hi", body: "")])
        tour.start()
        #expect(!tour.recordIfOver(in: store))
        tour.next()
        #expect(tour.recordIfOver(in: store))
        #expect(store.hasShown("intro"))
    }
}
