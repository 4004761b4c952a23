// jsloop glue 24: the Prioritized Task Scheduling API, in a window and in a
// worker: scheduler.postTask, scheduler.yield, TaskController, TaskSignal
// and TaskPriorityChangeEvent.
// https://wicg.github.io/scheduling-apis/
// The scheduler task queues, their priorities and the delayed tasks are the
// loop's (jsloop_core::html::scheduler, through browser/scheduler.rs); the
// glue keeps the promises, the signals and the event loop's current
// scheduling state. The messages are Chromium's.
(function (host, g, web) {
  'use strict';
  const { define, DOMException, Event, fireTrusted, defineEventHandler, callerOrigin, signals } = web;
  const PRIORITIES = ['user-blocking', 'user-visible', 'background'];

  // WebIDL enum conversion: ToString, then one of the values.
  function toPriority(v, fail, where = '') {
    const s = String(v);
    if (!PRIORITIES.includes(s)) fail(`${where}The provided value '${s}' is not a valid enum value of type TaskPriority.`);
    return s;
  }

  // ---------------------------------------------------------------- TaskPriorityChangeEvent
  // https://wicg.github.io/scheduling-apis/#sec-task-priority-change-event
  class TaskPriorityChangeEvent extends Event {
    #previousPriority;
    constructor(type, priorityChangeEventInitDict) {
      const fail = (m) => { throw new TypeError(`Failed to construct 'TaskPriorityChangeEvent': ${m}`); };
      if (arguments.length < 2) fail(`2 arguments required, but only ${arguments.length} present.`);
      const init = priorityChangeEventInitDict;
      if (init !== undefined && init !== null && typeof init !== 'object' && typeof init !== 'function') {
        fail("The provided value is not of type 'TaskPriorityChangeEventInit'.");
      }
      const previous = init == null ? undefined : init.previousPriority;
      const where = "Failed to read the 'previousPriority' property from 'TaskPriorityChangeEventInit': ";
      if (previous === undefined) fail(where + 'Required member is undefined.');
      const previousPriority = toPriority(previous, fail, where);
      super(type, init);
      this.#previousPriority = previousPriority;
    }
    // The previousPriority getter steps: the value it was initialized to.
    get previousPriority() { return this.#previousPriority; }
  }

  // ---------------------------------------------------------------- TaskSignal
  // https://wicg.github.io/scheduling-apis/#sec-task-signal
  const AbortSignal = g.AbortSignal;
  const taskSignalState = new WeakMap();
  let makingTaskSignal = false;
  let nextSignalNumber = 1;
  class TaskSignal extends AbortSignal {
    constructor() {
      if (!makingTaskSignal) throw new TypeError("Failed to construct 'TaskSignal': Illegal constructor");
      super();
      taskSignalState.set(this, {
        // priority, priority changing, priority change algorithms
        priority: 'user-visible', changing: false, algorithms: [],
        // source signal (weak), dependent signals (weak), dependent
        source: null, dependents: [], dependent: false,
        // The loop's number for it, once a dynamic queue is made for it.
        number: 0,
      });
    }
    // https://wicg.github.io/scheduling-apis/#dom-tasksignal-any
    static any(signalList, init = undefined) {
      const fail = (m) => { throw new TypeError(`Failed to execute 'any' on 'TaskSignal': ${m}`); };
      if (arguments.length === 0) fail('1 argument required, but only 0 present.');
      if (signalList === null || (typeof signalList !== 'object' && typeof signalList !== 'function') || typeof signalList[Symbol.iterator] !== 'function') {
        fail('The provided value cannot be converted to a sequence.');
      }
      const list = [...signalList];
      if (list.some((x) => !signals.state(x))) fail("Failed to convert value to 'AbortSignal'.");
      if (init !== undefined && init !== null && typeof init !== 'object' && typeof init !== 'function') {
        fail("The provided value is not of type 'TaskSignalAnyInit'.");
      }
      // (TaskPriority or TaskSignal) priority = "user-visible".
      let priority = init == null || init.priority === undefined ? 'user-visible' : init.priority;
      if (!taskSignalState.has(priority)) {
        priority = toPriority(priority, fail, "Failed to read the 'priority' property from 'TaskSignalAnyInit': ");
      }
      // Step 1. Let resultSignal be the result of creating a dependent signal
      // from signals using the TaskSignal interface.
      const result = signals.createDependent(list, newTaskSignal);
      const r = taskSignalState.get(result);
      // Step 2. Set resultSignal's dependent to true.
      r.dependent = true;
      if (typeof priority === 'string') {
        // Step 3. If init["priority"] is a TaskPriority: set resultSignal's priority to it.
        r.priority = priority;
      } else {
        // Step 4.1-4.2. Otherwise, sourceSignal is init["priority"]; take its priority.
        let source = priority;
        r.priority = taskSignalState.get(source).priority;
        // Step 4.3. If sourceSignal does not have fixed priority: depend on
        // it (or on its source, if it is dependent).
        if (!hasFixedPriority(source)) {
          if (taskSignalState.get(source).dependent) source = taskSignalState.get(source).source.deref();
          r.source = new WeakRef(source);
          taskSignalState.get(source).dependents.push(new WeakRef(result));
        }
      }
      // Step 5. Return resultSignal.
      return result;
    }
    // The priority getter steps: this's priority.
    get priority() { return stateOfTaskSignal(this, 'priority').priority; }
  }
  defineEventHandler(TaskSignal.prototype, 'onprioritychange');
  function stateOfTaskSignal(signal, what) {
    const s = taskSignalState.get(signal);
    if (!s) throw new TypeError(`Failed to read the '${what}' property from 'TaskSignal': Illegal invocation`);
    return s;
  }
  function newTaskSignal() {
    makingTaskSignal = true;
    try { return signals.construct(() => new TaskSignal()); } finally { makingTaskSignal = false; }
  }
  // https://wicg.github.io/scheduling-apis/#tasksignal-has-fixed-priority
  function hasFixedPriority(signal) {
    const s = taskSignalState.get(signal);
    return s.dependent && s.source === null;
  }
  // https://wicg.github.io/scheduling-apis/#tasksignal-signal-priority-change
  function signalPriorityChange(signal, priority) {
    const s = taskSignalState.get(signal);
    // Step 1. If signal's priority changing is true, throw a "NotAllowedError" DOMException.
    if (s.changing) {
      throw new DOMException("Failed to execute 'setPriority' on 'TaskController': Cannot change priority when a prioritychange event is in progress.", 'NotAllowedError');
    }
    // Step 2. If signal's priority equals priority then return.
    if (s.priority === priority) return;
    // Step 3. Set signal's priority changing to true.
    s.changing = true;
    try {
      // Step 4-5. Let previousPriority be signal's priority; set it to priority.
      const previousPriority = s.priority;
      s.priority = priority;
      // Step 6. For each algorithm of signal's priority change algorithms, run algorithm.
      for (const algorithm of s.algorithms) algorithm();
      // Step 7. Fire an event named prioritychange at signal using
      // TaskPriorityChangeEvent, its previousPriority initialized to previousPriority.
      fireTrusted(signal, new TaskPriorityChangeEvent('prioritychange', { previousPriority }));
      // Step 8. For each dependentSignal of signal's dependent signals,
      // signal priority change on dependentSignal with priority.
      for (const ref of s.dependents) {
        const dependent = ref.deref();
        if (dependent) signalPriorityChange(dependent, priority);
      }
    } finally {
      // Step 9. Set signal's priority changing to false.
      s.changing = false;
    }
  }

  // ---------------------------------------------------------------- TaskController
  // https://wicg.github.io/scheduling-apis/#sec-task-controller
  class TaskController extends g.AbortController {
    constructor(init = undefined) {
      const fail = (m) => { throw new TypeError(`Failed to construct 'TaskController': ${m}`); };
      if (init !== undefined && init !== null && typeof init !== 'object' && typeof init !== 'function') {
        fail("The provided value is not of type 'TaskControllerInit'.");
      }
      const priority = init == null || init.priority === undefined
        ? 'user-visible'
        : toPriority(init.priority, fail, "Failed to read the 'priority' property from 'TaskControllerInit': ");
      // Step 1. Let signal be a new TaskSignal object.
      const signal = newTaskSignal();
      // Step 2. Set signal's priority to init["priority"].
      taskSignalState.get(signal).priority = priority;
      // Step 3. Set this's signal to signal.
      signals.nextControllerSignal(signal);
      super();
    }
    // https://wicg.github.io/scheduling-apis/#dom-taskcontroller-setpriority
    setPriority(priority) {
      const fail = (m) => { throw new TypeError(`Failed to execute 'setPriority' on 'TaskController': ${m}`); };
      if (arguments.length === 0) fail('1 argument required, but only 0 present.');
      const p = toPriority(priority, fail);
      // Signal priority change on this's signal given priority.
      signalPriorityChange(this.signal, p);
    }
  }

  // ---------------------------------------------------------------- Scheduler
  // https://wicg.github.io/scheduling-apis/#sec-scheduler
  // The event loop's current scheduling state, with the task it was set in.
  // The spec sets it while a postTask callback runs; Chromium carries it
  // on through the callback's awaits. jsloop keeps it for the rest of that
  // task, its microtask checkpoint included (docs/deviations.md).
  let currentSchedulingState = null;
  function schedulingStateNow() {
    return currentSchedulingState !== null && currentSchedulingState.task === host.currentTaskId()
      ? currentSchedulingState.state
      : null;
  }
  let makingScheduler = false;
  class Scheduler {
    #brand = true;
    constructor() {
      if (!makingScheduler) throw new TypeError("Failed to construct 'Scheduler': Illegal constructor");
    }
    // https://wicg.github.io/scheduling-apis/#dom-scheduler-posttask
    postTask(callback, options = undefined) {
      // (A promise-returning operation rejects instead of throwing.)
      try {
        if (!(this !== null && typeof this === 'object' && #brand in this)) fail('Illegal invocation');
        if (arguments.length === 0) fail('1 argument required, but only 0 present.');
        if (typeof callback !== 'function') fail("parameter 1 is not of type 'Function'.");
        return schedulePostTask(callback, readPostTaskOptions(options));
      } catch (e) {
        return Promise.reject(e);
      }
      function fail(m) { throw new TypeError(`Failed to execute 'postTask' on 'Scheduler': ${m}`); }
    }
    // https://wicg.github.io/scheduling-apis/#dom-scheduler-yield
    yield() {
      if (!(this !== null && typeof this === 'object' && #brand in this)) {
        return Promise.reject(new TypeError("Failed to execute 'yield' on 'Scheduler': Illegal invocation"));
      }
      return scheduleYieldContinuation();
    }
  }
  // SchedulerPostTaskOptions, its members in order: delay, priority, signal.
  function readPostTaskOptions(options) {
    const fail = (m) => { throw new TypeError(`Failed to execute 'postTask' on 'Scheduler': ${m}`); };
    if (options === undefined || options === null) return { delay: 0, priority: undefined, signal: null };
    if (typeof options !== 'object' && typeof options !== 'function') fail("The provided value is not of type 'SchedulerPostTaskOptions'.");
    // [EnforceRange] unsigned long long delay = 0.
    let delay = 0;
    if (options.delay !== undefined) {
      const where = "Failed to read the 'delay' property from 'SchedulerPostTaskOptions': ";
      const ms = Number(options.delay);
      if (Number.isNaN(ms)) fail(where + "Value is not of type 'unsigned long long'.");
      if (!Number.isFinite(ms)) fail(where + "Value is infinite and not of type 'unsigned long long'.");
      delay = Math.trunc(ms);
      if (delay < 0 || delay > Number.MAX_SAFE_INTEGER) fail(where + "Value is outside the 'unsigned long long' value range.");
    }
    const priority = options.priority === undefined
      ? undefined
      : toPriority(options.priority, fail, "Failed to read the 'priority' property from 'SchedulerPostTaskOptions': ");
    const signal = options.signal === undefined ? null : options.signal;
    if (signal !== null && !signals.state(signal)) {
      fail("Failed to read the 'signal' property from 'SchedulerPostTaskOptions': Failed to convert value to 'AbortSignal'.");
    }
    return { delay, priority, signal };
  }

  // https://wicg.github.io/scheduling-apis/#create-a-task-handle
  function createTaskHandle(reject, signal) {
    // Steps 1-3. task and queue null (here: the loop's number for the task, 0).
    const handle = { task: 0, abortSteps: null, taskCompleteSteps: null };
    // Step 4. The abort steps: reject result with signal's abort reason;
    // remove the task from its queue if it is queued.
    handle.abortSteps = () => {
      reject(signals.state(signal).reason);
      if (handle.task !== 0) host.schedulerRemove(handle.task);
    };
    // Step 5. The task complete steps: remove the abort steps from signal.
    // (The queue's removal steps are the loop's.)
    handle.taskCompleteSteps = () => {
      if (signal === null) return;
      const algorithms = signals.state(signal).algorithms;
      const i = algorithms.indexOf(handle.abortSteps);
      if (i >= 0) algorithms.splice(i, 1);
    };
    return handle;
  }
  // "Select the scheduler task queue" for a priority source (a TaskPriority
  // for a signal with fixed priority, or a TaskSignal): the loop's key.
  function queueOf(prioritySource) {
    if (typeof prioritySource === 'string') return { priority: prioritySource, queue: prioritySource };
    const s = taskSignalState.get(prioritySource);
    if (hasFixedPriority(prioritySource)) return { priority: s.priority, queue: s.priority };
    // Step 1.1. The dynamic queue for (signal, isContinuation), made once,
    // with a priority change algorithm: set the queue's priority to the
    // signal's.
    if (s.number === 0) {
      s.number = nextSignalNumber++;
      host.schedulerSignalPriority(s.number, s.priority);
      s.algorithms.push(() => host.schedulerSignalPriority(s.number, s.priority));
    }
    return { priority: s.priority, queue: s.number };
  }
  // https://wicg.github.io/scheduling-apis/#schedule-a-task-to-invoke-an-algorithm
  function scheduleTask(handle, prioritySource, isContinuation, delay, label, steps) {
    const q = queueOf(prioritySource);
    handle.task = host.schedulerQueue(q.queue, isContinuation, delay, `${label} (${q.priority})`, () => {
      // The task's steps: run steps, then the handle's task complete steps.
      handle.task = 0;
      steps();
      handle.taskCompleteSteps();
    }, callerOrigin());
  }

  // https://wicg.github.io/scheduling-apis/#schedule-a-posttask-task
  function schedulePostTask(callback, options) {
    // Step 1. Let result be a new promise.
    let resolve, reject;
    const result = new Promise((res, rej) => { resolve = res; reject = rej; });
    // Step 2. Let signal be options["signal"] if it exists, or otherwise null.
    const signal = options.signal;
    // Step 3. If signal is not null and it is aborted, then reject result
    // with signal's abort reason and return result.
    if (signal !== null && signals.state(signal).aborted) {
      reject(signals.state(signal).reason);
      return result;
    }
    // Steps 4-8. A new scheduling state: its abort source is signal; its
    // priority source options["priority"] (a fixed priority), else signal if
    // it is a TaskSignal, else "user-visible".
    const state = {
      abortSource: signal,
      prioritySource: options.priority !== undefined
        ? options.priority
        : (signal !== null && taskSignalState.has(signal) ? signal : 'user-visible'),
    };
    // Step 9. Let handle be the result of creating a task handle given result and signal.
    const handle = createTaskHandle(reject, signal);
    // Step 10. If signal is not null, then add handle's abort steps to signal.
    if (signal !== null) signals.state(signal).algorithms.push(handle.abortSteps);
    // Step 11. The enqueue steps: select the scheduler task queue (here,
    // when the delay has elapsed: the loop's), and schedule a task to invoke:
    const steps = () => {
      // Step 11.2.2. Set event loop's current scheduling state to state
      // (until this task is over: step 11.2.4 is the next task's).
      currentSchedulingState = { state, task: host.currentTaskId() };
      try {
        // Step 11.2.3. Invoke callback with « » and "rethrow": reject result
        // with what it threw, else resolve result with what it returned.
        resolve(host.invokeRethrow(callback));
      } catch (e) {
        reject(e);
      }
    };
    // Steps 12-14. After options["delay"] if it is more than 0 (the loop
    // runs the enqueue steps when the timeout has elapsed; an abort before
    // then removes them), else now.
    scheduleTask(handle, state.prioritySource, false, options.delay, 'scheduler.postTask', steps);
    // Step 15. Return result.
    return result;
  }

  // https://wicg.github.io/scheduling-apis/#schedule-a-yield-continuation
  function scheduleYieldContinuation() {
    // Step 1. Let result be a new promise.
    let resolve, reject;
    const result = new Promise((res, rej) => { resolve = res; reject = rej; });
    // Step 2. Let inheritedState be the event loop's current scheduling state.
    const inheritedState = schedulingStateNow();
    // Steps 3-4. Let abortSource be inheritedState's abort source; if it is
    // aborted, reject result with its abort reason and return result.
    const abortSource = inheritedState === null ? null : inheritedState.abortSource;
    if (abortSource !== null && signals.state(abortSource).aborted) {
      reject(signals.state(abortSource).reason);
      return result;
    }
    // Steps 5-6. Let prioritySource be inheritedState's priority source, or
    // a fixed "user-visible" one.
    const prioritySource = inheritedState === null ? 'user-visible' : inheritedState.prioritySource;
    // Steps 7-8. A task handle; its abort steps added to abortSource.
    const handle = createTaskHandle(reject, abortSource);
    if (abortSource !== null) signals.state(abortSource).algorithms.push(handle.abortSteps);
    // Steps 9-10. Schedule a task to invoke "resolve result" on the
    // continuation queue of prioritySource.
    // (What runs after the await, in this task's checkpoint, goes on in the
    // inherited state, as in Chromium.)
    scheduleTask(handle, prioritySource, true, 0, 'scheduler.yield continuation', () => {
      if (inheritedState !== null) currentSchedulingState = { state: inheritedState, task: host.currentTaskId() };
      resolve(undefined);
    });
    // Step 11. Return result.
    return result;
  }

  // Each global's scheduler (https://wicg.github.io/scheduling-apis/#sec-patches-html-windoworworkerglobalscope).
  makingScheduler = true;
  const scheduler = new Scheduler();
  makingScheduler = false;
  define(g, { Scheduler, TaskController, TaskSignal, TaskPriorityChangeEvent });
  // [Replaceable] readonly attribute Scheduler scheduler.
  web.replaceable('scheduler', function scheduler_() { return scheduler; });
  Object.defineProperty(Object.getOwnPropertyDescriptor(g, 'scheduler').get, 'name', { value: 'get scheduler' });
})
