//! What the poller reports about sockets (TCP, Unix domain, UDP): the
//! events the node host delivers in the poll phase, each as libuv's read,
//! connection, connect, write, shutdown and UDP callbacks deliver them.
use std::net::SocketAddr;

use super::FsError;

/// A TCP event, delivered in the poll phase.
#[derive(Debug, Clone)]
pub enum NetEvent {
    /// A server accepted a connection, now socket `socket`.
    Accepted {
        /// The listening handle.
        server: u64,
        /// The new connection's handle.
        socket: u64,
        /// The peer's address.
        remote: SocketAddr,
        /// The local address.
        local: SocketAddr,
    },
    /// A server on a Unix domain socket accepted a connection.
    AcceptedPath {
        /// The listening handle.
        server: u64,
        /// The new connection's handle.
        socket: u64,
    },
    /// A connect to a Unix domain socket finished.
    ConnectedPath {
        /// The socket's handle.
        socket: u64,
    },
    /// A connect finished.
    Connected {
        /// The socket's handle.
        socket: u64,
        /// The peer's address.
        remote: SocketAddr,
        /// The local address.
        local: SocketAddr,
    },
    /// A connect or a socket failed.
    Failed {
        /// The socket's handle.
        socket: u64,
        /// What failed.
        error: FsError,
    },
    /// Bytes arrived.
    Data {
        /// The socket's handle.
        socket: u64,
        /// The bytes read.
        bytes: Vec<u8>,
    },
    /// The peer ended its side (EOF).
    End {
        /// The socket's handle.
        socket: u64,
    },
    /// A write request completed.
    Written {
        /// The socket's handle.
        socket: u64,
        /// The write request ([`Io::write`](super::Io::write)'s result).
        request: u64,
    },
    /// end()'s shutdown of the write side completed.
    Shutdown {
        /// The socket's handle.
        socket: u64,
    },
    /// A datagram arrived on a UDP socket (`uv_udp_recv_cb`).
    Datagram {
        /// The UDP socket's handle.
        socket: u64,
        /// Its payload.
        bytes: Vec<u8>,
        /// The sender's address.
        from: SocketAddr,
    },
    /// A queued UDP send request completed (`uv_udp_send_cb`).
    Sent {
        /// The UDP socket's handle.
        socket: u64,
        /// The request ([`Io::udp_send`](super::Io::udp_send)'s `Queued` id).
        request: u64,
        /// Bytes sent.
        bytes: usize,
        /// Why it failed.
        error: Option<FsError>,
    },
}
