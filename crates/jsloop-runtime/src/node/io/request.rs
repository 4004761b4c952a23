//! What the net module asks of the I/O driver: one typed request per libuv
//! stream call (`uv_listen`, `uv_tcp_connect`, `uv_write`, `uv_shutdown`,
//! `uv_close`, …), its arguments as fields. The host functions of the glue
//! (node/globals.rs, node/child_process.rs) build a [`NetRequest`] and hand
//! it to [`Io::net`]; the trace's handle records are written from it
//! (node/io_trace.rs).
use std::net::SocketAddr;

use super::{FsError, Io};

/// One request of the net module (and of child processes' pipes) to the
/// I/O driver.
#[derive(Debug, Clone)]
pub enum NetRequest {
    /// `server.listen(port, host)`: bind and listen on a TCP address.
    Listen {
        /// The address to bind (port 0: one the system picks).
        addr: SocketAddr,
    },
    /// `server.listen(path)`: a Unix domain socket server.
    ListenPath {
        /// The socket's path.
        path: String,
    },
    /// `net.connect(port, host)`: a non-blocking TCP connect.
    Connect {
        /// The address to connect to.
        addr: SocketAddr,
        /// The local address to bind first (Node's `localAddress` and
        /// `localPort` options), if any.
        local: Option<SocketAddr>,
    },
    /// `net.connect({ path })`: connect to a Unix domain socket.
    ConnectPath {
        /// The socket's path.
        path: String,
    },
    /// `uv_write`: queue bytes on a stream.
    Write {
        /// The stream's handle.
        socket: u64,
        /// The bytes.
        data: Vec<u8>,
        /// Whether someone waits for its completion (its callback).
        notify: bool,
    },
    /// `uv_shutdown`: shut the write side once everything queued is written.
    End {
        /// The stream's handle.
        socket: u64,
        /// Bytes written just before the shutdown itself (a TLS session's
        /// close_notify, node/tls/mod.rs); usually none.
        trailer: Vec<u8>,
    },
    /// `uv_close`: a server stops listening, a socket is destroyed.
    Close {
        /// The handle.
        handle: u64,
    },
    /// `uv_tcp_close_reset`: close with a RST.
    Reset {
        /// The socket's handle.
        handle: u64,
    },
    /// `uv_tcp_nodelay`.
    NoDelay {
        /// The socket's handle.
        socket: u64,
        /// TCP_NODELAY on or off.
        on: bool,
    },
    /// `uv_ref` / `uv_unref`.
    Ref {
        /// The handle.
        handle: u64,
        /// Referenced or not.
        on: bool,
    },
    /// `uv_read_start` after a `uv_read_stop`.
    ReadStart {
        /// The stream's handle.
        socket: u64,
    },
    /// `uv_read_stop`.
    ReadStop {
        /// The stream's handle.
        socket: u64,
    },
}

/// What a [`NetRequest`] gives back at once.
#[derive(Debug, Clone)]
pub enum NetReply {
    /// A TCP server listens: its handle, the address bound, its descriptor.
    Listening {
        /// The server's handle.
        handle: u64,
        /// The address bound.
        local: SocketAddr,
        /// The listening socket's descriptor.
        fd: i32,
    },
    /// A handle was made (a path server, a connecting socket).
    Opened(u64),
    /// A write was queued: its request number, or 0 when the kernel took it
    /// whole at once (complete; nothing is reported later).
    Write(u64),
    /// A shutdown was asked for: true when nothing was queued, so the
    /// caller feeds the shutdown to the pending queue (see [`Io::end`]).
    End(bool),
    /// Done, nothing to give back.
    Done,
}

impl NetReply {
    /// The handle a request made (0 if it made none).
    pub fn handle(&self) -> u64 {
        match self {
            NetReply::Listening { handle, .. } | NetReply::Opened(handle) => *handle,
            _ => 0,
        }
    }
}

impl Io {
    /// Carries out one request of the net module.
    pub fn net(&self, request: NetRequest) -> Result<NetReply, FsError> {
        Ok(match request {
            NetRequest::Listen { addr } => {
                let (handle, local, fd) = self.listen(addr)?;
                NetReply::Listening { handle, local, fd }
            }
            NetRequest::ListenPath { path } => NetReply::Opened(self.listen_path(&path)?),
            NetRequest::Connect { addr, local } => NetReply::Opened(self.connect(addr, local)?),
            NetRequest::ConnectPath { path } => NetReply::Opened(self.connect_path(&path)?),
            NetRequest::Write { socket, data, notify } => NetReply::Write(self.write(socket, data, notify)),
            NetRequest::End { socket, trailer } if trailer.is_empty() => NetReply::End(self.end(socket)),
            NetRequest::End { socket, trailer } => NetReply::End(self.end_with(socket, trailer)),
            NetRequest::Close { handle } => {
                self.close(handle);
                NetReply::Done
            }
            NetRequest::Reset { handle } => {
                self.reset(handle);
                NetReply::Done
            }
            NetRequest::NoDelay { socket, on } => {
                self.set_nodelay(socket, on);
                NetReply::Done
            }
            NetRequest::Ref { handle, on } => {
                self.set_ref(handle, on);
                NetReply::Done
            }
            NetRequest::ReadStart { socket } => {
                self.read_start(socket);
                NetReply::Done
            }
            NetRequest::ReadStop { socket } => {
                self.read_stop(socket);
                NetReply::Done
            }
        })
    }
}
