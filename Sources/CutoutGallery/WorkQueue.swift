import Foundation

/// Tasks run on every core until none is left, highest priority first (among equals, the
/// earliest added), where a running task may add more.
///
/// The gallery builds each section's scenes as a task, which adds a task per frame to render;
/// the task that renders a scene's last frame adds the tasks that encode them.
final class WorkQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var tasks: [(priority: Double, run: @Sendable () -> Void)] = []
    private var running = 0

    /// Adds `task`; callable from a running task.
    func add(priority: Double, _ task: @escaping @Sendable () -> Void) {
        condition.lock()
        tasks.append((priority, task))
        condition.signal()
        condition.unlock()
    }

    /// Runs the tasks on every core; returns when none is left and none is running.
    func run() {
        DispatchQueue.concurrentPerform(iterations: ProcessInfo.processInfo.activeProcessorCount) { _ in
            condition.lock()
            while true {
                if let next = tasks.indices.max(by: { tasks[$0].priority < tasks[$1].priority }) {
                    let task = tasks.remove(at: next).run
                    running += 1
                    condition.unlock()
                    task()
                    condition.lock()
                    running -= 1
                } else if running == 0 {
                    // Nothing left and nothing running can add more: wake the others to return.
                    condition.broadcast()
                    break
                } else {
                    condition.wait()
                }
            }
            condition.unlock()
        }
    }
}
