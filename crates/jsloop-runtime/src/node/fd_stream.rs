//! Streams the I/O driver reads and writes besides TCP sockets: any file
//! descriptor epoll can watch (a child process's stdio socketpair, its IPC
//! channel, the process's own standard input when it is a pipe or a
//! terminal, the SIGCHLD self-pipe). libuv handles these as `uv_pipe_t` /
//! `uv_tty_t` streams with the same read and write paths as TCP
//! (src/unix/stream.c), so the driver does too: [`Conn`] is either.
use std::io::{self, Read, Write};
use std::net::{Shutdown, SocketAddr};
use std::os::fd::{AsRawFd, OwnedFd, RawFd};

use mio::event::Source;
use mio::net::TcpStream;
use mio::unix::SourceFd;
use mio::{Interest, Registry, Token};

/// A non-blocking file descriptor read with read(2) and written with
/// write(2) (so a socket, a pipe or a terminal alike).
pub struct FdStream {
    fd: OwnedFd,
}

impl FdStream {
    /// Takes `fd` and makes it non-blocking (as libuv's uv_pipe_open does).
    pub fn new(fd: OwnedFd) -> io::Result<Self> {
        let raw = fd.as_raw_fd();
        // SAFETY: fcntl on a descriptor we own.
        unsafe {
            let flags = libc::fcntl(raw, libc::F_GETFL);
            if flags < 0 || libc::fcntl(raw, libc::F_SETFL, flags | libc::O_NONBLOCK) < 0 {
                return Err(io::Error::last_os_error());
            }
        }
        Ok(FdStream { fd })
    }

    /// The descriptor.
    pub fn raw(&self) -> RawFd {
        self.fd.as_raw_fd()
    }
}

impl FdStream {
    /// Whether the descriptor is ready for `events` now. The descriptor may
    /// have been made blocking behind our back (a child given the same pipe
    /// as its stdin: libuv's child makes its stdio blocking), so a read or
    /// write looks first rather than block the loop.
    fn ready(&self, events: libc::c_short) -> bool {
        let mut p = libc::pollfd { fd: self.raw(), events, revents: 0 };
        // SAFETY: poll on one pollfd we own, without waiting.
        unsafe { libc::poll(&mut p, 1, 0) > 0 }
    }
}

impl Read for FdStream {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if !self.ready(libc::POLLIN) {
            return Err(io::Error::from(io::ErrorKind::WouldBlock));
        }
        // SAFETY: reading into a buffer we own, at most its length.
        let n = unsafe { libc::read(self.raw(), buf.as_mut_ptr().cast(), buf.len()) };
        if n < 0 {
            Err(io::Error::last_os_error())
        } else {
            Ok(n as usize)
        }
    }
}

impl Write for FdStream {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if !self.ready(libc::POLLOUT) {
            return Err(io::Error::from(io::ErrorKind::WouldBlock));
        }
        // SAFETY: writing from a buffer we own, at most its length.
        let n = unsafe { libc::write(self.raw(), buf.as_ptr().cast(), buf.len()) };
        if n < 0 {
            Err(io::Error::last_os_error())
        } else {
            Ok(n as usize)
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// One stream of the I/O driver: a TCP socket or another descriptor.
pub enum Conn {
    /// A TCP socket (net).
    Tcp(TcpStream),
    /// A pipe, socketpair or terminal.
    Fd(FdStream),
}

impl Conn {
    /// Shuts down one side (or both). A descriptor that is not a socket (a
    /// pipe) has no sides: the call does nothing.
    pub fn shutdown(&self, how: Shutdown) -> io::Result<()> {
        match self {
            Conn::Tcp(s) => s.shutdown(how),
            Conn::Fd(f) => {
                let how = match how {
                    Shutdown::Read => libc::SHUT_RD,
                    Shutdown::Write => libc::SHUT_WR,
                    Shutdown::Both => libc::SHUT_RDWR,
                };
                // SAFETY: shutdown on a descriptor we own.
                unsafe { libc::shutdown(f.raw(), how) };
                Ok(())
            }
        }
    }

    /// The descriptor.
    pub fn raw_fd(&self) -> RawFd {
        match self {
            Conn::Tcp(s) => s.as_raw_fd(),
            Conn::Fd(f) => f.raw(),
        }
    }

    /// A pending connect's error (TCP only).
    pub fn take_error(&self) -> io::Result<Option<io::Error>> {
        match self {
            Conn::Tcp(s) => s.take_error(),
            Conn::Fd(_) => Ok(None),
        }
    }

    /// The peer's address (TCP only).
    pub fn peer_addr(&self) -> io::Result<SocketAddr> {
        match self {
            Conn::Tcp(s) => s.peer_addr(),
            Conn::Fd(_) => Err(io::Error::from(io::ErrorKind::Unsupported)),
        }
    }

    /// The local address (TCP only).
    pub fn local_addr(&self) -> io::Result<SocketAddr> {
        match self {
            Conn::Tcp(s) => s.local_addr(),
            Conn::Fd(_) => Err(io::Error::from(io::ErrorKind::Unsupported)),
        }
    }
}

impl Read for Conn {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self {
            Conn::Tcp(s) => s.read(buf),
            Conn::Fd(f) => f.read(buf),
        }
    }
}

impl Write for Conn {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Conn::Tcp(s) => s.write(buf),
            Conn::Fd(f) => f.write(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Source for Conn {
    fn register(&mut self, registry: &Registry, token: Token, interests: Interest) -> io::Result<()> {
        match self {
            Conn::Tcp(s) => s.register(registry, token, interests),
            Conn::Fd(f) => SourceFd(&f.raw()).register(registry, token, interests),
        }
    }

    fn reregister(&mut self, registry: &Registry, token: Token, interests: Interest) -> io::Result<()> {
        match self {
            Conn::Tcp(s) => s.reregister(registry, token, interests),
            Conn::Fd(f) => SourceFd(&f.raw()).reregister(registry, token, interests),
        }
    }

    fn deregister(&mut self, registry: &Registry) -> io::Result<()> {
        match self {
            Conn::Tcp(s) => s.deregister(registry),
            Conn::Fd(f) => SourceFd(&f.raw()).deregister(registry),
        }
    }
}
