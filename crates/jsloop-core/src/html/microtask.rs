//! The microtask checkpoint, and "clean up after running script".
//!
//! <https://html.spec.whatwg.org/multipage/webappapis.html#perform-a-microtask-checkpoint>
//!
//! The microtask queue itself belongs to the host (for QuickJS it is the
//! engine's job queue, so promise reactions, `queueMicrotask` and, later,
//! mutation observer notifications share one FIFO); the core runs the
//! checkpoint algorithm around it.
use crate::html::{Host, Loop, RunningTask};
use crate::trace::TraceEvent;

/// <https://html.spec.whatwg.org/multipage/webappapis.html#perform-a-microtask-checkpoint>
///
/// (Inlined where it is called: a checkpoint with nothing to do, two of
/// every port message task, costs its two looks; the steps that run
/// microtasks are `run_the_checkpoint`, out of line.)
#[inline]
pub fn perform_a_microtask_checkpoint<H: Host>(lp: &Loop<H::Steps>, host: &H) {
    // Step 1. If the event loop's performing a microtask checkpoint is true,
    // then return.
    if lp.borrow().performing_a_microtask_checkpoint {
        return;
    }
    // (Nothing to do, the common case after a task: Step 3 finds the queue
    // empty, Step 4 nothing to notify about, Step 7 unsets the flag Step 2
    // set, and Step 8 records nothing; the host's look runs nothing.)
    if host.microtask_checkpoint_is_empty() {
        host.microtask_checkpoint_over();
        return;
    }
    run_the_checkpoint(lp, host);
}

/// Steps 2–8 of [`perform_a_microtask_checkpoint`], once Step 1 has not
/// returned and the host has something to run or notify about.
#[inline(never)]
fn run_the_checkpoint<H: Host>(lp: &Loop<H::Steps>, host: &H) {
    {
        let mut l = lp.borrow_mut();
        // Step 2. Set the event loop's performing a microtask checkpoint to true.
        l.performing_a_microtask_checkpoint = true;
        l.microtasks_run = 0;
    }
    // Step 3. While the event loop's microtask queue is not empty:
    loop {
        // Step 3.2. Set the event loop's currently running task to oldestMicrotask.
        let parent = {
            let mut l = lp.borrow_mut();
            l.currently_running_task.replace(RunningTask::Microtask)
        };
        // Step 3.1. Let oldestMicrotask be the result of dequeuing from the event
        // loop's microtask queue.
        // Step 3.3. Run oldestMicrotask.
        let ran = host.run_oldest_microtask(lp);
        // Step 3.4. Set the event loop's currently running task back to null.
        let mut l = lp.borrow_mut();
        l.currently_running_task = parent;
        if !ran {
            break;
        }
        l.microtasks_run += 1;
    }
    // Step 4. For each environment settings object settingsObject whose
    // responsible event loop is this event loop, notify about rejected
    // promises given settingsObject's global object.
    host.notify_about_rejected_promises(lp);
    // Step 5. Cleanup Indexed Database transactions. (No IndexedDB.)
    // Step 6. Perform ClearKeptObjects(). (The engine's WeakRefs.)
    // Step 7. Set the event loop's performing a microtask checkpoint to false.
    let mut l = lp.borrow_mut();
    l.performing_a_microtask_checkpoint = false;
    // Step 8. Record timing info for microtask checkpoint.
    // (The trace shows only checkpoints that ran something.)
    let microtasks = l.microtasks_run;
    if microtasks > 0 {
        l.trace(TraceEvent::CheckpointEnd { microtasks });
    }
}

/// Calls a callback the way the host calls script: the JavaScript execution
/// context stack grows by one for the call, and when it is empty again,
/// "clean up after running script" performs a microtask checkpoint.
///
/// <https://html.spec.whatwg.org/multipage/webappapis.html#clean-up-after-running-script>
///
/// This one rule is why a real click runs microtasks between two listeners
/// (the host calls each listener with an empty stack) while `el.click()` from
/// a script does not (the script is still on the stack).
pub fn invoke_callback<H: Host, R>(lp: &Loop<H::Steps>, host: &H, callback: impl FnOnce() -> R) -> R {
    // (prepare to run script: the callback's execution context is pushed.)
    lp.borrow_mut().callback_depth += 1;
    let result = callback();
    // Clean up after running script:
    // Step 2. Assert: settings's realm execution context is no longer on the
    // JavaScript execution context stack.
    let empty = {
        let mut l = lp.borrow_mut();
        l.callback_depth -= 1;
        l.callback_depth == 0
    };
    // Step 3. If the JavaScript execution context stack is now empty, perform a
    // microtask checkpoint.
    if empty {
        perform_a_microtask_checkpoint(lp, host);
    }
    result
}
