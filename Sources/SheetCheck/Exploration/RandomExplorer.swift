import SheetEngine

/// Random mode: reproducible random sequences of steps, each from its own
/// seed (derived from the check's seed and the run's number), so that runs
/// can go to any worker.
///
/// Runs go in batches; within a batch each worker takes its share, and
/// after it the batch's runs are counted in their order. The first run that
/// breaks an invariant ends the check, counted up to its breaking step: the
/// result does not depend on the number of workers.
///
/// Simulation (`simulates`, TLC's simulation mode): at each state of a run
/// every step is tried and its state checked, the one taken last; the
/// random choices, and so the path, are those of a plain random run from
/// the same seed.
final class RandomExplorer {
    let workers: [ExplorationWorker]
    let signal: StopSignal
    /// Check the states of all the steps from each state, not only the one taken.
    let simulates: Bool
    /// Runs per batch (and per worker share within one).
    static let batch = 64

    init(workers: [ExplorationWorker], signal: StopSignal, simulates: Bool = false) {
        self.workers = workers
        self.signal = signal
        self.simulates = simulates
    }

    /// One run's result.
    struct Run {
        var steps = 0
        var events = 0
        var depth = 0
        /// The hashes of the states it reached (random mode counts states by hash).
        var keys: [Int] = []
        var violation: (steps: [CheckAction], name: String, message: String)?
        /// Whether a stop cut it short.
        var stopped = false
    }

    /// The seed of run `r`.
    static func seed(_ seed: UInt64, run r: Int) -> UInt64 {
        var mix = SplitMix64(seed: seed ^ (UInt64(r) &* 0xD1B5_4A32_D192_ED03))
        return mix.next()
    }

    func run(runs: Int, depth: Int, seed: UInt64) -> Explorer.Outcome {
        var outcome = Explorer.Outcome()
        var visited: Set<Int> = []
        var start = 0
        while start < runs {
            let end = min(runs, start + Self.batch * workers.count)
            let results = UnsafeResults(count: end - start)
            let first = start
            Parallel.forEach(workers.count) { w in
                var r = first + w
                while r < end {
                    let run = one(worker: workers[w], depth: depth, seed: Self.seed(seed, run: r))
                    results[r - first] = run
                    if run.violation != nil || run.stopped { return }
                    r += workers.count
                }
            }
            for i in 0..<(end - start) {
                let run = results[i]
                outcome.steps += run.steps
                outcome.events += run.events
                outcome.depthReached = max(outcome.depthReached, run.depth)
                for k in run.keys { visited.insert(k) }
                outcome.states = visited.count
                if let v = run.violation {
                    outcome.violation = v
                    return outcome
                }
                if run.stopped { return outcome }
            }
            signal.states.store(visited.count, ordering: .relaxed)
            signal.depth.store(outcome.depthReached, ordering: .relaxed)
            signal.runs.store(end, ordering: .relaxed)
            start = end
        }
        return outcome
    }

    /// One random run on a worker.
    private func one(worker: ExplorationWorker, depth: Int, seed: UInt64) -> Run {
        var run = Run()
        var rng = SplitMix64(seed: seed)
        let app = worker.app
        app.restore(worker.root, clock: worker.rootClock)
        var path: [CheckAction] = []
        for level in 1...max(1, depth) {
            if signal.poll() {
                run.stopped = true
                return run
            }
            let candidates = worker.candidates()
            guard !candidates.isEmpty else { break }
            let chosen = Int(rng.next() % UInt64(candidates.count))
            let action = candidates[chosen]
            if simulates, let found = others(of: chosen, in: candidates, worker: worker, run: &run) {
                run.violation = (path + [found.step], found.name, found.message)
                run.depth = max(run.depth, level)
                return run
            }
            app.restore(app.snapshot(), clock: app.now)
            guard let events = worker.apply(action) else { continue }
            path.append(action)
            run.steps += 1
            run.events += events.count
            run.depth = max(run.depth, level)
            signal.steps.add(1, ordering: .relaxed)
            run.keys.append(worker.key().key.hashValue)
            if let found = worker.checks.violation(app, events) {
                run.violation = (path, found.name, found.message)
                return run
            }
        }
        return run
    }

    /// Simulation: applies each step but the one `chosen` from the state
    /// the app is in, checks and counts the state each reaches, and leaves
    /// the app where it was.
    /// - Returns: the first step whose state breaks an invariant, if one does.
    private func others(of chosen: Int, in candidates: [CheckAction], worker: ExplorationWorker, run: inout Run)
        -> (step: CheckAction, name: String, message: String)?
    {
        let app = worker.app
        let state = app.snapshot()
        let clock = app.now
        defer { app.restore(state, clock: clock) }
        for (i, step) in candidates.enumerated() where i != chosen {
            app.restore(state, clock: clock)
            guard let events = worker.apply(step) else { continue }
            run.steps += 1
            run.events += events.count
            signal.steps.add(1, ordering: .relaxed)
            run.keys.append(worker.key().key.hashValue)
            if let found = worker.checks.violation(app, events) { return (step, found.name, found.message) }
        }
        return nil
    }
}

/// Results written by several workers, each to its own slots (a buffer,
/// not an array: an array's storage is not to be written from two threads).
private final class UnsafeResults: @unchecked Sendable {
    private let runs: UnsafeMutableBufferPointer<RandomExplorer.Run>

    init(count: Int) {
        runs = .allocate(capacity: count)
        _ = runs.initialize(from: repeatElement(RandomExplorer.Run(), count: count))
    }

    deinit {
        runs.deinitialize()
        runs.deallocate()
    }

    subscript(i: Int) -> RandomExplorer.Run {
        get { runs[i] }
        set { runs[i] = newValue }
    }
}
