//! Task sources, and where in a script a task was queued from: what the
//! HTML loop's task queues, the inboxes of other threads ([`crate::remote`])
//! and the trace all name.
//!
//! <https://html.spec.whatwg.org/multipage/webappapis.html#task-source>
use std::fmt;

/// <https://html.spec.whatwg.org/multipage/webappapis.html#task-source>
///
/// The generic task sources of the HTML Standard, plus the ones the timer,
/// posted-message, rendering and idle-callback algorithms name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum TaskSource {
    /// <https://html.spec.whatwg.org/multipage/webappapis.html#dom-manipulation-task-source>
    DomManipulation,
    /// <https://html.spec.whatwg.org/multipage/webappapis.html#user-interaction-task-source>
    UserInteraction,
    /// <https://html.spec.whatwg.org/multipage/webappapis.html#networking-task-source>
    /// (the parser, and with it the page's classic scripts, runs here).
    Networking,
    /// <https://html.spec.whatwg.org/multipage/webappapis.html#navigation-and-traversal-task-source>
    NavigationAndTraversal,
    /// <https://html.spec.whatwg.org/multipage/timers-and-user-prompts.html#timer-task-source>
    Timer,
    /// <https://html.spec.whatwg.org/multipage/web-messaging.html#posted-message-task-source>
    PostedMessage,
    /// <https://html.spec.whatwg.org/multipage/webappapis.html#rendering-task-source>
    Rendering,
    /// <https://w3c.github.io/requestidlecallback/#the-idle-task-source>
    IdleTask,
    /// <https://w3c.github.io/FileAPI/#fileReadingTaskSource>
    FileReading,
    /// <https://html.spec.whatwg.org/multipage/imagebitmap-and-animations.html#bitmap-task-source>
    /// (createImageBitmap's promise is settled here).
    Bitmap,
    /// <https://wicg.github.io/scheduling-apis/#posted-task-task-source>: a
    /// scheduler task source, whose tasks wait in scheduler task queues
    /// (`html::scheduler`), never in its own task queue.
    PostedTask,
    /// <https://w3c.github.io/IntersectionObserver/#intersectionobserver-task-source>
    /// (an IntersectionObserver's entries are delivered here).
    IntersectionObserver,
    /// <https://w3c.github.io/web-locks/#web-locks-tasks-source>
    WebLocks,
}

impl TaskSource {
    /// Every source, in a fixed order (the index of each queue).
    pub const ALL: [TaskSource; 13] = [
        TaskSource::DomManipulation,
        TaskSource::UserInteraction,
        TaskSource::Networking,
        TaskSource::NavigationAndTraversal,
        TaskSource::Timer,
        TaskSource::PostedMessage,
        TaskSource::Rendering,
        TaskSource::IdleTask,
        TaskSource::FileReading,
        TaskSource::Bitmap,
        TaskSource::PostedTask,
        TaskSource::IntersectionObserver,
        TaskSource::WebLocks,
    ];

    /// Its place in [`TaskSource::ALL`] (the task queues are an array by source).
    pub(crate) fn index(self) -> usize {
        self as usize
    }

    /// The spec's name of the source ("timer task source" → `timer`).
    pub fn name(self) -> &'static str {
        match self {
            TaskSource::DomManipulation => "dom-manipulation",
            TaskSource::UserInteraction => "user-interaction",
            TaskSource::Networking => "networking",
            TaskSource::NavigationAndTraversal => "navigation-and-traversal",
            TaskSource::Timer => "timer",
            TaskSource::PostedMessage => "posted-message",
            TaskSource::Rendering => "rendering",
            TaskSource::IdleTask => "idle-task",
            TaskSource::FileReading => "file-reading",
            TaskSource::Bitmap => "bitmap",
            TaskSource::PostedTask => "posted-task",
            TaskSource::IntersectionObserver => "intersection-observer",
            TaskSource::WebLocks => "web-locks",
        }
    }
}

impl fmt::Display for TaskSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Where in the script something was queued from: `file.js:12:5`.
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize)]
pub struct Origin {
    /// The script's file name, as the engine reports it.
    pub file: String,
    /// The line, counted from 1.
    pub line: u32,
    /// The column, counted from 1.
    pub column: u32,
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", self.file, self.line, self.column)
    }
}
