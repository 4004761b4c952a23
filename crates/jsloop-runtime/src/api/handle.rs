//! Reaching a [`Runtime`](super::Runtime)'s loop from other threads:
//! [`RuntimeHandle`](super::RuntimeHandle) queues tasks, and a
//! [`PendingTask`](super::PendingTask) is one promised.

use jsloop_core::TaskSource;
use rquickjs::Ctx;

use super::{Error, PendingTask, RuntimeHandle};
use crate::quickjs::host_fn::{self, RemoteJob};

impl RuntimeHandle {
    /// Queues `job` as a task on `source` (browser host) or a poll-phase
    /// callback (node host). A queued task does not keep the loop alive: to
    /// promise one, use [`pending`](RuntimeHandle::pending).
    pub fn queue_task<F>(&self, source: TaskSource, label: &str, job: F) -> Result<(), Error>
    where
        F: for<'js> FnOnce(Ctx<'js>) -> rquickjs::Result<()> + Send + 'static,
    {
        let job: RemoteJob = Box::new(job);
        host_fn::send_job(&self.sender, source, label.to_string(), job).map_err(|_| Error::ShutDown)
    }

    /// Promises a task: the loop stays alive until it is
    /// [completed](PendingTask::complete) or dropped (libuv's "active
    /// request"). Under the virtual clock, the loop waits for it before it
    /// moves time on.
    pub fn pending(&self) -> Result<PendingTask, Error> {
        self.sender.keep_alive().map(|ticket| PendingTask { ticket }).map_err(|_| Error::ShutDown)
    }

    /// Whether the runtime's loop has shut down.
    pub fn is_shut_down(&self) -> bool {
        self.sender.is_closed()
    }
}

impl PendingTask {
    /// Delivers the promised task.
    pub fn complete<F>(self, source: TaskSource, label: &str, job: F) -> Result<(), Error>
    where
        F: for<'js> FnOnce(Ctx<'js>) -> rquickjs::Result<()> + Send + 'static,
    {
        let job: RemoteJob = Box::new(job);
        self.ticket
            .complete(source, label.to_string(), Box::new(host_fn::Delivery::Job(job)))
            .map_err(|_| Error::ShutDown)
    }
}
