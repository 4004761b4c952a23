// jsloop glue: Node's `os` module (https://nodejs.org/api/os.html), shaped
// as Node's lib/os.js shapes what libuv reports; the system is asked by the
// host (src/node/os.rs).
(function (internals) {
  'use strict';
  const host = internals.host.os;
  const { Buffer } = internals.require('buffer');
  const { validateInt32, nodeError } = internals;

  // lib/internal/errors.js, SystemError: "A system error occurred:
  // <syscall> returned <code> (<message>)", with the context as `info`.
  function systemError(syscall, errno) {
    const [code, description] = host.errname(errno);
    const info = { errno, code, message: description, syscall };
    const err = nodeError(Error, 'ERR_SYSTEM_ERROR', `A system error occurred: ${syscall} returned ${code} (${description})`);
    Object.defineProperty(err, 'name', { value: 'SystemError', writable: true, configurable: true, enumerable: false });
    err.stack = err.stack.replace(/^Error/, 'SystemError');
    Object.defineProperty(err, 'info', { value: info, enumerable: true, configurable: true, writable: false });
    Object.defineProperty(err, 'errno', { get: () => info.errno, set: (v) => { info.errno = v; }, enumerable: true, configurable: true });
    Object.defineProperty(err, 'syscall', { get: () => info.syscall, set: (v) => { info.syscall = v; }, enumerable: true, configurable: true });
    return err;
  }

  const [sysname, releaseName, versionName, machineName] = host.uname();
  // Node lets `${os.hostname}` and +os.totalmem call the function.
  const primitive = (fn) => {
    Object.defineProperty(fn, Symbol.toPrimitive, { value: () => fn(), configurable: true, writable: true, enumerable: false });
    return fn;
  };
  const env = () => internals.global.process.env;

  function hostname() { return host.hostname(); }
  function loadavg() { return host.loadavg(); }
  function uptime() { return host.uptime(); }
  function freemem() { return host.memory()[0]; }
  function totalmem() { return host.memory()[1]; }
  function type() { return sysname; }
  function release() { return releaseName; }
  function version() { return versionName; }
  function machine() { return machineName; }
  function arch() { return internals.global.process.arch; }
  function platform() { return internals.global.process.platform; }
  function endianness() { return new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 'LE' : 'BE'; }
  function availableParallelism() { return host.availableParallelism(); }

  // uv_os_tmpdir: TMPDIR, TMP, TEMP, else /tmp; a trailing slash removed.
  function tmpdir() {
    const e = env();
    let path = e.TMPDIR || e.TMP || e.TEMP || '/tmp';
    if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
    return path;
  }

  // uv_os_homedir: HOME, else the password database.
  function homedir() {
    const home = env().HOME;
    if (typeof home === 'string' && home !== '') return home;
    const user = host.userInfo();
    if (user.length === 1) throw systemError('uv_os_homedir', +user[0]);
    return user[4];
  }

  function userInfo(options) {
    if (typeof options !== 'object') options = null;
    // (Node reads the encoding before it asks the system.)
    const encoding = options ? options.encoding : undefined;
    const user = host.userInfo();
    if (user.length === 1) throw systemError('uv_os_get_passwd', +user[0]);
    const text = (s) => (encoding === 'buffer' ? Buffer.from(s) : s);
    const info = Object.create(null);
    Object.assign(info, { uid: +user[1], gid: +user[2], username: text(user[0]), homedir: text(user[4]), shell: text(user[3]) });
    return info;
  }

  function cpus() {
    return host.cpus().map(([model, speed, user, nice, sys, idle, irq]) => ({
      model,
      speed: +speed,
      times: { user: +user, nice: +nice, sys: +sys, idle: +idle, irq: +irq },
    }));
  }

  // lib/internal/util.js getCIDRSuffix: the mask's bits, or null if they
  // are not contiguous.
  function getCIDR(address, netmask, family) {
    let ones = 0;
    let split = '.';
    let range = 10;
    let groupLength = 8;
    let hasZeros = false;
    let lastPos = 0;
    if (family === 'IPv6') {
      split = ':';
      range = 16;
      groupLength = 16;
    }
    for (let i = 0; i <= netmask.length; i++) {
      if (i === netmask.length || netmask[i] === split) {
        const part = netmask.slice(lastPos, i);
        lastPos = i + 1;
        if (part !== '') {
          if (hasZeros) {
            if (part !== '0') return null;
            continue;
          }
          const binary = parseInt(part, range).toString(2);
          const binaryOnes = binary.split('1').length - 1;
          ones += binaryOnes;
          if (binaryOnes !== groupLength) {
            if (binary.includes('01')) return null;
            hasZeros = true;
          }
        }
      }
    }
    return `${address}/${ones}`;
  }

  function networkInterfaces() {
    const result = {};
    for (const [name, address, netmask, family, mac, internal, scopeid] of host.interfaces()) {
      const entry = { address, netmask, family, mac, internal: internal === 'true', cidr: getCIDR(address, netmask, family) };
      if (family === 'IPv6') entry.scopeid = +scopeid;
      (result[name] || (result[name] = [])).push(entry);
    }
    return result;
  }

  const priority = {
    PRIORITY_LOW: 19,
    PRIORITY_BELOW_NORMAL: 10,
    PRIORITY_NORMAL: 0,
    PRIORITY_ABOVE_NORMAL: -7,
    PRIORITY_HIGH: -14,
    PRIORITY_HIGHEST: -20,
  };

  function getPriority(pid) {
    if (pid === undefined) pid = 0;
    else validateInt32(pid, 'pid');
    const r = host.getPriority(pid);
    if (r <= -1000) throw systemError('uv_os_getpriority', r + 1000);
    return r;
  }

  function setPriority(pid, prio) {
    if (prio === undefined) {
      prio = pid;
      pid = 0;
    }
    validateInt32(pid, 'pid');
    validateInt32(prio, 'priority', -20, 19);
    const r = host.setPriority(pid, prio);
    if (r !== 0) throw systemError('uv_os_setpriority', r);
  }

  // Linux's signal numbers and the errno values (uv, Linux x86-64).
  const signals = {
    SIGHUP: 1, SIGINT: 2, SIGQUIT: 3, SIGILL: 4, SIGTRAP: 5, SIGABRT: 6, SIGIOT: 6, SIGBUS: 7, SIGFPE: 8,
    SIGKILL: 9, SIGUSR1: 10, SIGSEGV: 11, SIGUSR2: 12, SIGPIPE: 13, SIGALRM: 14, SIGTERM: 15, SIGCHLD: 17,
    SIGSTKFLT: 16, SIGCONT: 18, SIGSTOP: 19, SIGTSTP: 20, SIGTTIN: 21, SIGTTOU: 22, SIGURG: 23, SIGXCPU: 24,
    SIGXFSZ: 25, SIGVTALRM: 26, SIGPROF: 27, SIGWINCH: 28, SIGIO: 29, SIGPOLL: 29, SIGPWR: 30, SIGSYS: 31,
  };
  const errno = {
    E2BIG: 7, EACCES: 13, EADDRINUSE: 98, EADDRNOTAVAIL: 99, EAFNOSUPPORT: 97, EAGAIN: 11, EALREADY: 114,
    EBADF: 9, EBADMSG: 74, EBUSY: 16, ECANCELED: 125, ECHILD: 10, ECONNABORTED: 103, ECONNREFUSED: 111,
    ECONNRESET: 104, EDEADLK: 35, EDESTADDRREQ: 89, EDOM: 33, EDQUOT: 122, EEXIST: 17, EFAULT: 14, EFBIG: 27,
    EHOSTUNREACH: 113, EIDRM: 43, EILSEQ: 84, EINPROGRESS: 115, EINTR: 4, EINVAL: 22, EIO: 5, EISCONN: 106,
    EISDIR: 21, ELOOP: 40, EMFILE: 24, EMLINK: 31, EMSGSIZE: 90, EMULTIHOP: 72, ENAMETOOLONG: 36,
    ENETDOWN: 100, ENETRESET: 102, ENETUNREACH: 101, ENFILE: 23, ENOBUFS: 105, ENODATA: 61, ENODEV: 19,
    ENOENT: 2, ENOEXEC: 8, ENOLCK: 37, ENOLINK: 67, ENOMEM: 12, ENOMSG: 42, ENOPROTOOPT: 92, ENOSPC: 28,
    ENOSR: 63, ENOSTR: 60, ENOSYS: 38, ENOTCONN: 107, ENOTDIR: 20, ENOTEMPTY: 39, ENOTSOCK: 88, ENOTSUP: 95,
    ENOTTY: 25, ENXIO: 6, EOPNOTSUPP: 95, EOVERFLOW: 75, EPERM: 1, EPIPE: 32, EPROTO: 71,
    EPROTONOSUPPORT: 93, EPROTOTYPE: 91, ERANGE: 34, EROFS: 30, ESPIPE: 29, ESRCH: 3, ESTALE: 116, ETIME: 62,
    ETIMEDOUT: 110, ETXTBSY: 26, EWOULDBLOCK: 11, EXDEV: 18,
  };
  const constants = Object.freeze({
    UV_UDP_REUSEADDR: 4,
    dlopen: Object.freeze({ RTLD_LAZY: 1, RTLD_NOW: 2, RTLD_GLOBAL: 256, RTLD_LOCAL: 0, RTLD_DEEPBIND: 8 }),
    errno: Object.freeze(errno),
    signals: Object.freeze(signals),
    priority: Object.freeze(priority),
  });

  for (const fn of [arch, availableParallelism, freemem, homedir, hostname, machine, platform, release, tmpdir, totalmem, type, uptime, version, endianness]) primitive(fn);

  const os = {
    arch,
    availableParallelism,
    cpus,
    endianness,
    freemem,
    getPriority,
    homedir,
    hostname,
    loadavg,
    networkInterfaces,
    platform,
    release,
    setPriority,
    tmpdir,
    totalmem,
    type,
    userInfo,
    uptime,
    version,
    machine,
  };
  // (Node's lib/os.js defines these three read-only.)
  Object.defineProperties(os, {
    constants: { configurable: false, enumerable: true, value: constants },
    EOL: { configurable: true, enumerable: true, writable: false, value: '\n' },
    devNull: { configurable: true, enumerable: true, writable: false, value: '/dev/null' },
  });
  return os;
})
