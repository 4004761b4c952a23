//! Rendering opportunities, animation frame callbacks and the paint.
//!
//! <https://html.spec.whatwg.org/multipage/webappapis.html#update-the-rendering>
//!
//! jsloop follows the current standard's model (and ../shared/seeds/003):
//! a watcher "in parallel" notices each rendering opportunity and queues a
//! task on the rendering task source to update the rendering; that task is
//! selected like any other. Rendering opportunities come at `fps` per second
//! on the loop's clock, at exact multiples of 1000/fps ms. The watcher only
//! queues a task when there is something to render (animation frame
//! callbacks, or changes since the last paint): an idle page costs nothing,
//! and does not keep the loop alive.
use super::{EventLoop, Host, Loop};
use crate::clock::millis;
use crate::trace::TraceEvent;
use std::collections::BTreeMap;
use std::time::Duration;

/// An animation frame callback's handle (`requestAnimationFrame`'s result).
pub type FrameHandle = u32;

/// The rendering state of the loop's one document.
#[derive(Debug)]
pub struct Rendering<P> {
    fps: u32,
    /// The index k of the last rendering opportunity used (at k·1000/fps ms).
    last_frame: u64,
    /// <https://html.spec.whatwg.org/multipage/webappapis.html#last-render-opportunity-time>
    /// as the rendering opportunity watcher sets it: the time of the
    /// opportunity it last took, when it queued the task to update the
    /// rendering. The frame's timestamp, whenever that task gets to run.
    last_render_opportunity: Duration,
    /// <https://html.spec.whatwg.org/multipage/imagebitmap-and-animations.html#list-of-animation-frame-callbacks>
    /// (the "map of animation frame callbacks", ordered by handle).
    pub map_of_animation_frame_callbacks: BTreeMap<FrameHandle, P>,
    /// <https://html.spec.whatwg.org/multipage/imagebitmap-and-animations.html#animation-frame-callback-identifier>
    animation_frame_callback_identifier: FrameHandle,
    /// Whether an update-the-rendering task is queued and has not run yet.
    pub(crate) task_queued: bool,
    /// Whether a frame was rendered since the last idle period started.
    pub(crate) rendered_since_idle: bool,
    /// Frames rendered so far.
    pub frames: u64,
}

impl<P> Rendering<P> {
    /// No frame rendered yet, no animation frame callback, and `fps`
    /// rendering opportunities per second (at least 1).
    pub fn new(fps: u32) -> Self {
        Rendering {
            fps: fps.max(1),
            last_frame: 0,
            last_render_opportunity: Duration::ZERO,
            map_of_animation_frame_callbacks: BTreeMap::new(),
            animation_frame_callback_identifier: 0,
            task_queued: false,
            rendered_since_idle: false,
            frames: 0,
        }
    }

    /// Rendering opportunities per second.
    pub fn fps(&self) -> u32 {
        self.fps
    }

    /// The time of rendering opportunity k: exactly k·1000/fps ms.
    pub fn opportunity_time(&self, k: u64) -> Duration {
        Duration::from_nanos((u128::from(k) * 1_000_000_000 / u128::from(self.fps)) as u64)
    }

    /// The index of the last rendering opportunity at or before `now`.
    fn opportunity_at_or_before(&self, now: Duration) -> u64 {
        let k = (now.as_nanos() * u128::from(self.fps) / 1_000_000_000) as u64;
        // Opportunity times are rounded down to whole nanoseconds, so the
        // division can land one short of an opportunity exactly at `now`.
        if self.opportunity_time(k + 1) <= now {
            k + 1
        } else {
            k
        }
    }

    /// <https://html.spec.whatwg.org/multipage/webappapis.html#last-render-opportunity-time>:
    /// the display's last frame boundary at or before `now`.
    pub fn last_render_opportunity_time(&self, now: Duration) -> Duration {
        self.opportunity_time(self.opportunity_at_or_before(now))
    }

    /// The next rendering opportunity not yet used: the latest one at or
    /// before `now` if that one is unused (it is due now), else the first
    /// unused one after it.
    pub fn next_opportunity(&self, now: Duration) -> Duration {
        let latest = self.opportunity_at_or_before(now);
        self.opportunity_time(latest.max(self.last_frame + 1))
    }

    /// If a rendering opportunity has come (`now` is at or past the next
    /// unused one), uses it and returns its time: the frame timestamp.
    pub(crate) fn take_opportunity(&mut self, now: Duration) -> Option<Duration> {
        let next = self.next_opportunity(now);
        if next > now {
            return None;
        }
        self.last_frame = self.opportunity_at_or_before(now);
        self.last_render_opportunity = self.opportunity_time(self.last_frame);
        Some(self.last_render_opportunity)
    }

    /// <https://html.spec.whatwg.org/multipage/imagebitmap-and-animations.html#dom-animationframeprovider-requestanimationframe>
    pub fn request_animation_frame(&mut self, callback: P) -> FrameHandle {
        // Step 2. Let target be this's relevant global object.
        // Step 3. Increment target's animation frame callback identifier by one,
        // and let handle be the result.
        self.animation_frame_callback_identifier += 1;
        let handle = self.animation_frame_callback_identifier;
        // Step 4. Let callbacks be target's map of animation frame callbacks.
        // Step 5. Set callbacks[handle] to callback.
        self.map_of_animation_frame_callbacks.insert(handle, callback);
        // Step 6. Return handle.
        handle
    }

    /// <https://html.spec.whatwg.org/multipage/imagebitmap-and-animations.html#animationframeprovider-cancelanimationframe>
    /// "Remove callbacks\[handle\]": a callback cancelled even after its frame
    /// began never runs.
    pub fn cancel_animation_frame(&mut self, handle: FrameHandle) -> bool {
        self.map_of_animation_frame_callbacks.remove(&handle).is_some()
    }
}

// The update the rendering task and animation frame callbacks, on the
// event loop.

impl<P: Clone> EventLoop<P> {
    /// `requestAnimationFrame(callback)`.
    pub fn request_animation_frame(&mut self, callback: P) -> u32 {
        self.rendering.request_animation_frame(callback)
    }

    /// `cancelAnimationFrame(handle)`.
    pub fn cancel_animation_frame(&mut self, handle: u32) {
        self.rendering.cancel_animation_frame(handle);
    }
}

/// Whether the document has something to render: animation frame callbacks,
/// or changes since its last paint.
pub(super) fn rendering_wanted<H: Host>(lp: &Loop<H::Steps>, host: &H) -> bool {
    !lp.borrow().rendering.map_of_animation_frame_callbacks.is_empty() || host.has_rendering_updates()
}

/// <https://html.spec.whatwg.org/multipage/webappapis.html#update-the-rendering>:
/// the task the rendering opportunity watcher queues on the rendering task
/// source. Steps jsloop has nothing to do for (no layout, no viewport) are
/// named and traced as such.
pub(super) fn update_the_rendering<H: Host>(lp: &Loop<H::Steps>, host: &H) {
    let (frame, frame_timestamp) = {
        let mut l = lp.borrow_mut();
        l.rendering.task_queued = false;
        l.rendering.frames += 1;
        // Step 1. Let frameTimestamp be eventLoop's last render opportunity time:
        // set by the watcher when it queued this task ("set eventLoop's last
        // render opportunity time to the unsafe shared current time"), not
        // when the task runs. A task that waited behind others (a loaded
        // machine under --clock real) would otherwise take the boundary at
        // which the next opportunity is taken, and two frames would share a
        // timestamp.
        let ts = millis(l.rendering.last_render_opportunity);
        let callbacks = l.rendering.map_of_animation_frame_callbacks.len();
        let frame = l.rendering.frames;
        l.trace(TraceEvent::FrameStart { frame, timestamp_ms: ts, animation_frame_callbacks: callbacks });
        (frame, ts)
    };
    // Step 2. Let docs be all fully active Document objects whose relevant
    // agent's event loop is eventLoop: the one document.
    // Step 3. Filter non-renderable documents: the document is never hidden,
    // render-blocked or suppressed.
    // Step 4. Unnecessary rendering: remove documents for which updating the
    // rendering would have no visible effect and whose map of animation frame
    // callbacks is empty.
    if lp.borrow().rendering.map_of_animation_frame_callbacks.is_empty() && !host.has_rendering_updates() {
        lp.borrow_mut().trace(TraceEvent::FrameSkipped { frame, reason: "unnecessary rendering" });
        return;
    }
    // Step 5. Remove documents the user agent prefers to skip: none.
    let no_op = |step: &'static str, note: &'static str| {
        lp.borrow_mut().trace(TraceEvent::RenderingStep { step, note });
    };
    // Step 6. For each doc of docs, reveal doc.
    no_op("reveal", "nothing to do (the document is already revealed)");
    // Step 7. Flush autofocus candidates.
    no_op("flush autofocus candidates", "nothing to do (no focusable areas)");
    // Step 8. Run the resize steps.
    no_op("resize steps", "nothing to do (the viewport never changes size)");
    // Step 9. Run the scroll steps.
    no_op("scroll steps", "nothing to do (nothing scrolls)");
    // Step 10. Evaluate media queries and report changes.
    no_op("evaluate media queries and report changes", "nothing to do (no media queries)");
    // Step 11. For each doc of docs, update animations and send events for
    // doc, passing in relative high resolution time given frameTimestamp
    // and doc's relevant global object as the timestamp.
    no_op("update animations and send events", "CSS animations and transitions");
    host.update_animations_and_send_events(lp, frame_timestamp);
    // Step 12. Run the fullscreen steps.
    no_op("fullscreen steps", "nothing to do (no fullscreen)");
    // Step 13. Canvas context lost steps.
    no_op("canvas context lost steps", "nothing to do (no canvas)");
    // Step 14. For each doc of docs, run the animation frame callbacks for doc,
    // passing in frameTimestamp.
    run_the_animation_frame_callbacks(lp, host, frame_timestamp);
    // Step 15. Let unsafeLayoutStartTime be the unsafe shared current time.
    // Step 16. For each doc of docs: (jsloop has no layout: styles and
    // layout are never recalculated, and every box is empty.)
    no_op(
        "style, layout and ResizeObserver",
        "no layout engine (every box is empty); ResizeObserver callbacks",
    );
    run_the_resize_observer_loop(lp, host);
    // Step 17. Focus fixup.
    no_op("focus fixup", "nothing to do");
    // Step 18. Perform pending transition operations.
    no_op("pending transition operations", "nothing to do (no view transitions)");
    // Step 19. For each doc of docs, run the update intersection
    // observations steps for doc, passing in the relative high resolution
    // time of the frame.
    no_op("update intersection observations", "IntersectionObserver entries are queued as tasks");
    host.update_intersection_observations(lp, frame_timestamp);
    // Step 20. Record rendering time. Step 21. Mark paint timing.
    // Step 22. Update the rendering or user interface of doc to reflect the
    // current state: the paint, with what changed since the last one.
    let changes = host.paint(lp);
    let mut l = lp.borrow_mut();
    l.rendering.rendered_since_idle = true;
    l.trace(TraceEvent::Paint { frame, changes });
    // Step 23. Process top layer removals: nothing to do (no top layer).
}

/// Step 16 of update the rendering, for the one document: the
/// ResizeObserver loop (<https://html.spec.whatwg.org/multipage/webappapis.html#update-the-rendering>).
fn run_the_resize_observer_loop<H: Host>(lp: &Loop<H::Steps>, host: &H) {
    // Step 16.1. Recalculate styles and update layout for doc (a style
    // change event; there is no layout).
    host.recalculate_styles(lp);
    // Step 16.2. Let resizeObserverDepth be 0.
    let mut resize_observer_depth = 0;
    // Step 16.3. While true:
    loop {
        // Step 16.3.1-16.3.4. Recalculate styles and update layout; the
        // content-visibility determinations (none: no layout).
        // Step 16.3.5. Gather active resize observations at depth
        // resizeObserverDepth for doc.
        host.gather_active_resize_observations(resize_observer_depth);
        // Step 16.3.6. If doc has active resize observations:
        if host.has_active_resize_observations() {
            // Step 16.3.6.1. Set resizeObserverDepth to the result of
            // broadcasting active resize observations given doc.
            resize_observer_depth = host.broadcast_active_resize_observations(lp);
            // Step 16.3.6.2. Continue.
            continue;
        }
        // Step 16.3.7. Otherwise, break.
        break;
    }
    // Step 16.4. If doc has skipped resize observations, then deliver resize
    // loop error given doc.
    if host.has_skipped_resize_observations() {
        host.deliver_resize_loop_error(lp);
    }
}

/// <https://html.spec.whatwg.org/multipage/imagebitmap-and-animations.html#run-the-animation-frame-callbacks>
fn run_the_animation_frame_callbacks<H: Host>(lp: &Loop<H::Steps>, host: &H, now: f64) {
    // Step 1. Let callbacks be target's map of animation frame callbacks.
    // Step 2. Let callbackHandles be the result of getting the keys of callbacks.
    let handles: Vec<u32> = lp.borrow().rendering.map_of_animation_frame_callbacks.keys().copied().collect();
    // Step 3. For each handle in callbackHandles, if handle exists in callbacks:
    for handle in handles {
        // Step 3.1. Let callback be callbacks[handle].
        // Step 3.2. Remove callbacks[handle].
        let callback = lp.borrow_mut().rendering.map_of_animation_frame_callbacks.remove(&handle);
        let Some(callback) = callback else { continue };
        // Step 3.3. Invoke callback with « now » and "report".
        lp.borrow_mut().trace(TraceEvent::AnimationFrameCallback { handle, timestamp_ms: now });
        host.run_animation_frame_callback(lp, callback, now);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opportunities_are_exact_multiples_of_the_frame_interval() {
        let r: Rendering<()> = Rendering::new(60);
        assert_eq!(r.opportunity_time(3), Duration::from_millis(50));
        assert_eq!(r.next_opportunity(Duration::ZERO), Duration::from_nanos(16_666_666));
        // At 20 ms the opportunity at 16.67 ms is unused, so it is due now.
        assert_eq!(r.next_opportunity(Duration::from_millis(20)), Duration::from_nanos(16_666_666));
        assert_eq!(
            r.last_render_opportunity_time(Duration::from_millis(20)),
            Duration::from_nanos(16_666_666)
        );
    }

    #[test]
    fn the_time_of_an_opportunity_maps_back_to_it() {
        let r: Rendering<()> = Rendering::new(60);
        for k in 0..1000 {
            assert_eq!(r.opportunity_at_or_before(r.opportunity_time(k)), k);
        }
    }

    #[test]
    fn an_opportunity_is_used_once() {
        let mut r: Rendering<()> = Rendering::new(50);
        assert_eq!(r.take_opportunity(Duration::from_millis(10)), None);
        assert_eq!(r.take_opportunity(Duration::from_millis(20)), Some(Duration::from_millis(20)));
        assert_eq!(r.take_opportunity(Duration::from_millis(20)), None);
        assert_eq!(r.next_opportunity(Duration::from_millis(20)), Duration::from_millis(40));
        // After a long gap the latest passed opportunity is used.
        assert_eq!(r.take_opportunity(Duration::from_millis(130)), Some(Duration::from_millis(120)));
    }

    #[test]
    fn each_frame_keeps_the_time_of_the_opportunity_it_took() {
        let mut r: Rendering<()> = Rendering::new(50);
        // The watcher takes the opportunity at 20 ms; the task runs late,
        // at 45 ms, past the next boundary (40 ms).
        assert_eq!(r.take_opportunity(Duration::from_millis(20)), Some(Duration::from_millis(20)));
        assert_eq!(r.last_render_opportunity, Duration::from_millis(20));
        // The next frame takes the 40 ms opportunity: a later timestamp.
        assert_eq!(r.take_opportunity(Duration::from_millis(45)), Some(Duration::from_millis(40)));
        assert_eq!(r.last_render_opportunity, Duration::from_millis(40));
    }

    #[test]
    fn handles_count_from_one_and_cancel_removes() {
        let mut r: Rendering<&str> = Rendering::new(60);
        assert_eq!(r.request_animation_frame("a"), 1);
        assert_eq!(r.request_animation_frame("b"), 2);
        assert!(r.cancel_animation_frame(1));
        assert!(!r.cancel_animation_frame(1));
        assert_eq!(r.map_of_animation_frame_callbacks.keys().copied().collect::<Vec<_>>(), [2]);
    }
}
