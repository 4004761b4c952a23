//! fs.watch's handle on Linux: an inotify descriptor read by the loop's I/O
//! driver like any other stream (libuv's uv_fs_event_t, src/unix/linux.c
//! `uv_fs_event_start` and `uv__inotify_read`). libuv keeps one inotify
//! descriptor per loop and dispatches by watch descriptor; here each watcher
//! has its own, so closing a watcher is closing its descriptor. The raw
//! `struct inotify_event` records arrive as the stream's data and
//! lib fs (js/42_fs.js, FSWatcher) turns them into events as libuv does.
use std::ffi::CString;
use std::os::fd::{FromRawFd, OwnedFd};
use std::rc::Rc;

use rquickjs::{Ctx, Function, Object};

use crate::node::Shared;

/// The events libuv's uv_fs_event_start asks inotify for.
const MASK: u32 = libc::IN_ATTRIB
    | libc::IN_CREATE
    | libc::IN_MODIFY
    | libc::IN_DELETE
    | libc::IN_DELETE_SELF
    | libc::IN_MOVE_SELF
    | libc::IN_MOVED_FROM
    | libc::IN_MOVED_TO;

/// Starts watching `path`: Ok(stream handle id) or Err(errno).
fn start(shared: &Shared, path: &str, persistent: bool) -> Result<u64, i32> {
    let errno = || std::io::Error::last_os_error().raw_os_error().unwrap_or(libc::EIO);
    let c_path = CString::new(path).map_err(|_| libc::ENOENT)?;
    // SAFETY: a new descriptor, owned at once.
    let fd = unsafe { libc::inotify_init1(libc::IN_NONBLOCK | libc::IN_CLOEXEC) };
    if fd < 0 {
        return Err(errno());
    }
    // SAFETY: fd was just made and is owned by nothing else.
    let fd = unsafe { OwnedFd::from_raw_fd(fd) };
    // SAFETY: a valid descriptor and a NUL-terminated path.
    if unsafe { libc::inotify_add_watch(std::os::fd::AsRawFd::as_raw_fd(&fd), c_path.as_ptr(), MASK) } < 0 {
        return Err(errno());
    }
    let id = shared.io.adopt_fd(fd, persistent).map_err(|e| e.raw_os_error().unwrap_or(libc::EIO))?;
    crate::node::io_trace::opened(shared, id, &format!("fs.watch (inotify) {path}"));
    Ok(id)
}

/// Installs `fsWatchStart(path, persistent)`: the watcher's stream handle
/// id (its 'data' events carry inotify records; close and ref/unref as a
/// socket's), or a negative errno.
pub(crate) fn install<'js>(ctx: &Ctx<'js>, host: &Object<'js>, shared: &Rc<Shared>) -> rquickjs::Result<()> {
    let s = shared.clone();
    host.set(
        "fsWatchStart",
        Function::new(ctx.clone(), move |path: super::FsPath, persistent: bool| -> f64 {
            match start(&s, &path.0, persistent) {
                Ok(id) => id as f64,
                Err(errno) => -(errno as f64),
            }
        })?,
    )?;
    Ok(())
}
