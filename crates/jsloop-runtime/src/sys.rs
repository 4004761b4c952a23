//! What the operating system says, in the words both hosts print: libuv's
//! error names (`uv_err_name`) and descriptions (`uv_strerror`), which Node
//! prints as `ENOENT: no such file or directory` and the browser host uses
//! in its load errors.
use std::io;

/// libuv's names and descriptions for the errors file operations meet.
pub fn errno_name(raw: i32, kind: io::ErrorKind) -> (&'static str, &'static str) {
    match raw {
        1 => ("EPERM", "operation not permitted"),
        2 => ("ENOENT", "no such file or directory"),
        9 => ("EBADF", "bad file descriptor"),
        13 => ("EACCES", "permission denied"),
        17 => ("EEXIST", "file already exists"),
        20 => ("ENOTDIR", "not a directory"),
        21 => ("EISDIR", "illegal operation on a directory"),
        22 => ("EINVAL", "invalid argument"),
        24 => ("EMFILE", "too many open files"),
        28 => ("ENOSPC", "no space left on device"),
        39 => ("ENOTEMPTY", "directory not empty"),
        104 => ("ECONNRESET", "connection reset by peer"),
        111 => ("ECONNREFUSED", "connection refused"),
        98 => ("EADDRINUSE", "address already in use"),
        32 => ("EPIPE", "broken pipe"),
        3 => ("ESRCH", "no such process"),
        7 => ("E2BIG", "argument list too long"),
        8 => ("ENOEXEC", "exec format error"),
        11 => ("EAGAIN", "resource temporarily unavailable"),
        23 => ("ENFILE", "file table overflow"),
        38 => ("ENOSYS", "function not implemented"),
        105 => ("ENOBUFS", "no buffer space available"),
        110 => ("ETIMEDOUT", "connection timed out"),
        18 => ("EXDEV", "cross-device link not permitted"),
        26 => ("ETXTBSY", "text file is busy"),
        27 => ("EFBIG", "file too large"),
        29 => ("ESPIPE", "invalid seek"),
        30 => ("EROFS", "read-only file system"),
        31 => ("EMLINK", "too many links"),
        36 => ("ENAMETOOLONG", "name too long"),
        40 => ("ELOOP", "too many symbolic links encountered"),
        95 => ("ENOTSUP", "operation not supported on socket"),
        // Sockets (libuv's uv_err_name / uv_strerror).
        90 => ("EMSGSIZE", "message too long"),
        97 => ("EAFNOSUPPORT", "address family not supported"),
        99 => ("EADDRNOTAVAIL", "address not available"),
        101 => ("ENETUNREACH", "network is unreachable"),
        107 => ("ENOTCONN", "socket is not connected"),
        113 => ("EHOSTUNREACH", "host is unreachable"),
        _ => match kind {
            io::ErrorKind::NotFound => ("ENOENT", "no such file or directory"),
            io::ErrorKind::PermissionDenied => ("EACCES", "permission denied"),
            io::ErrorKind::AlreadyExists => ("EEXIST", "file already exists"),
            _ => ("EIO", "i/o error"),
        },
    }
}
