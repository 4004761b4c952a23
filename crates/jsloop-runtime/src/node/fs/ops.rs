//! The file system requests of the node host, as libuv's `uv_fs_*` calls
//! (src/unix/fs.c): one typed request each, run on the thread pool for the
//! callback and promise forms and on the loop's thread for the `*Sync`
//! ones. Descriptors are the operating system's own (as Node's are): a
//! request on one is the system call on that number.
use std::ffi::CString;
use std::io;
use std::os::unix::ffi::OsStrExt;

use crate::node::io::FsError;

/// What a file system request produced.
#[derive(Debug, Clone)]
pub enum FsValue {
    /// Nothing (`mkdir`, `unlink`, `close`, …).
    Unit,
    /// Bytes read (`read`).
    Bytes(Vec<u8>),
    /// A `stat`, `lstat` or `fstat`.
    Stat(Box<Stat>),
    /// Directory entries, in libuv's scandir order (by bytes), each with its
    /// type as a `UV_DIRENT_*` number (`readdir`, `opendir`).
    Entries(Vec<(Vec<u8>, u8)>),
    /// A yes or no (`exists`).
    Bool(bool),
    /// A path (`realpath`, `readlink`, `mkdtemp`), as bytes.
    Text(Vec<u8>),
    /// A number (a descriptor from `open`, a byte count from `write`).
    Number(f64),
    /// Several numbers (`statfs`).
    Numbers(Vec<f64>),
}

/// What a stat call says, as Node's binding reports it (`kFsStatsFieldsNumber`
/// fields: dev, mode, nlink, uid, gid, rdev, blksize, ino, size, blocks, then
/// each time as seconds and nanoseconds).
#[derive(Debug, Clone, Default)]
pub struct Stat {
    /// The fields in Node's order (lib/internal/fs/utils.js, getStatsFromBinding).
    pub fields: [f64; 10],
    /// atime, mtime, ctime, birthtime: (seconds, nanoseconds).
    pub times: [(i64, i64); 4],
}

/// What a file system operation ends with.
pub type FsResult = Result<FsValue, FsError>;

/// One request (libuv's `uv_fs_t` types), with its arguments.
#[derive(Debug, Clone)]
pub enum FsRequest {
    /// `uv_fs_open`: flags are `O_*` numbers (Node's stringToFlags).
    Open { path: String, flags: i32, mode: u32 },
    /// `uv_fs_close`.
    Close { fd: i32 },
    /// `uv_fs_read`: at `position`, or the current one when it is negative.
    Read { fd: i32, length: usize, position: i64 },
    /// `uv_fs_write`.
    Write { fd: i32, data: Vec<u8>, position: i64 },
    /// `uv_fs_stat` (`follow`) or `uv_fs_lstat`.
    Stat { path: String, follow: bool },
    /// `uv_fs_fstat`.
    Fstat { fd: i32 },
    /// `uv_fs_scandir`.
    Readdir { path: String },
    /// `uv_fs_mkdir`, or Node's MKDirpAsync with `recursive` (it gives the
    /// first directory made, or nothing when all existed).
    Mkdir { path: String, mode: u32, recursive: bool },
    /// `uv_fs_rmdir`.
    Rmdir { path: String },
    /// `uv_fs_unlink`.
    Unlink { path: String },
    /// Node's rm (lib/internal/fs/rimraf.js in one request).
    Rm { path: String, recursive: bool, force: bool },
    /// `uv_fs_rename`.
    Rename { from: String, to: String },
    /// `uv_fs_copyfile` (`COPYFILE_EXCL` is 1).
    CopyFile { from: String, to: String, flags: i32 },
    /// `uv_fs_access`.
    Access { path: String, mode: i32 },
    /// `fs.exists`: an access that cannot fail.
    Exists { path: String },
    /// `uv_fs_ftruncate` (`fs.truncate` of a path opens it first).
    Truncate { path: String, len: i64 },
    /// `uv_fs_ftruncate`.
    Ftruncate { fd: i32, len: i64 },
    /// `uv_fs_fsync` (`data`: `uv_fs_fdatasync`).
    Fsync { fd: i32, data: bool },
    /// `uv_fs_chmod`.
    Chmod { path: String, mode: u32 },
    /// `uv_fs_fchmod`.
    Fchmod { fd: i32, mode: u32 },
    /// `uv_fs_chown` (`follow`) or `uv_fs_lchown`.
    Chown { path: String, uid: u32, gid: u32, follow: bool },
    /// `uv_fs_fchown`.
    Fchown { fd: i32, uid: u32, gid: u32 },
    /// `uv_fs_link`.
    Link { from: String, to: String },
    /// `uv_fs_symlink`.
    Symlink { target: String, path: String },
    /// `uv_fs_readlink`.
    Readlink { path: String },
    /// `uv_fs_realpath`.
    Realpath { path: String },
    /// `uv_fs_mkdtemp`: the prefix and six random characters.
    Mkdtemp { prefix: String },
    /// `uv_fs_utime` (`follow`) or `uv_fs_lutime`: times in seconds.
    Utimes { path: String, atime: f64, mtime: f64, follow: bool },
    /// `uv_fs_futime`.
    Futimes { fd: i32, atime: f64, mtime: f64 },
    /// `uv_fs_statfs`.
    Statfs { path: String },
}

fn fail(syscall: &'static str, path: Option<&str>, dest: Option<&str>) -> FsError {
    let e = io::Error::last_os_error();
    error_of(&e, syscall, path, dest)
}

fn error_of(e: &io::Error, syscall: &'static str, path: Option<&str>, dest: Option<&str>) -> FsError {
    FsError::of(e, syscall, path.map(str::to_string), dest.map(str::to_string))
}

fn c_path(path: &str, syscall: &'static str) -> Result<CString, FsError> {
    CString::new(path).map_err(|_| FsError {
        code: "EINVAL",
        errno: -22,
        syscall,
        path: Some(path.to_string()),
        dest: None,
        description: "invalid argument",
    })
}

/// A system call's result: -1 is the error in errno.
fn check(r: libc::c_int, syscall: &'static str, path: Option<&str>, dest: Option<&str>) -> FsResult {
    if r < 0 {
        Err(fail(syscall, path, dest))
    } else {
        Ok(FsValue::Unit)
    }
}

/// Retries a call interrupted by a signal (libuv's loops on EINTR).
fn retry(mut f: impl FnMut() -> isize) -> isize {
    loop {
        let r = f();
        if r < 0 && io::Error::last_os_error().kind() == io::ErrorKind::Interrupted {
            continue;
        }
        return r;
    }
}

fn stat_of(s: &libc::stat, birth: Option<(i64, i64)>) -> Stat {
    let ctime = (s.st_ctime, s.st_ctime_nsec);
    Stat {
        fields: [
            s.st_dev as f64,
            f64::from(s.st_mode),
            s.st_nlink as f64,
            f64::from(s.st_uid),
            f64::from(s.st_gid),
            s.st_rdev as f64,
            s.st_blksize as f64,
            s.st_ino as f64,
            s.st_size as f64,
            s.st_blocks as f64,
        ],
        times: [(s.st_atime, s.st_atime_nsec), (s.st_mtime, s.st_mtime_nsec), ctime, birth.unwrap_or((0, 0))],
    }
}

/// libuv's uv__fs_statx: one statx call fills every field, the birth time
/// included (`STATX_BASIC_STATS | STATX_BTIME`; libuv copies stx_btime
/// whether or not the mask has it, 0 then). None when the kernel has no
/// statx (ENOSYS, or EPERM from a seccomp filter, EINVAL, EOPNOTSUPP): the
/// caller falls back to stat, as libuv does. Some(Err) is the call's error.
fn statx(dirfd: i32, path: &CString, flags: i32) -> Option<Result<Stat, io::Error>> {
    // SAFETY: statx fills the struct; the path is NUL-terminated.
    let mut sx: libc::statx = unsafe { std::mem::zeroed() };
    let mask = libc::STATX_BASIC_STATS | libc::STATX_BTIME;
    let r = unsafe { libc::statx(dirfd, path.as_ptr(), flags, mask, &mut sx) };
    if r != 0 {
        let e = io::Error::last_os_error();
        return match e.raw_os_error() {
            Some(libc::EINVAL | libc::EPERM | libc::ENOSYS | libc::EOPNOTSUPP) => None,
            _ if r != -1 => None,
            _ => Some(Err(e)),
        };
    }
    let time = |t: libc::statx_timestamp| (t.tv_sec, i64::from(t.tv_nsec));
    Some(Ok(Stat {
        fields: [
            libc::makedev(sx.stx_dev_major, sx.stx_dev_minor) as f64,
            f64::from(sx.stx_mode),
            f64::from(sx.stx_nlink),
            f64::from(sx.stx_uid),
            f64::from(sx.stx_gid),
            libc::makedev(sx.stx_rdev_major, sx.stx_rdev_minor) as f64,
            f64::from(sx.stx_blksize),
            sx.stx_ino as f64,
            sx.stx_size as f64,
            sx.stx_blocks as f64,
        ],
        times: [time(sx.stx_atime), time(sx.stx_mtime), time(sx.stx_ctime), time(sx.stx_btime)],
    }))
}

fn do_stat(path: &str, follow: bool) -> FsResult {
    let syscall = if follow { "stat" } else { "lstat" };
    let c = c_path(path, syscall)?;
    let flags = if follow { 0 } else { libc::AT_SYMLINK_NOFOLLOW };
    match statx(libc::AT_FDCWD, &c, flags) {
        Some(Ok(stat)) => return Ok(FsValue::Stat(Box::new(stat))),
        Some(Err(e)) => return Err(error_of(&e, syscall, Some(path), None)),
        None => {}
    }
    // SAFETY: stat fills the struct for a NUL-terminated path.
    let mut s: libc::stat = unsafe { std::mem::zeroed() };
    let r = unsafe {
        if follow {
            libc::stat(c.as_ptr(), &mut s)
        } else {
            libc::lstat(c.as_ptr(), &mut s)
        }
    };
    if r < 0 {
        return Err(fail(syscall, Some(path), None));
    }
    Ok(FsValue::Stat(Box::new(stat_of(&s, None))))
}

/// uv__fs_fstat: statx on the descriptor (`AT_EMPTY_PATH`), else fstat.
fn do_fstat(fd: i32) -> FsResult {
    match statx(fd, &CString::default(), libc::AT_EMPTY_PATH) {
        Some(Ok(stat)) => return Ok(FsValue::Stat(Box::new(stat))),
        Some(Err(e)) => return Err(error_of(&e, "fstat", None, None)),
        None => {}
    }
    // SAFETY: fstat fills the struct.
    let mut s: libc::stat = unsafe { std::mem::zeroed() };
    if unsafe { libc::fstat(fd, &mut s) } < 0 {
        return Err(fail("fstat", None, None));
    }
    Ok(FsValue::Stat(Box::new(stat_of(&s, None))))
}

/// libuv's `UV_DIRENT_*` number of a directory entry's type.
fn dirent_type(t: std::fs::FileType) -> u8 {
    use std::os::unix::fs::FileTypeExt;
    if t.is_file() {
        1
    } else if t.is_dir() {
        2
    } else if t.is_symlink() {
        3
    } else if t.is_fifo() {
        4
    } else if t.is_socket() {
        5
    } else if t.is_char_device() {
        6
    } else if t.is_block_device() {
        7
    } else {
        0
    }
}

fn readdir(path: &str) -> FsResult {
    let dir = std::fs::read_dir(path).map_err(|e| error_of(&e, "scandir", Some(path), None))?;
    let mut entries: Vec<(Vec<u8>, u8)> = dir
        .filter_map(Result::ok)
        .map(|e| (e.file_name().as_bytes().to_vec(), e.file_type().map(dirent_type).unwrap_or(0)))
        .collect();
    // uv__fs_scandir_sort: strcmp of the names.
    entries.sort();
    Ok(FsValue::Entries(entries))
}

/// Node's MKDirpAsync: make each missing parent, then the directory; the
/// result is the first directory made.
fn mkdirp(path: &str, mode: u32) -> FsResult {
    let c = c_path(path, "mkdir")?;
    // SAFETY: a NUL-terminated path.
    if unsafe { libc::mkdir(c.as_ptr(), mode) } == 0 {
        return Ok(FsValue::Text(path.as_bytes().to_vec()));
    }
    let e = io::Error::last_os_error();
    match e.raw_os_error() {
        Some(libc::EEXIST) => match std::fs::metadata(path) {
            Ok(m) if m.is_dir() => Ok(FsValue::Unit),
            _ => Err(error_of(&e, "mkdir", Some(path), None)),
        },
        Some(libc::ENOENT) => {
            let parent = std::path::Path::new(path).parent().and_then(|p| p.to_str()).unwrap_or("");
            if parent.is_empty() || parent == path {
                return Err(error_of(&e, "mkdir", Some(path), None));
            }
            let first = mkdirp(parent, mode)?;
            // SAFETY: a NUL-terminated path.
            if unsafe { libc::mkdir(c.as_ptr(), mode) } < 0 {
                let e = io::Error::last_os_error();
                if e.raw_os_error() != Some(libc::EEXIST) {
                    return Err(error_of(&e, "mkdir", Some(path), None));
                }
            }
            Ok(match first {
                FsValue::Unit => FsValue::Text(path.as_bytes().to_vec()),
                made => made,
            })
        }
        Some(libc::ENOTDIR) => Err(error_of(&e, "mkdir", Some(path), None)),
        _ => Err(error_of(&e, "mkdir", Some(path), None)),
    }
}

fn rm(path: &str, recursive: bool, force: bool) -> FsResult {
    let r = match std::fs::symlink_metadata(path) {
        Ok(m) if m.is_dir() => {
            if recursive {
                std::fs::remove_dir_all(path)
            } else {
                return Err(FsError {
                    code: "ERR_FS_EISDIR",
                    errno: -21,
                    syscall: "rm",
                    path: Some(path.into()),
                    dest: None,
                    description: "Path is a directory",
                });
            }
        }
        Ok(_) => std::fs::remove_file(path),
        Err(e) => Err(e),
    };
    match r {
        Err(e) if force && e.kind() == io::ErrorKind::NotFound => Ok(FsValue::Unit),
        r => r.map(|_| FsValue::Unit).map_err(|e| error_of(&e, "rm", Some(path), None)),
    }
}

/// Seconds as a timespec (libuv's uv__fs_to_timespec).
fn timespec(t: f64) -> libc::timespec {
    let sec = t.floor();
    libc::timespec { tv_sec: sec as libc::time_t, tv_nsec: ((t - sec) * 1e9) as libc::c_long }
}

/// Runs one request.
pub fn run(request: &FsRequest) -> FsResult {
    use FsRequest as R;
    match request {
        R::Open { path, flags, mode } => {
            let c = c_path(path, "open")?;
            // SAFETY: a NUL-terminated path; the descriptor becomes the caller's.
            let fd = retry(|| unsafe { libc::open(c.as_ptr(), flags | libc::O_CLOEXEC, *mode) } as isize);
            if fd < 0 {
                return Err(fail("open", Some(path), None));
            }
            Ok(FsValue::Number(fd as f64))
        }
        // SAFETY: closing a descriptor the program names, as uv_fs_close does.
        R::Close { fd } => check(unsafe { libc::close(*fd) }, "close", None, None),
        R::Read { fd, length, position } => {
            let mut buf = vec![0u8; *length];
            // SAFETY: reading into a buffer of `length` bytes.
            let n = retry(|| unsafe {
                if *position >= 0 {
                    libc::pread(*fd, buf.as_mut_ptr().cast(), *length, *position as libc::off_t)
                } else {
                    libc::read(*fd, buf.as_mut_ptr().cast(), *length)
                }
            });
            if n < 0 {
                return Err(fail("read", None, None));
            }
            buf.truncate(n as usize);
            Ok(FsValue::Bytes(buf))
        }
        R::Write { fd, data, position } => {
            // SAFETY: writing from a buffer of data.len() bytes.
            let n = retry(|| unsafe {
                if *position >= 0 {
                    libc::pwrite(*fd, data.as_ptr().cast(), data.len(), *position as libc::off_t)
                } else {
                    libc::write(*fd, data.as_ptr().cast(), data.len())
                }
            });
            if n < 0 {
                return Err(fail("write", None, None));
            }
            Ok(FsValue::Number(n as f64))
        }
        R::Stat { path, follow } => do_stat(path, *follow),
        R::Fstat { fd } => do_fstat(*fd),
        R::Readdir { path } => readdir(path),
        R::Mkdir { path, mode, recursive } => {
            if *recursive {
                mkdirp(path, *mode)
            } else {
                let c = c_path(path, "mkdir")?;
                // SAFETY: a NUL-terminated path.
                check(unsafe { libc::mkdir(c.as_ptr(), *mode) }, "mkdir", Some(path), None)
            }
        }
        R::Rmdir { path } => {
            let c = c_path(path, "rmdir")?;
            // SAFETY: a NUL-terminated path.
            check(unsafe { libc::rmdir(c.as_ptr()) }, "rmdir", Some(path), None)
        }
        R::Unlink { path } => {
            let c = c_path(path, "unlink")?;
            // SAFETY: a NUL-terminated path.
            check(unsafe { libc::unlink(c.as_ptr()) }, "unlink", Some(path), None)
        }
        R::Rm { path, recursive, force } => rm(path, *recursive, *force),
        R::Rename { from, to } => {
            let (a, b) = (c_path(from, "rename")?, c_path(to, "rename")?);
            // SAFETY: NUL-terminated paths.
            check(unsafe { libc::rename(a.as_ptr(), b.as_ptr()) }, "rename", Some(from), Some(to))
        }
        R::CopyFile { from, to, flags } => {
            if flags & 1 != 0 && std::fs::symlink_metadata(to).is_ok() {
                return Err(error_of(
                    &io::Error::from_raw_os_error(libc::EEXIST),
                    "copyfile",
                    Some(from),
                    Some(to),
                ));
            }
            std::fs::copy(from, to)
                .map(|_| FsValue::Unit)
                .map_err(|e| error_of(&e, "copyfile", Some(from), Some(to)))
        }
        R::Access { path, mode } => {
            let c = c_path(path, "access")?;
            // SAFETY: a NUL-terminated path.
            check(unsafe { libc::access(c.as_ptr(), *mode) }, "access", Some(path), None)
        }
        R::Exists { path } => {
            let Ok(c) = CString::new(path.as_str()) else { return Ok(FsValue::Bool(false)) };
            // SAFETY: a NUL-terminated path.
            Ok(FsValue::Bool(unsafe { libc::access(c.as_ptr(), libc::F_OK) } == 0))
        }
        R::Truncate { path, len } => {
            let c = c_path(path, "open")?;
            // SAFETY: a NUL-terminated path; the descriptor is closed below.
            let fd = unsafe { libc::open(c.as_ptr(), libc::O_WRONLY | libc::O_CLOEXEC) };
            if fd < 0 {
                return Err(fail("open", Some(path), None));
            }
            let r = unsafe { libc::ftruncate(fd, *len as libc::off_t) };
            let result = check(r, "ftruncate", None, None);
            // SAFETY: the descriptor opened above.
            unsafe { libc::close(fd) };
            result
        }
        // SAFETY: system calls on a descriptor the program names.
        R::Ftruncate { fd, len } => {
            check(unsafe { libc::ftruncate(*fd, *len as libc::off_t) }, "ftruncate", None, None)
        }
        R::Fsync { fd, data: false } => check(unsafe { libc::fsync(*fd) }, "fsync", None, None),
        R::Fsync { fd, data: true } => check(unsafe { libc::fdatasync(*fd) }, "fdatasync", None, None),
        R::Chmod { path, mode } => {
            let c = c_path(path, "chmod")?;
            // SAFETY: a NUL-terminated path.
            check(unsafe { libc::chmod(c.as_ptr(), *mode) }, "chmod", Some(path), None)
        }
        R::Fchmod { fd, mode } => check(unsafe { libc::fchmod(*fd, *mode) }, "fchmod", None, None),
        R::Chown { path, uid, gid, follow } => {
            let syscall = if *follow { "chown" } else { "lchown" };
            let c = c_path(path, syscall)?;
            // SAFETY: a NUL-terminated path.
            let r = unsafe {
                if *follow {
                    libc::chown(c.as_ptr(), *uid, *gid)
                } else {
                    libc::lchown(c.as_ptr(), *uid, *gid)
                }
            };
            check(r, syscall, Some(path), None)
        }
        R::Fchown { fd, uid, gid } => check(unsafe { libc::fchown(*fd, *uid, *gid) }, "fchown", None, None),
        R::Link { from, to } => {
            let (a, b) = (c_path(from, "link")?, c_path(to, "link")?);
            // SAFETY: NUL-terminated paths.
            check(unsafe { libc::link(a.as_ptr(), b.as_ptr()) }, "link", Some(from), Some(to))
        }
        R::Symlink { target, path } => {
            let (a, b) = (c_path(target, "symlink")?, c_path(path, "symlink")?);
            // SAFETY: NUL-terminated paths.
            check(unsafe { libc::symlink(a.as_ptr(), b.as_ptr()) }, "symlink", Some(target), Some(path))
        }
        R::Readlink { path } => std::fs::read_link(path)
            .map(|p| FsValue::Text(p.as_os_str().as_bytes().to_vec()))
            .map_err(|e| error_of(&e, "readlink", Some(path), None)),
        R::Realpath { path } => std::fs::canonicalize(path)
            .map(|p| FsValue::Text(p.as_os_str().as_bytes().to_vec()))
            .map_err(|e| error_of(&e, "realpath", Some(path), None)),
        R::Mkdtemp { prefix } => {
            let template = format!("{prefix}XXXXXX");
            let mut bytes = c_path(&template, "mkdtemp")?.into_bytes_with_nul();
            // SAFETY: a NUL-terminated template mkdtemp rewrites in place.
            let r = unsafe { libc::mkdtemp(bytes.as_mut_ptr().cast()) };
            if r.is_null() {
                return Err(fail("mkdtemp", Some(&template), None));
            }
            bytes.pop();
            Ok(FsValue::Text(bytes))
        }
        R::Utimes { path, atime, mtime, follow } => {
            let syscall = if *follow { "utime" } else { "lutime" };
            let c = c_path(path, syscall)?;
            let times = [timespec(*atime), timespec(*mtime)];
            let flags = if *follow { 0 } else { libc::AT_SYMLINK_NOFOLLOW };
            // SAFETY: a NUL-terminated path and two timespecs.
            check(
                unsafe { libc::utimensat(libc::AT_FDCWD, c.as_ptr(), times.as_ptr(), flags) },
                syscall,
                Some(path),
                None,
            )
        }
        R::Futimes { fd, atime, mtime } => {
            let times = [timespec(*atime), timespec(*mtime)];
            // SAFETY: a descriptor and two timespecs.
            check(unsafe { libc::futimens(*fd, times.as_ptr()) }, "futime", None, None)
        }
        R::Statfs { path } => {
            let c = c_path(path, "statfs")?;
            // SAFETY: statfs fills the struct for a NUL-terminated path.
            let mut s: libc::statfs = unsafe { std::mem::zeroed() };
            if unsafe { libc::statfs(c.as_ptr(), &mut s) } != 0 {
                return Err(fail("statfs", Some(path), None));
            }
            Ok(FsValue::Numbers(vec![
                s.f_type as f64,
                s.f_bsize as f64,
                s.f_blocks as f64,
                s.f_bfree as f64,
                s.f_bavail as f64,
                s.f_files as f64,
                s.f_ffree as f64,
            ]))
        }
    }
}

impl FsRequest {
    /// The request as the trace names it: Node's function (`fs.open`,
    /// `fs.read`), one per `uv_fs_*` request type.
    pub fn name(&self) -> &'static str {
        match self {
            FsRequest::Open { .. } => "fs.open",
            FsRequest::Close { .. } => "fs.close",
            FsRequest::Read { .. } => "fs.read",
            FsRequest::Write { .. } => "fs.write",
            FsRequest::Stat { follow: true, .. } => "fs.stat",
            FsRequest::Stat { follow: false, .. } => "fs.lstat",
            FsRequest::Fstat { .. } => "fs.fstat",
            FsRequest::Readdir { .. } => "fs.readdir",
            FsRequest::Mkdir { .. } => "fs.mkdir",
            FsRequest::Rmdir { .. } => "fs.rmdir",
            FsRequest::Unlink { .. } => "fs.unlink",
            FsRequest::Rm { .. } => "fs.rm",
            FsRequest::Rename { .. } => "fs.rename",
            FsRequest::CopyFile { .. } => "fs.copyFile",
            FsRequest::Access { .. } => "fs.access",
            FsRequest::Exists { .. } => "fs.exists",
            FsRequest::Truncate { .. } => "fs.truncate",
            FsRequest::Ftruncate { .. } => "fs.ftruncate",
            FsRequest::Fsync { data: false, .. } => "fs.fsync",
            FsRequest::Fsync { data: true, .. } => "fs.fdatasync",
            FsRequest::Chmod { .. } => "fs.chmod",
            FsRequest::Fchmod { .. } => "fs.fchmod",
            FsRequest::Chown { follow: true, .. } => "fs.chown",
            FsRequest::Chown { follow: false, .. } => "fs.lchown",
            FsRequest::Fchown { .. } => "fs.fchown",
            FsRequest::Link { .. } => "fs.link",
            FsRequest::Symlink { .. } => "fs.symlink",
            FsRequest::Readlink { .. } => "fs.readlink",
            FsRequest::Realpath { .. } => "fs.realpath",
            FsRequest::Mkdtemp { .. } => "fs.mkdtemp",
            FsRequest::Utimes { follow: true, .. } => "fs.utimes",
            FsRequest::Utimes { follow: false, .. } => "fs.lutimes",
            FsRequest::Futimes { .. } => "fs.futimes",
            FsRequest::Statfs { .. } => "fs.statfs",
        }
    }

    /// What the request works on, for the trace: its path (and
    /// destination), or its descriptor with the byte count of a read or a
    /// write.
    pub fn subject(&self) -> String {
        match self {
            FsRequest::Open { path, .. }
            | FsRequest::Stat { path, .. }
            | FsRequest::Readdir { path }
            | FsRequest::Mkdir { path, .. }
            | FsRequest::Rmdir { path }
            | FsRequest::Unlink { path }
            | FsRequest::Rm { path, .. }
            | FsRequest::Access { path, .. }
            | FsRequest::Exists { path }
            | FsRequest::Truncate { path, .. }
            | FsRequest::Chmod { path, .. }
            | FsRequest::Chown { path, .. }
            | FsRequest::Readlink { path }
            | FsRequest::Realpath { path }
            | FsRequest::Utimes { path, .. }
            | FsRequest::Statfs { path } => path.clone(),
            FsRequest::Mkdtemp { prefix } => prefix.clone(),
            FsRequest::Rename { from, to }
            | FsRequest::CopyFile { from, to, .. }
            | FsRequest::Link { from, to } => format!("{from} -> {to}"),
            FsRequest::Symlink { target, path } => format!("{path} -> {target}"),
            FsRequest::Read { fd, length, .. } => format!("fd {fd}, {length} bytes"),
            FsRequest::Write { fd, data, .. } => format!("fd {fd}, {} bytes", data.len()),
            FsRequest::Close { fd }
            | FsRequest::Fstat { fd }
            | FsRequest::Ftruncate { fd, .. }
            | FsRequest::Fsync { fd, .. }
            | FsRequest::Fchmod { fd, .. }
            | FsRequest::Fchown { fd, .. }
            | FsRequest::Futimes { fd, .. } => format!("fd {fd}"),
        }
    }
}
