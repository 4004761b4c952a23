//! UDP handles (libuv's `uv_udp_t`, src/unix/udp.c): bind, connect, send
//! (`uv_udp_try_send` first, then the handle's send queue, flushed when the
//! descriptor is writable), receive (up to 32 datagrams per readiness, as
//! `uv__udp_recvmsg` reads them) and the socket options `node:dgram` sets.
use std::collections::VecDeque;
use std::io;
use std::net::{Ipv4Addr, Ipv6Addr, SocketAddr};

use mio::net::UdpSocket;
use mio::Interest;
use socket2::{Domain, Protocol, Socket, Type};

use super::handles::{net_error, Handle, NetEvent};
use super::{FsError, Io};

/// `uv__udp_recvmsg` reads at most this many datagrams per readiness event
/// (its `count = 32`); the rest wait for the next poll (epoll reports the
/// descriptor again: it is level-triggered).
const RECV_BATCH: usize = 32;

/// A datagram waiting in the handle's send queue (`uv_udp_send_t`).
pub(super) struct PendingSend {
    bytes: Vec<u8>,
    to: Option<SocketAddr>,
    /// The request's id (0: nobody waits for it).
    request: u64,
}

/// A bound UDP socket (libuv binds a `uv_udp_t` before its first send or
/// receive; `node:dgram` binds it explicitly, or implicitly on send).
pub(super) struct UdpHandle {
    pub(super) socket: UdpSocket,
    /// `uv_ref` / `uv_unref`.
    pub(super) refed: bool,
    /// `uv_udp_recv_start` was called (and not `uv_udp_recv_stop`): the
    /// handle is active.
    pub(super) receiving: bool,
    /// The send queue: datagrams `uv_udp_try_send` could not send at once.
    pub(super) out: VecDeque<PendingSend>,
    /// Registered for writability (the send queue is not empty).
    pub(super) watch_out: bool,
    /// The bound address.
    pub(super) local: SocketAddr,
    /// `uv_udp_connect`'s peer.
    pub(super) peer: Option<SocketAddr>,
    /// Datagrams the program's own UDP sockets sent to this one, and
    /// datagrams read: the virtual clock's loopback rule (node/loopback.rs).
    pub(super) expected: u64,
    pub(super) read: u64,
}

/// How `udp_bind` sets up the socket (libuv's `uv_udp_bind` flags).
#[derive(Debug, Clone, Copy, Default)]
pub struct UdpFlags {
    /// `UV_UDP_REUSEADDR` (SO_REUSEADDR on Linux, libuv's `uv__sock_reuseaddr`).
    pub reuse_addr: bool,
    /// `UV_UDP_REUSEPORT` (SO_REUSEPORT).
    pub reuse_port: bool,
    /// `UV_UDP_IPV6ONLY` (IPV6_V6ONLY).
    pub ipv6_only: bool,
}

/// What a send did at once (`uv_udp_try_send` then `uv_udp_send`).
#[derive(Debug)]
pub enum SendOutcome {
    /// Sent whole now: this many bytes (Node's synchronous finish).
    Sent(usize),
    /// Queued: its request's completion comes with a poll phase.
    Queued(u64),
}

/// A socket option `node:dgram` sets or reads.
#[derive(Debug, Clone)]
pub enum UdpOption {
    Broadcast(bool),
    Ttl(i32),
    MulticastTtl(i32),
    MulticastLoopback(bool),
    MulticastInterface(String),
    Membership {
        join: bool,
        group: String,
        interface: Option<String>,
    },
    SourceMembership {
        join: bool,
        source: String,
        group: String,
        interface: Option<String>,
    },
    /// SO_RCVBUF (true) or SO_SNDBUF; 0 reads it.
    BufferSize {
        recv: bool,
        size: u32,
    },
}

fn einval() -> io::Error {
    io::Error::from_raw_os_error(libc::EINVAL)
}

fn ebadf() -> io::Error {
    io::Error::from_raw_os_error(libc::EBADF)
}

/// An IPv6 scope (`%eth0` or `%2`) as an interface index (libuv's
/// `uv_ip6_addr` uses `if_nametoindex`).
fn scope_index(scope: &str) -> u32 {
    if let Ok(n) = scope.parse::<u32>() {
        return n;
    }
    let Ok(name) = std::ffi::CString::new(scope) else { return 0 };
    // SAFETY: a valid NUL-terminated string.
    unsafe { libc::if_nametoindex(name.as_ptr()) }
}

/// Parses an address as libuv's `uv_ip4_addr` / `uv_ip6_addr` do (an IPv6
/// address may carry a `%scope`).
pub fn parse_ip(text: &str, port: u16) -> Option<SocketAddr> {
    if let Ok(ip) = text.parse::<Ipv4Addr>() {
        return Some(SocketAddr::from((ip, port)));
    }
    let (ip, scope) = match text.split_once('%') {
        Some((ip, scope)) => (ip, scope_index(scope)),
        None => (text, 0),
    };
    let ip = ip.parse::<Ipv6Addr>().ok()?;
    Some(SocketAddr::V6(std::net::SocketAddrV6::new(ip, port, 0, scope)))
}

impl Io {
    /// `uv_udp_bind` (with `uv_udp_recv_start`, as `node:dgram`'s
    /// startListening calls it right after): a new socket of `ipv6`'s
    /// family bound to `addr`, watched for reading from the next poll on
    /// (libuv's watcher queue). Its handle's id and the address bound.
    pub fn udp_bind(
        &self,
        ipv6: bool,
        addr: &str,
        port: u16,
        flags: UdpFlags,
    ) -> Result<(u64, SocketAddr), FsError> {
        let path = Some(format!("{addr}:{port}"));
        let fail = |e: &io::Error| FsError::of(e, "bind", path.clone(), None);
        let target = parse_ip(addr, port).ok_or_else(|| fail(&einval()))?;
        // uv_udp_bind: an address of the other family is EINVAL.
        if target.is_ipv6() != ipv6 {
            return Err(fail(&einval()));
        }
        let domain = if ipv6 { Domain::IPV6 } else { Domain::IPV4 };
        let socket = Socket::new(domain, Type::DGRAM.nonblocking().cloexec(), Some(Protocol::UDP))
            .map_err(|e| fail(&e))?;
        if flags.reuse_addr {
            socket.set_reuse_address(true).map_err(|e| fail(&e))?;
        }
        if flags.reuse_port {
            socket.set_reuse_port(true).map_err(|e| fail(&e))?;
        }
        if ipv6 && flags.ipv6_only {
            socket.set_only_v6(true).map_err(|e| fail(&e))?;
        }
        socket.bind(&target.into()).map_err(|e| fail(&e))?;
        let local = socket.local_addr().ok().and_then(|a| a.as_socket()).unwrap_or(target);
        let std: std::net::UdpSocket = socket.into();
        let socket = UdpSocket::from_std(std);
        let id = self.new_handle_id();
        let handle = UdpHandle {
            socket,
            refed: true,
            receiving: true,
            out: VecDeque::new(),
            watch_out: false,
            local,
            peer: None,
            expected: 0,
            read: 0,
        };
        self.handles.borrow_mut().insert(id, Handle::Udp(Box::new(handle)));
        self.register_later(id, Interest::READABLE);
        Ok((id, local))
    }

    /// `uv_udp_connect` (connect(2) on a datagram socket: no packet, done at
    /// once). `None` for the address: `uv_udp_connect(handle, NULL)`, the
    /// disconnect (AF_UNSPEC).
    pub fn udp_connect(&self, id: u64, to: Option<(&str, u16)>) -> Result<(), FsError> {
        let mut handles = self.handles.borrow_mut();
        let Some(Handle::Udp(u)) = handles.get_mut(&id) else {
            return Err(net_error(&ebadf(), "connect", None));
        };
        match to {
            Some((addr, port)) => {
                let path = Some(format!("{addr}:{port}"));
                let target = parse_ip(addr, port)
                    .ok_or_else(|| FsError::of(&einval(), "connect", path.clone(), None))?;
                u.socket.connect(target).map_err(|e| FsError::of(&e, "connect", path, None))?;
                u.peer = Some(target);
            }
            None => {
                // SAFETY: an all-zero sockaddr with AF_UNSPEC dissolves the
                // association (connect(2)); the descriptor is open.
                let r = unsafe {
                    let mut sa: libc::sockaddr = std::mem::zeroed();
                    sa.sa_family = libc::AF_UNSPEC as libc::sa_family_t;
                    libc::connect(
                        std::os::fd::AsRawFd::as_raw_fd(&u.socket),
                        &sa,
                        std::mem::size_of::<libc::sockaddr>() as libc::socklen_t,
                    )
                };
                let e = io::Error::last_os_error();
                // Linux answers EAFNOSUPPORT and disconnects all the same
                // (libuv's uv__udp_disconnect ignores it).
                if r != 0 && e.raw_os_error() != Some(libc::EAFNOSUPPORT) {
                    return Err(net_error(&e, "connect", None));
                }
                u.peer = None;
            }
        }
        Ok(())
    }

    /// The bound address (`getsockname`) or the connected peer (`getpeername`).
    pub fn udp_address(&self, id: u64, peer: bool) -> Result<SocketAddr, FsError> {
        let syscall = if peer { "getpeername" } else { "getsockname" };
        match self.handles.borrow().get(&id) {
            Some(Handle::Udp(u)) => {
                if peer {
                    u.socket.peer_addr().map_err(|e| net_error(&e, syscall, None))
                } else {
                    u.socket.local_addr().map_err(|e| net_error(&e, syscall, None))
                }
            }
            _ => Err(net_error(&ebadf(), syscall, None)),
        }
    }

    /// `uv_udp_try_send`, then (when the kernel would block, or datagrams
    /// wait before it) `uv_udp_send`: the datagram joins the send queue and
    /// the handle is watched for writability; its completion comes from the
    /// poll phase (`uv__udp_io`'s `uv__udp_sendmsg`, `uv__udp_run_completed`).
    /// `to` is None on a connected socket. `shown` is the address as the
    /// caller named it, for the error.
    pub fn udp_send(
        &self,
        id: u64,
        bytes: Vec<u8>,
        to: Option<(&str, u16)>,
        shown: &str,
        notify: bool,
    ) -> Result<SendOutcome, FsError> {
        let fail = |e: &io::Error| {
            let path = match to {
                Some((_, port)) if port > 0 => Some(format!("{shown}:{port}")),
                _ if !shown.is_empty() => Some(shown.to_string()),
                _ => None,
            };
            FsError::of(e, "send", path, None)
        };
        let target = match to {
            Some((addr, port)) => Some(parse_ip(addr, port).ok_or_else(|| fail(&einval()))?),
            None => None,
        };
        let mut handles = self.handles.borrow_mut();
        let Some(Handle::Udp(u)) = handles.get_mut(&id) else { return Err(fail(&ebadf())) };
        let target = target.or(u.peer);
        // uv_udp_try_send: EAGAIN while datagrams wait in the queue.
        if u.out.is_empty() {
            let sent = match target {
                Some(t) if u.peer.is_none() => u.socket.send_to(&bytes, t),
                _ => u.socket.send(&bytes),
            };
            match sent {
                Ok(n) => {
                    drop(handles);
                    if let Some(t) = target {
                        self.udp_count_sent(t);
                    }
                    return Ok(SendOutcome::Sent(n));
                }
                Err(e)
                    if e.kind() == io::ErrorKind::WouldBlock || e.raw_os_error() == Some(libc::ENOBUFS) => {}
                Err(e) => return Err(fail(&e)),
            }
        }
        let request = if notify {
            let r = self.next_request.get();
            self.next_request.set(r + 1);
            r
        } else {
            0
        };
        u.out.push_back(PendingSend { bytes, to: if u.peer.is_some() { None } else { target }, request });
        if !u.watch_out {
            u.watch_out = true;
            let token = mio::Token(id as usize);
            let _ = self.poll.borrow().registry().reregister(
                &mut u.socket,
                token,
                Interest::READABLE | Interest::WRITABLE,
            );
        }
        Ok(SendOutcome::Queued(request))
    }

    /// The handle of the program's own UDP socket bound to `to`, if any.
    fn udp_own_receiver(&self, to: SocketAddr) -> Option<u64> {
        self.handles.borrow().iter().find_map(|(id, h)| match h {
            Handle::Udp(u)
                if u.local.port() == to.port()
                    && u.local.is_ipv4() == to.is_ipv4()
                    && (u.local.ip() == to.ip() || u.local.ip().is_unspecified()) =>
            {
                Some(*id)
            }
            _ => None,
        })
    }

    /// One more datagram on its way to `receiver` (the loopback rule).
    pub(super) fn udp_count_sent(&self, to: SocketAddr) {
        if let Some(r) = self.udp_own_receiver(to) {
            if let Some(Handle::Udp(u)) = self.handles.borrow_mut().get_mut(&r) {
                u.expected += 1;
            }
        }
    }

    /// `uv_udp_recv_stop` / `uv_udp_recv_start` (the handle is active
    /// while it receives).
    pub fn udp_receiving(&self, id: u64, on: bool) {
        if let Some(Handle::Udp(u)) = self.handles.borrow_mut().get_mut(&id) {
            u.receiving = on;
        }
    }

    /// The send queue's size in bytes and in datagrams
    /// (`uv_udp_get_send_queue_size`, `uv_udp_get_send_queue_count`).
    pub fn udp_send_queue(&self, id: u64) -> (usize, usize) {
        match self.handles.borrow().get(&id) {
            Some(Handle::Udp(u)) => (u.out.iter().map(|p| p.bytes.len()).sum(), u.out.len()),
            _ => (0, 0),
        }
    }

    /// Sets (or, for a buffer size of 0, reads) a socket option; the value
    /// read, else 0. Errors carry the `node:dgram` method's name as syscall.
    pub fn udp_option(&self, id: u64, option: &UdpOption) -> Result<u32, FsError> {
        let handles = self.handles.borrow();
        let syscall = match option {
            UdpOption::Broadcast(_) => "setBroadcast",
            UdpOption::Ttl(_) => "setTTL",
            UdpOption::MulticastTtl(_) => "setMulticastTTL",
            UdpOption::MulticastLoopback(_) => "setMulticastLoopback",
            UdpOption::MulticastInterface(_) => "setMulticastInterface",
            UdpOption::Membership { join: true, .. } => "addMembership",
            UdpOption::Membership { join: false, .. } => "dropMembership",
            UdpOption::SourceMembership { join: true, .. } => "addSourceSpecificMembership",
            UdpOption::SourceMembership { join: false, .. } => "dropSourceSpecificMembership",
            UdpOption::BufferSize { recv: true, .. } => "uv_recv_buffer_size",
            UdpOption::BufferSize { recv: false, .. } => "uv_send_buffer_size",
        };
        let fail = |e: io::Error| net_error(&e, syscall, None);
        let Some(Handle::Udp(u)) = handles.get(&id) else { return Err(fail(ebadf())) };
        let sock = socket2::SockRef::from(&u.socket);
        let v6 = u.local.is_ipv6();
        let v4_of = |text: &str| text.parse::<Ipv4Addr>().map_err(|_| einval());
        match option {
            UdpOption::Broadcast(on) => sock.set_broadcast(*on).map_err(fail)?,
            // uv_udp_set_ttl: 1 to 255.
            UdpOption::Ttl(ttl) => {
                if !(1..=255).contains(ttl) {
                    return Err(fail(einval()));
                }
                if v6 {
                    sock.set_unicast_hops_v6(*ttl as u32).map_err(fail)?
                } else {
                    sock.set_ttl_v4(*ttl as u32).map_err(fail)?
                }
            }
            // uv_udp_set_multicast_ttl: 0 to 255.
            UdpOption::MulticastTtl(ttl) => {
                if !(0..=255).contains(ttl) {
                    return Err(fail(einval()));
                }
                if v6 {
                    sock.set_multicast_hops_v6(*ttl as u32).map_err(fail)?
                } else {
                    sock.set_multicast_ttl_v4(*ttl as u32).map_err(fail)?
                }
            }
            UdpOption::MulticastLoopback(on) => {
                if v6 {
                    sock.set_multicast_loop_v6(*on).map_err(fail)?
                } else {
                    sock.set_multicast_loop_v4(*on).map_err(fail)?
                }
            }
            // uv_udp_set_multicast_interface: an address of the socket's
            // family (for IPv6, its scope names the interface).
            UdpOption::MulticastInterface(text) => {
                if v6 {
                    let index = match parse_ip(text, 0) {
                        Some(SocketAddr::V6(a)) => a.scope_id(),
                        _ => return Err(fail(einval())),
                    };
                    sock.set_multicast_if_v6(index).map_err(fail)?
                } else {
                    sock.set_multicast_if_v4(&v4_of(text).map_err(fail)?).map_err(fail)?
                }
            }
            // uv_udp_set_membership: an IPv4 group, else an IPv6 one.
            UdpOption::Membership { join, group, interface } => match parse_ip(group, 0) {
                Some(SocketAddr::V4(g)) => {
                    let iface = match interface {
                        Some(i) => v4_of(i).map_err(fail)?,
                        None => Ipv4Addr::UNSPECIFIED,
                    };
                    if *join {
                        sock.join_multicast_v4(g.ip(), &iface).map_err(fail)?
                    } else {
                        sock.leave_multicast_v4(g.ip(), &iface).map_err(fail)?
                    }
                }
                Some(SocketAddr::V6(g)) => {
                    let index = match interface.as_deref().and_then(|i| parse_ip(i, 0)) {
                        Some(SocketAddr::V6(a)) => a.scope_id(),
                        _ => 0,
                    };
                    if *join {
                        sock.join_multicast_v6(g.ip(), index).map_err(fail)?
                    } else {
                        sock.leave_multicast_v6(g.ip(), index).map_err(fail)?
                    }
                }
                None => return Err(fail(einval())),
            },
            UdpOption::SourceMembership { join, source, group, interface } => {
                let (Ok(source), Ok(group)) = (v4_of(source), v4_of(group)) else {
                    // uv__udp_set_source_membership6: MCAST_JOIN_SOURCE_GROUP
                    // with the group, the source and the interface index
                    // (the interface address's scope).
                    let (Some(SocketAddr::V6(g)), Some(SocketAddr::V6(src))) =
                        (parse_ip(group, 0), parse_ip(source, 0))
                    else {
                        return Err(fail(einval()));
                    };
                    let index = match interface.as_deref().and_then(|i| parse_ip(i, 0)) {
                        Some(SocketAddr::V6(a)) => a.scope_id(),
                        _ => 0,
                    };
                    let g = socket2::SockAddr::from(SocketAddr::V6(g));
                    let src = socket2::SockAddr::from(SocketAddr::V6(src));
                    // SAFETY: an all-zero group_source_req is valid.
                    let mut req: libc::group_source_req = unsafe { std::mem::zeroed() };
                    req.gsr_interface = index;
                    // SAFETY: each socket address (an IPv6 one, at most a
                    // sockaddr_storage) is copied within its own length.
                    unsafe {
                        std::ptr::copy_nonoverlapping(
                            g.as_ptr().cast::<u8>(),
                            (&mut req.gsr_group as *mut libc::sockaddr_storage).cast::<u8>(),
                            g.len() as usize,
                        );
                        std::ptr::copy_nonoverlapping(
                            src.as_ptr().cast::<u8>(),
                            (&mut req.gsr_source as *mut libc::sockaddr_storage).cast::<u8>(),
                            src.len() as usize,
                        );
                    }
                    let opt =
                        if *join { libc::MCAST_JOIN_SOURCE_GROUP } else { libc::MCAST_LEAVE_SOURCE_GROUP };
                    // SAFETY: the descriptor is open; `req` is the option's
                    // type, of the size given.
                    let r = unsafe {
                        libc::setsockopt(
                            std::os::fd::AsRawFd::as_raw_fd(&u.socket),
                            libc::IPPROTO_IPV6,
                            opt,
                            (&req as *const libc::group_source_req).cast(),
                            std::mem::size_of::<libc::group_source_req>() as libc::socklen_t,
                        )
                    };
                    if r != 0 {
                        return Err(fail(io::Error::last_os_error()));
                    }
                    return Ok(0);
                };
                let iface = match interface {
                    Some(i) => v4_of(i).map_err(fail)?,
                    None => Ipv4Addr::UNSPECIFIED,
                };
                if *join {
                    sock.join_ssm_v4(&source, &group, &iface).map_err(fail)?
                } else {
                    sock.leave_ssm_v4(&source, &group, &iface).map_err(fail)?
                }
            }
            UdpOption::BufferSize { recv, size } => {
                if *size == 0 {
                    let n = if *recv { sock.recv_buffer_size() } else { sock.send_buffer_size() };
                    return n.map(|n| n as u32).map_err(fail);
                }
                if *recv {
                    sock.set_recv_buffer_size(*size as usize).map_err(fail)?
                } else {
                    sock.set_send_buffer_size(*size as usize).map_err(fail)?
                }
            }
        }
        Ok(0)
    }

    /// `uv__udp_io` for a readiness event: the send queue first
    /// (`uv__udp_sendmsg`, then the completed requests' callbacks), then up
    /// to 32 datagrams (into the driver's 64 KiB read buffer, the size
    /// `uv__udp_recvmsg` asks `alloc_cb` for) (`uv__udp_recvmsg`); what is left is read now and
    /// reported by the next poll (`again`), as a level-triggered epoll
    /// would report the descriptor again.
    ///
    /// Returns where the datagrams it sent went (counted by the caller for
    /// the loopback rule, once the handles are no longer borrowed).
    pub(super) fn udp_event(
        &self,
        id: u64,
        u: &mut UdpHandle,
        readable: bool,
        writable: bool,
        wake_seen: bool,
        out: &mut Vec<NetEvent>,
    ) -> Vec<SocketAddr> {
        let mut sent_to = Vec::new();
        if writable && !u.out.is_empty() {
            while let Some(p) = u.out.front() {
                let sent = match p.to {
                    Some(t) => u.socket.send_to(&p.bytes, t),
                    None => u.socket.send(&p.bytes),
                };
                let (bytes, error) = match sent {
                    Ok(n) => (n, None),
                    Err(e)
                        if e.kind() == io::ErrorKind::WouldBlock
                            || e.raw_os_error() == Some(libc::ENOBUFS) =>
                    {
                        break
                    }
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    Err(e) => (0, Some(net_error(&e, "send", p.to))),
                };
                let p = u.out.pop_front().expect("front");
                if error.is_none() {
                    if let Some(t) = p.to.or(u.peer) {
                        sent_to.push(t);
                    }
                }
                if p.request != 0 {
                    out.push(NetEvent::Sent { socket: id, request: p.request, bytes, error });
                }
            }
            if u.out.is_empty() && u.watch_out {
                u.watch_out = false;
                let _ = self.poll.borrow().registry().reregister(
                    &mut u.socket,
                    mio::Token(id as usize),
                    Interest::READABLE,
                );
            }
        }
        if !readable || !u.receiving {
            return sent_to;
        }
        let mut buf = self.read_buffer();
        let mut count = 0;
        loop {
            let event = match u.socket.recv_from(&mut buf[..]) {
                Ok((n, from)) => {
                    u.read += 1;
                    NetEvent::Datagram { socket: id, bytes: buf[..n].to_vec(), from }
                }
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => break,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                // An ICMP error queued on the socket (ECONNREFUSED on a
                // connected one): libuv hands it to recv_cb, Node emits
                // 'error' (errnoException(nread, 'recvmsg')).
                Err(e) => NetEvent::Failed { socket: id, error: net_error(&e, "recvmsg", None) },
            };
            if count < RECV_BATCH {
                out.push(event);
            } else {
                self.again.borrow_mut().push((event, wake_seen));
            }
            count += 1;
        }
        sent_to
    }
}
