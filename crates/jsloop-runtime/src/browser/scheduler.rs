//! The host functions behind `scheduler.postTask`, `scheduler.yield` and
//! `TaskController.setPriority` (`24_scheduler.js`): the scheduler task
//! queues, their priorities and the delayed postTask tasks are the loop's
//! (`jsloop_core::html::scheduler`); the glue keeps the promises, the
//! signals and the scheduling state.
//!
//! <https://wicg.github.io/scheduling-apis/>
use std::rc::Rc;
use std::time::Duration;

use jsloop_core::html::scheduler::{PrioritySource, SchedulerQueueKey, TaskPriority};
use jsloop_core::microtask::invoke_callback;
use rquickjs::{Ctx, Function, Object, Persistent, Value};

use super::globals::{trace_call_stack, track_rejections};
use super::{JsHost, JsSteps, Shared};
use crate::quickjs::parse_origin;

/// Installs `schedulerQueue`, `schedulerRemove`, `schedulerSignalPriority`,
/// `currentTaskId` and `invokeRethrow` on `host`.
pub(super) fn install_scheduler_functions<'js>(
    ctx: &Ctx<'js>,
    host: &Object<'js>,
    shared: &Rc<Shared>,
) -> rquickjs::Result<()> {
    // "Schedule a task to invoke an algorithm" on the queue that "select the
    // scheduler task queue" gives for (priority source, isContinuation):
    // `queue` is the TaskSignal's number for a dynamic queue, or the
    // priority of a static one. After `delay` ms if it is more than 0.
    // Returns the task handle's number.
    let s = shared.clone();
    host.set(
        "schedulerQueue",
        Function::new(
            ctx.clone(),
            move |ctx: Ctx<'js>,
                  queue: Value<'js>,
                  is_continuation: bool,
                  delay: f64,
                  label: String,
                  f: Function<'js>,
                  origin: Option<String>|
                  -> f64 {
                let priority_source = match queue.as_number() {
                    Some(signal) => PrioritySource::Signal(signal as u64),
                    None => PrioritySource::Fixed(
                        queue
                            .as_string()
                            .and_then(|s| s.to_string().ok())
                            .and_then(|s| TaskPriority::from_name(&s))
                            .unwrap_or(TaskPriority::UserVisible),
                    ),
                };
                let key = SchedulerQueueKey { priority_source, is_continuation };
                let origin = origin.as_deref().and_then(parse_origin);
                // The rejection tracker's operations so far come first, as
                // for queueTask (globals.rs).
                track_rejections(&ctx, &s);
                trace_call_stack(&ctx, &s);
                let delay = Duration::from_secs_f64(if delay.is_finite() && delay > 0.0 {
                    delay / 1000.0
                } else {
                    0.0
                });
                let steps = JsSteps::Glue { func: Persistent::save(&ctx, f) };
                s.lp.borrow_mut().queue_scheduler_task(key, delay, label, origin, steps) as f64
            },
        )?,
    )?;
    // A task handle's abort steps: remove the task from its queue (or from
    // the wait for its delay).
    let s = shared.clone();
    host.set(
        "schedulerRemove",
        Function::new(ctx.clone(), move |handle: f64| -> bool {
            s.lp.borrow_mut().remove_scheduler_task(handle as u64)
        })?,
    )?;
    // A TaskSignal's priority (its dynamic queues follow it): set when the
    // signal is first used and by its priority change algorithm.
    let s = shared.clone();
    host.set(
        "schedulerSignalPriority",
        Function::new(ctx.clone(), move |signal: f64, priority: String| {
            if let Some(p) = TaskPriority::from_name(&priority) {
                s.lp.borrow_mut().set_task_signal_priority(signal as u64, p);
            }
        })?,
    )?;
    // Web IDL's "invoke a callback function" with "rethrow": the callback
    // runs as script (prepare to run script, then clean up after running
    // script: a microtask checkpoint if the stack is then empty), and what
    // it throws is thrown to the caller after that, not reported. (postTask's
    // callback: the glue's task steps are not script, so `el.click()` in the
    // callback must see it on the stack.)
    let s = shared.clone();
    host.set(
        "invokeRethrow",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, f: Function<'js>| -> rquickjs::Result<Value<'js>> {
            let host = JsHost { ctx: ctx.clone(), shared: s.clone() };
            let lp = s.lp.clone();
            // (The exception is taken before the checkpoint runs script.)
            let outcome = invoke_callback(&lp, &host, || f.call::<_, Value>(()).map_err(|_| ctx.catch()));
            outcome.map_err(|e| ctx.throw(e))
        })?,
    )?;
    // The task now running (its steps or its microtask checkpoint), 0
    // between tasks: the glue's current scheduling state lasts that long.
    let s = shared.clone();
    host.set(
        "currentTaskId",
        Function::new(ctx.clone(), move || -> f64 { s.lp.borrow().current_task_id().unwrap_or(0) as f64 })?,
    )?;
    Ok(())
}
