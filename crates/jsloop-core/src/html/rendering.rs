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
        Some(self.opportunity_time(self.last_frame))
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
    fn handles_count_from_one_and_cancel_removes() {
        let mut r: Rendering<&str> = Rendering::new(60);
        assert_eq!(r.request_animation_frame("a"), 1);
        assert_eq!(r.request_animation_frame("b"), 2);
        assert!(r.cancel_animation_frame(1));
        assert!(!r.cancel_animation_frame(1));
        assert_eq!(r.map_of_animation_frame_callbacks.keys().copied().collect::<Vec<_>>(), [2]);
    }
}
