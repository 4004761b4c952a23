//! What the node host's `os` module asks the system (src/js/node/os.js
//! shapes it as Node's lib/os.js does): uname(2), gethostname(2),
//! sysinfo(2), /proc/cpuinfo and /proc/stat, getifaddrs(3), getpwuid_r(3)
//! and get/setpriority(2), as libuv's `uv_os_*` and `uv_*` functions read
//! them (libuv src/unix/linux.c, core.c).
use std::ffi::CStr;

use rquickjs::{Ctx, Function, Object};

/// `host.os`: the functions os.js calls. Errors come back as a negative
/// errno (libuv's convention) for os.js to turn into Node's SystemError.
/// `host.os`, made when the glue first reads it (process.umask, chdir and
/// resourceUsage, node:os, fs's error names): an accessor that replaces
/// itself with the object, so a start that reads none of them makes none of
/// its functions.
pub(crate) fn install<'js>(ctx: &Ctx<'js>, host: &Object<'js>) -> rquickjs::Result<()> {
    let _ = ctx;
    host.prop(
        "os",
        rquickjs::object::Accessor::new_get(|ctx: Ctx<'js>, this: rquickjs::function::This<Object<'js>>| {
            let os = make(&ctx)?;
            this.0.prop(
                "os",
                rquickjs::object::Property::from(os.clone()).writable().enumerable().configurable(),
            )?;
            rquickjs::Result::Ok(os)
        })
        .configurable(),
    )
}

/// The object of host.os's functions.
fn make<'js>(ctx: &Ctx<'js>) -> rquickjs::Result<Object<'js>> {
    let os = Object::new(ctx.clone())?;
    os.set("uname", Function::new(ctx.clone(), uname)?)?;
    os.set("hostname", Function::new(ctx.clone(), hostname)?)?;
    os.set("uptime", Function::new(ctx.clone(), uptime)?)?;
    os.set("loadavg", Function::new(ctx.clone(), loadavg)?)?;
    os.set("memory", Function::new(ctx.clone(), memory)?)?;
    os.set("cpus", Function::new(ctx.clone(), cpus)?)?;
    os.set("interfaces", Function::new(ctx.clone(), interfaces)?)?;
    os.set("userInfo", Function::new(ctx.clone(), user_info)?)?;
    os.set("getPriority", Function::new(ctx.clone(), get_priority)?)?;
    os.set("setPriority", Function::new(ctx.clone(), set_priority)?)?;
    os.set("errname", Function::new(ctx.clone(), errname)?)?;
    os.set("umask", Function::new(ctx.clone(), umask)?)?;
    os.set("rusage", Function::new(ctx.clone(), rusage)?)?;
    os.set("chdir", Function::new(ctx.clone(), chdir)?)?;
    os.set(
        "availableParallelism",
        Function::new(ctx.clone(), || std::thread::available_parallelism().map_or(1, |n| n.get()) as f64)?,
    )?;
    Ok(os)
}

fn last_errno() -> i32 {
    std::io::Error::last_os_error().raw_os_error().unwrap_or(0)
}

fn c_string(chars: &[libc::c_char]) -> String {
    // SAFETY: the kernel and libc fill these arrays with NUL-terminated strings.
    unsafe { CStr::from_ptr(chars.as_ptr()) }.to_string_lossy().into_owned()
}

/// uv_os_uname: [sysname, release, version, machine].
fn uname() -> Vec<String> {
    // SAFETY: utsname is plain data; uname fills it.
    let mut u: libc::utsname = unsafe { std::mem::zeroed() };
    if unsafe { libc::uname(&mut u) } != 0 {
        return Vec::new();
    }
    vec![c_string(&u.sysname), c_string(&u.release), c_string(&u.version), c_string(&u.machine)]
}

/// uv_os_gethostname.
fn hostname() -> String {
    let mut buf = [0 as libc::c_char; 256];
    // SAFETY: the buffer is as long as we say.
    if unsafe { libc::gethostname(buf.as_mut_ptr(), buf.len()) } != 0 {
        return String::new();
    }
    c_string(&buf)
}

/// uv_uptime (linux.c): /proc/uptime, else CLOCK_BOOTTIME.
fn uptime() -> f64 {
    if let Some(s) =
        std::fs::read_to_string("/proc/uptime").ok().and_then(|t| t.split_whitespace().next()?.parse().ok())
    {
        return s;
    }
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: a valid timespec to fill.
    if unsafe { libc::clock_gettime(libc::CLOCK_BOOTTIME, &mut ts) } == 0 {
        ts.tv_sec as f64
    } else {
        0.0
    }
}

/// uv_loadavg: the three averages of /proc/loadavg.
fn loadavg() -> Vec<f64> {
    let text = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    let mut v: Vec<f64> = text.split_whitespace().take(3).filter_map(|x| x.parse().ok()).collect();
    v.resize(3, 0.0);
    v
}

/// [uv_get_free_memory, uv_get_total_memory]: /proc/meminfo's MemAvailable
/// and MemTotal (in bytes), as libuv reads them.
fn memory() -> Vec<f64> {
    let text = std::fs::read_to_string("/proc/meminfo").unwrap_or_default();
    let field = |name: &str| -> f64 {
        text.lines()
            .find_map(|l| l.strip_prefix(name)?.trim().strip_suffix("kB")?.trim().parse::<f64>().ok())
            .map_or(0.0, |kb| kb * 1024.0)
    };
    vec![field("MemAvailable:"), field("MemTotal:")]
}

/// uv_cpu_info: one [model, speed MHz, user, nice, sys, idle, irq] per CPU,
/// times in milliseconds (clock ticks of /proc/stat × 1000 / CLK_TCK); the
/// speed is cpufreq's scaling_cur_freq (kHz), or 0 where there is none, as
/// libuv reads it.
fn cpus() -> Vec<Vec<String>> {
    let info = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let mut models = Vec::new();
    for line in info.lines() {
        if let Some((k, v)) = line.split_once(':') {
            if k.trim() == "model name" {
                models.push(v.trim().to_string());
            }
        }
    }
    // SAFETY: sysconf has no preconditions.
    let ticks = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as f64;
    let multiplier = 1000.0 / ticks;
    let stat = std::fs::read_to_string("/proc/stat").unwrap_or_default();
    let mut out = Vec::new();
    for line in stat.lines() {
        let Some(rest) = line.strip_prefix("cpu") else { continue };
        if !rest.starts_with(|c: char| c.is_ascii_digit()) {
            continue;
        }
        let n: Vec<f64> = rest.split_whitespace().skip(1).filter_map(|x| x.parse().ok()).collect();
        if n.len() < 6 {
            continue;
        }
        let i = out.len();
        let model = models.get(i).or(models.first()).cloned().unwrap_or_else(|| "unknown".into());
        let speed =
            std::fs::read_to_string(format!("/sys/devices/system/cpu/cpu{i}/cpufreq/scaling_cur_freq"))
                .ok()
                .and_then(|s| s.trim().parse::<u64>().ok())
                .map_or(0, |khz| khz / 1000);
        // user nice system idle iowait irq
        out.push(vec![
            model,
            speed.to_string(),
            (n[0] * multiplier).to_string(),
            (n[1] * multiplier).to_string(),
            (n[2] * multiplier).to_string(),
            (n[3] * multiplier).to_string(),
            (n[5] * multiplier).to_string(),
        ]);
    }
    out
}

fn format_mac(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect::<Vec<_>>().join(":")
}

/// uv_interface_addresses: [name, address, netmask, family, mac, internal,
/// scopeid] for every address of every interface that is up.
fn interfaces() -> Vec<Vec<String>> {
    let mut addrs: *mut libc::ifaddrs = std::ptr::null_mut();
    // SAFETY: getifaddrs allocates the list; freeifaddrs frees it below.
    if unsafe { libc::getifaddrs(&mut addrs) } != 0 {
        return Vec::new();
    }
    // The hardware addresses first (AF_PACKET entries), by interface name.
    let mut macs = std::collections::HashMap::new();
    let mut p = addrs;
    while !p.is_null() {
        // SAFETY: p walks the list getifaddrs made.
        let a = unsafe { &*p };
        if !a.ifa_addr.is_null() && i32::from(unsafe { (*a.ifa_addr).sa_family }) == libc::AF_PACKET {
            let ll = unsafe { &*(a.ifa_addr as *const libc::sockaddr_ll) };
            let name = unsafe { CStr::from_ptr(a.ifa_name) }.to_string_lossy().into_owned();
            macs.insert(name, format_mac(&ll.sll_addr[..6]));
        }
        p = a.ifa_next;
    }
    let mut out = Vec::new();
    let mut p = addrs;
    while !p.is_null() {
        // SAFETY: as above.
        let a = unsafe { &*p };
        p = a.ifa_next;
        let up = a.ifa_flags & (libc::IFF_UP as u32) != 0 && a.ifa_flags & (libc::IFF_RUNNING as u32) != 0;
        if !up || a.ifa_addr.is_null() {
            continue;
        }
        let family = i32::from(unsafe { (*a.ifa_addr).sa_family });
        let name = unsafe { CStr::from_ptr(a.ifa_name) }.to_string_lossy().into_owned();
        let internal = a.ifa_flags & (libc::IFF_LOOPBACK as u32) != 0;
        let (address, netmask, fam, scope) = match family {
            libc::AF_INET => {
                let ip = unsafe { &*(a.ifa_addr as *const libc::sockaddr_in) };
                let mask = if a.ifa_netmask.is_null() {
                    0
                } else {
                    unsafe { (*(a.ifa_netmask as *const libc::sockaddr_in)).sin_addr.s_addr }
                };
                (
                    std::net::Ipv4Addr::from(u32::from_be(ip.sin_addr.s_addr)).to_string(),
                    std::net::Ipv4Addr::from(u32::from_be(mask)).to_string(),
                    "IPv4",
                    String::new(),
                )
            }
            libc::AF_INET6 => {
                let ip = unsafe { &*(a.ifa_addr as *const libc::sockaddr_in6) };
                let mask = if a.ifa_netmask.is_null() {
                    [0; 16]
                } else {
                    unsafe { (*(a.ifa_netmask as *const libc::sockaddr_in6)).sin6_addr.s6_addr }
                };
                (
                    std::net::Ipv6Addr::from(ip.sin6_addr.s6_addr).to_string(),
                    std::net::Ipv6Addr::from(mask).to_string(),
                    "IPv6",
                    ip.sin6_scope_id.to_string(),
                )
            }
            _ => continue,
        };
        let mac = macs.get(&name).cloned().unwrap_or_else(|| "00:00:00:00:00:00".into());
        out.push(vec![name, address, netmask, fam.into(), mac, internal.to_string(), scope]);
    }
    // SAFETY: the list getifaddrs made, freed once.
    unsafe { libc::freeifaddrs(addrs) };
    out
}

/// uv_os_get_passwd: [username, uid, gid, shell, homedir] of the effective
/// user, or only the (negative) errno.
fn user_info() -> Vec<String> {
    // SAFETY: geteuid has no preconditions; getpwuid_r writes into pw and buf.
    let uid = unsafe { libc::geteuid() };
    let mut pw: libc::passwd = unsafe { std::mem::zeroed() };
    let mut result: *mut libc::passwd = std::ptr::null_mut();
    let mut buf = vec![0 as libc::c_char; 16384];
    let r = unsafe { libc::getpwuid_r(uid, &mut pw, buf.as_mut_ptr(), buf.len(), &mut result) };
    if r != 0 || result.is_null() {
        return vec![(-(if r != 0 { r } else { libc::ENOENT })).to_string()];
    }
    let s = |p: *const libc::c_char| {
        if p.is_null() {
            String::new()
        } else {
            // SAFETY: getpwuid_r's strings point into buf, NUL-terminated.
            unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned()
        }
    };
    vec![s(pw.pw_name), pw.pw_uid.to_string(), pw.pw_gid.to_string(), s(pw.pw_shell), s(pw.pw_dir)]
}

/// uv_os_getpriority: the nice value, or a negative errno.
fn get_priority(pid: f64) -> f64 {
    // getpriority returns -1 for both an error and a nice value of -1:
    // errno tells them apart.
    // SAFETY: errno is this thread's; getpriority has no preconditions.
    unsafe { *libc::__errno_location() = 0 };
    let r = unsafe { libc::getpriority(libc::PRIO_PROCESS, pid as i64 as libc::id_t) };
    let e = last_errno();
    if r == -1 && e != 0 {
        -(e as f64) - 1000.0
    } else {
        r as f64
    }
}

/// uv_os_setpriority: 0, or a negative errno.
fn set_priority(pid: f64, priority: i32) -> i32 {
    // SAFETY: setpriority has no memory preconditions.
    if unsafe { libc::setpriority(libc::PRIO_PROCESS, pid as i64 as libc::id_t, priority) } != 0 {
        -last_errno()
    } else {
        0
    }
}

/// process.umask: sets the mask (or, given a negative one, only reads it)
/// and returns the old one.
fn umask(mask: f64) -> f64 {
    // SAFETY: umask has no preconditions.
    let old = unsafe { libc::umask(if mask < 0.0 { 0 } else { mask as libc::mode_t }) };
    if mask < 0.0 {
        // SAFETY: as above; the old mask put back.
        unsafe { libc::umask(old) };
    }
    f64::from(old)
}

/// process.chdir: 0, or the negative errno.
fn chdir(dir: String) -> i32 {
    match std::env::set_current_dir(&dir) {
        Ok(()) => 0,
        Err(e) => -e.raw_os_error().unwrap_or(libc::ENOENT),
    }
}

/// [code, description] of an errno, as libuv's uv_err_name and uv_strerror
/// give them.
fn errname(errno: i32) -> Vec<String> {
    let raw = errno.abs();
    let (code, description) = match raw {
        3 => ("ESRCH", "no such process"),
        _ => crate::sys::errno_name(raw, std::io::ErrorKind::Other),
    };
    vec![code.to_string(), description.to_string()]
}

/// getrusage(2) of the process (`thread` false, RUSAGE_SELF) or of the
/// calling thread (RUSAGE_THREAD), as libuv's uv_getrusage and
/// uv_getrusage_thread read it: user and system CPU time in microseconds,
/// then the other fields in struct rusage's order (src/node_process_methods.cc
/// ResourceUsage copies them in that order). `[errno]` (negative) on failure.
fn rusage(thread: bool) -> Vec<f64> {
    let who = if thread { libc::RUSAGE_THREAD } else { libc::RUSAGE_SELF };
    // SAFETY: a zeroed rusage is a valid out-parameter.
    let mut r: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `r` is a valid, writable rusage.
    if unsafe { libc::getrusage(who, &mut r) } != 0 {
        return vec![-f64::from(std::io::Error::last_os_error().raw_os_error().unwrap_or(libc::EINVAL))];
    }
    let micros = |t: libc::timeval| t.tv_sec as f64 * 1e6 + t.tv_usec as f64;
    vec![
        micros(r.ru_utime),
        micros(r.ru_stime),
        r.ru_maxrss as f64,
        r.ru_ixrss as f64,
        r.ru_idrss as f64,
        r.ru_isrss as f64,
        r.ru_minflt as f64,
        r.ru_majflt as f64,
        r.ru_nswap as f64,
        r.ru_inblock as f64,
        r.ru_oublock as f64,
        r.ru_msgsnd as f64,
        r.ru_msgrcv as f64,
        r.ru_nsignals as f64,
        r.ru_nvcsw as f64,
        r.ru_nivcsw as f64,
    ]
}
