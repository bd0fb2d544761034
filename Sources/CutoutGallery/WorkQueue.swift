import Foundation

/// Tasks run on every core until none is left, where a running task may add more.
///
/// The gallery renders frames as tasks, and the task that finishes a scene's last frame adds
/// the tasks that encode them. The newest task runs first, so a scene's files are made (and
/// its pixmaps freed) before frames of other scenes are started.
final class WorkQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var tasks: [@Sendable () -> Void] = []
    private var running = 0

    /// Adds `task`; it runs before every task added earlier that has not started.
    func add(_ task: @escaping @Sendable () -> Void) {
        condition.lock()
        tasks.append(task)
        condition.signal()
        condition.unlock()
    }

    /// Runs the tasks on every core; returns when none is left and none is running.
    func run() {
        DispatchQueue.concurrentPerform(iterations: ProcessInfo.processInfo.activeProcessorCount) { _ in
            condition.lock()
            while true {
                if let task = tasks.popLast() {
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
