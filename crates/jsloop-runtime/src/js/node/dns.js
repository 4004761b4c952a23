// jsloop node glue: the `dns` module's lookup (https://nodejs.org/api/dns.html#dnslookuphostname-options-callback)
// and `dns/promises`' lookup: the system resolver (getaddrinfo) on the
// thread pool (crates/jsloop-runtime/src/node/dns.rs), the callback in the
// poll phase; an IP address is its own answer, called back on the next tick,
// as Node does. resolve*, reverse and Resolver (Node's ChannelWrap over
// c-ares, lib/internal/dns/utils.js, lib/internal/dns/callback_resolver.js
// and promises.js): each query a DNS message (encoded and decoded by the
// host with hickory-proto, crates/jsloop-runtime/src/node/dns.rs) on a UDP
// handle of the I/O driver connected to the server, as c-ares's socket is a
// uv_poll_t of Node's loop; the answer read in the poll phase, its callback
// a native immediate (cares_wrap.cc's QueueResponseCallback: SetImmediate).
// A truncated (TC) answer is asked again over TCP, as c-ares does.
(function (internals) {
  'use strict';
  const host = internals.host;
  const { invalidArgType, invalidArgValue, validateFunction } = internals;
  const nextTick = internals.nextTick;

  // Node's isIPv4 / isIPv6 / isIP (lib/internal/net.js).
  const { isIPv4, isIPv6, isIP } = internals.addressGrammar();

  // Node's lookup options: a number is the family; an object has family,
  // all, order ('verbatim', 'ipv4first', 'ipv6first'), verbatim, hints.
  // dns.setDefaultResultOrder: lookup's order when its options name none.
  let defaultResultOrder = 'verbatim';
  function validateOrder(order) {
    if (!['verbatim', 'ipv4first', 'ipv6first'].includes(order)) throw invalidArgValue('dnsOrder', order, "must be one of: 'verbatim', 'ipv4first', 'ipv6first'");
  }
  function setDefaultResultOrder(order) {
    validateOrder(order);
    defaultResultOrder = order;
  }
  const getDefaultResultOrder = () => defaultResultOrder;
  function lookupOptions(options) {
    let family = 0, all = false, order = defaultResultOrder;
    if (typeof options === 'number') options = { family: options };
    if (options !== undefined && options !== null) {
      if (typeof options !== 'object') throw invalidArgType('options', ['integer', 'object'], options);
      if (options.family !== undefined) {
        if (options.family === 'IPv4') family = 4;
        else if (options.family === 'IPv6') family = 6;
        else if (![0, 4, 6].includes(options.family)) throw invalidArgValue('options.family', options.family, 'must be one of: 0, 4, 6');
        else family = options.family;
      }
      if (options.all !== undefined) {
        if (typeof options.all !== 'boolean') throw invalidArgType('options.all', 'boolean', options.all);
        all = options.all;
      }
      if (options.verbatim !== undefined) {
        if (typeof options.verbatim !== 'boolean') throw invalidArgType('options.verbatim', 'boolean', options.verbatim);
        order = options.verbatim ? 'verbatim' : 'ipv4first';
      }
      if (options.order !== undefined) {
        if (!['verbatim', 'ipv4first', 'ipv6first'].includes(options.order)) throw invalidArgValue('options.order', options.order, "must be one of: 'verbatim', 'ipv4first', 'ipv6first'");
        order = options.order;
      }
    }
    return { family, all, order };
  }
  function sorted(list, order) {
    if (order === 'ipv4first') return [...list.filter((a) => a.family === 4), ...list.filter((a) => a.family === 6)];
    if (order === 'ipv6first') return [...list.filter((a) => a.family === 6), ...list.filter((a) => a.family === 4)];
    return list;
  }
  function resolveWith(hostname, o, done) {
    if (!hostname) {
      // An empty name is no address (Node answers at once, on the next tick).
      nextTick(() => done(null, o.all ? [] : [{ address: null, family: o.family === 6 ? 6 : 4 }]));
      return;
    }
    const literal = isIP(hostname);
    if (literal) {
      nextTick(() => done(null, [{ address: hostname, family: literal }]));
      return;
    }
    host.dnsLookup(hostname, o.family, (err, bytes) => {
      if (err) {
        err.syscall = 'getaddrinfo';
        err.hostname = hostname;
        return done(err);
      }
      const list = JSON.parse(String.fromCharCode(...bytes)).map(([address, family]) => ({ address, family }));
      done(null, sorted(list, o.order));
    });
  }
  function lookup(hostname, options, callback) {
    if (hostname !== null && hostname !== undefined && typeof hostname !== 'string') throw invalidArgType('hostname', 'string', hostname);
    if (typeof options === 'function') { callback = options; options = undefined; }
    validateFunction(callback, 'callback');
    const o = lookupOptions(options);
    resolveWith(hostname, o, (err, list) => {
      if (err) return callback(err);
      if (o.all) callback(null, list);
      else callback(null, list[0].address, list[0].family);
    });
    return {};
  }

  // ------------------------------------------------------------ resolvers
  const { setTimeout: startTimer, clearTimeout: stopTimer } = internals.require('timers');
  const IANA_DNS_PORT = 53;
  // c-ares's defaults (ares_private.h): 2000 ms a try, doubled each round
  // over the servers; Node's default tries: 4.
  const DEFAULT_TIMEOUT = 2000;
  const errInvalidIp = (addr) => internals.nodeError(TypeError, 'ERR_INVALID_IP_ADDRESS', `Invalid IP address: ${addr}`);
  const validateString = (v, name) => { if (typeof v !== 'string') throw invalidArgType(name, 'string', v); };
  // dnsException (lib/internal/errors.js) for a c-ares code.
  function dnsException(code, syscall, hostname) {
    const e = new Error(hostname ? `${syscall} ${code} ${hostname}` : `${syscall} ${code}`);
    e.errno = undefined;
    e.code = code;
    e.syscall = syscall;
    if (hostname) e.hostname = hostname;
    return e;
  }
  function systemServers() {
    return host.dnsSystemServers().map((s) => {
      const ip = s.split('%')[0];
      return { family: isIP(ip), address: s, port: IANA_DNS_PORT };
    });
  }
  // One c-ares channel: its servers, options, queries in flight by message
  // id, and one connected UDP socket per server while queries use it.
  class Channel {
    constructor(timeout, tries, maxTimeout = 0) {
      this.timeout = timeout >= 0 ? timeout : DEFAULT_TIMEOUT;
      this.tries = tries;
      // ARES_OPT_MAXTIMEOUTMS: a try waits no longer than this (0: no cap).
      this.maxTimeout = maxTimeout;
      this.servers = systemServers();
      this.queries = new Map();
      this.sockets = new Map(); // server index -> handle id
      this.localAddress = { 4: '0.0.0.0', 6: '::' };
    }
    // ares_query_dnsrec: the query goes out now (ares_send writes it to the
    // server's socket within the call).
    query(name, rrtype, done) {
      let id;
      do id = (Math.random() * 0x10000) | 0; while (this.queries.has(id));
      const bytes = host.dnsEncodeQuery(id, name, rrtype);
      if (!bytes) {
        host.setNativeImmediate(() => done('EBADNAME'), true);
        return;
      }
      const q = { id, bytes, rrtype, done, tries: 0, timer: null, lastError: 'ECONNREFUSED' };
      this.queries.set(id, q);
      this.send(q);
    }
    socketFor(index) {
      let sock = this.sockets.get(index);
      if (sock !== undefined) return sock;
      const server = this.servers[index];
      const bound = host.udpBind(server.family === 6, this.localAddress[server.family], 0, {});
      sock = bound.id;
      host.udpConnect(sock, server.address, server.port);
      this.sockets.set(index, sock);
      internals.udpHandlers.set(sock, (e) => this.onEvent(index, e));
      return sock;
    }
    closeSocket(index) {
      const sock = this.sockets.get(index);
      if (sock === undefined) return;
      this.sockets.delete(index);
      internals.udpHandlers.delete(sock);
      host.netClose(sock);
    }
    // A try: the next server (c-ares moves on to the next server after a
    // failure), the timeout doubled for each round over the servers.
    send(q) {
      const n = this.servers.length;
      if (n === 0 || q.tries >= this.tries * n) return this.finish(q, n === 0 ? 'ECONNREFUSED' : q.lastError);
      q.server = q.tries % n;
      const round = Math.floor(q.tries / n);
      q.tries++;
      if (q.tcp) {
        if (!this.sendTcp(q)) return this.send(q);
      } else {
        try {
          host.udpSend(this.socketFor(q.server), q.bytes, null, 0, '', false);
        } catch (e) {
          q.lastError = 'ECONNREFUSED';
          this.closeSocket(q.server);
          return this.send(q);
        }
      }
      const timer = startTimer(() => {
        q.lastError = 'ETIMEOUT';
        if (q.conn) q.conn();
        this.send(q);
      }, this.maxTimeout > 0 ? Math.min(this.timeout * 2 ** round, this.maxTimeout) : this.timeout * 2 ** round);
      timer.unref();
      q.timer = timer;
    }
    // A truncated answer: the query again over TCP (c-ares's using_tcp),
    // two length bytes before the message, a connection of its own here.
    sendTcp(q) {
      const server = this.servers[q.server];
      const handles = (internals.require('net'), internals.netHandles);
      let id;
      try {
        id = host.netConnect(server.address, server.port);
      } catch (e) {
        q.lastError = 'ECONNREFUSED';
        return false;
      }
      const framed = new Uint8Array(q.bytes.length + 2);
      framed[0] = q.bytes.length >> 8;
      framed[1] = q.bytes.length & 255;
      framed.set(q.bytes, 2);
      let got = new Uint8Array(0);
      const done = () => {
        handles.delete(id);
        host.netClose(id);
        q.conn = null;
      };
      q.conn = done;
      handles.set(id, {
        _event: (e) => {
          if (!this.queries.has(q.id)) return;
          if (e.type === 'connected') host.netWrite(id, framed, false);
          else if (e.type === 'data') {
            const all = new Uint8Array(got.length + e.data.length);
            all.set(got);
            all.set(e.data, got.length);
            got = all;
            if (got.length < 2 || got.length < 2 + ((got[0] << 8) | got[1])) return;
            done();
            stopTimer(q.timer);
            const r = host.dnsDecodeResponse(got.subarray(2, 2 + ((got[0] << 8) | got[1])), q.rrtype);
            this.finish(q, r.code, r.records);
          } else if (e.type === 'failed' || e.type === 'end') {
            done();
            stopTimer(q.timer);
            q.lastError = 'ECONNREFUSED';
            this.send(q);
          }
        },
      });
      return true;
    }
    onEvent(index, e) {
      if (e.type === 'message') {
        const data = e.data;
        if (data.length < 2) return;
        const q = this.queries.get((data[0] << 8) | data[1]);
        if (!q || q.server !== index) return;
        const r = host.dnsDecodeResponse(data, q.rrtype);
        if (r.truncated) {
          stopTimer(q.timer);
          q.tcp = true;
          q.tries--;
          return this.send(q);
        }
        // Node sets ARES_FLAG_NOCHECKRESP (cares_wrap.cc, ChannelWrap::Setup):
        // a SERVFAIL, NOTIMP or REFUSED answer is final, not retried.
        this.finish(q, r.code, r.records);
      } else if (e.type === 'failed') {
        // An ICMP error on the connected socket (ECONNREFUSED): every query
        // waiting on this server tries again.
        this.closeSocket(index);
        for (const q of [...this.queries.values()]) {
          if (q.server !== index) continue;
          stopTimer(q.timer);
          q.lastError = e.error && e.error.code === 'ECONNREFUSED' ? 'ECONNREFUSED' : 'ECONNREFUSED';
          this.send(q);
        }
      }
    }
    // end_query, then QueueResponseCallback: the callback is a native
    // immediate; c-ares closes sockets no query uses any more.
    finish(q, code, records) {
      if (!this.queries.delete(q.id)) return;
      stopTimer(q.timer);
      if (q.conn) q.conn();
      for (const index of [...this.sockets.keys()]) {
        if (![...this.queries.values()].some((o) => o.server === index)) this.closeSocket(index);
      }
      host.setNativeImmediate(() => q.done(code || null, records), true);
    }
    cancel() {
      for (const q of [...this.queries.values()]) this.finish(q, 'ECANCELLED');
    }
  }

  // resolveAny's answer: cares_wrap.cc's AnyTraits::Parse reads the
  // response once per type, in this order.
  const anyTypes = ['A', 'CNAME', 'AAAA', 'MX', 'NS', 'TXT', 'SRV', 'PTR', 'NAPTR', 'SOA', 'CAA', 'TLSA'];
  const anyOrder = (records) => anyTypes.flatMap((t) => records.filter((r) => r.type === t));
  // The binding names (the errors' syscall) and how each shapes its answer.
  const plain = (key) => (records) => records.map((r) => r[key]);
  const withType = (records) => records;
  const without = (records) => records.map(({ type, ...rest }) => rest);
  const kinds = {
    A: ['queryA', null], AAAA: ['queryAaaa', null], ANY: ['queryAny', anyOrder],
    CAA: ['queryCaa', withType], CNAME: ['queryCname', plain('value')], MX: ['queryMx', withType],
    NAPTR: ['queryNaptr', without], NS: ['queryNs', plain('value')], PTR: ['queryPtr', plain('value')],
    SOA: ['querySoa', (r) => without(r)[0]], SRV: ['querySrv', withType], TLSA: ['queryTlsa', without],
    TXT: ['queryTxt', plain('entries')],
  };
  const methodOf = { A: 'resolve4', AAAA: 'resolve6', ANY: 'resolveAny', CAA: 'resolveCaa', CNAME: 'resolveCname', MX: 'resolveMx', NAPTR: 'resolveNaptr', NS: 'resolveNs', PTR: 'resolvePtr', SOA: 'resolveSoa', SRV: 'resolveSrv', TLSA: 'resolveTlsa', TXT: 'resolveTxt' };
  function shape(rrtype, records, ttl) {
    const [, f] = kinds[rrtype];
    if (f) return f(records);
    return records.map((r) => (ttl ? { address: r.address, ttl: r.ttl } : r.address));
  }
  // The PTR name of an address (ares_gethostbyaddr): in-addr.arpa or ip6.arpa.
  function reverseName(ip) {
    const family = isIP(ip);
    if (family === 4) return `${ip.split('.').reverse().join('.')}.in-addr.arpa`;
    if (family === 6) {
      let [head, tail = ''] = ip.split('%')[0].split('::');
      const h = head ? head.split(':') : [];
      const t = tail ? tail.split(':') : [];
      const groups = ip.includes('::') ? [...h, ...Array(8 - h.length - t.length).fill('0'), ...t] : h;
      const nibbles = groups.map((g) => g.padStart(4, '0')).join('').split('');
      return `${nibbles.reverse().join('.')}.ip6.arpa`;
    }
    return null;
  }
  // ResolverBase (lib/internal/dns/utils.js): options, servers.
  function validateResolverOptions(options) {
    let timeout = -1, tries = 4, maxTimeout = 0;
    if (options !== undefined && options !== null) {
      if (options.timeout !== undefined) { internals.validateInt32(options.timeout, 'options.timeout', -1); timeout = options.timeout; }
      if (options.tries !== undefined) { internals.validateInt32(options.tries, 'options.tries', 1); tries = options.tries; }
      if (options.maxTimeout !== undefined) { internals.validateInteger(options.maxTimeout, 'options.maxTimeout', 0, 4294967295); maxTimeout = options.maxTimeout; }
    }
    return [timeout, tries, maxTimeout];
  }
  const kChannel = Symbol('channel');
  class ResolverBase {
    constructor(options = undefined) {
      const [timeout, tries, maxTimeout] = validateResolverOptions(options);
      this[kChannel] = new Channel(timeout, tries, maxTimeout);
    }
    cancel() { this[kChannel].cancel(); }
    getServers() {
      return this[kChannel].servers.map((s) => {
        if (!s.port || s.port === IANA_DNS_PORT) return s.address;
        return `${s.family === 6 ? `[${s.address}]` : s.address}:${s.port}`;
      });
    }
    setServers(servers) {
      if (!Array.isArray(servers)) throw invalidArgType('servers', 'Array', servers);
      const list = servers.map((serv, index) => {
        validateString(serv, `servers[${index}]`);
        let family = isIP(serv);
        if (family !== 0) return { family, address: serv, port: IANA_DNS_PORT };
        const bracket = /^\[([^[\]]*)\]/.exec(serv);
        if (bracket) {
          family = isIP(bracket[1]);
          if (family !== 0) return { family, address: bracket[1], port: parseInt(serv.replace(/(^.+?)(?::(\d+))?$/, '$2')) || IANA_DNS_PORT };
        }
        const split = /(^.+?)(?::(\d+))?$/.exec(serv);
        if (split) {
          family = isIP(split[1]);
          if (family !== 0) return { family, address: split[1], port: parseInt(split[2] || IANA_DNS_PORT) };
        }
        throw errInvalidIp(serv);
      });
      const channel = this[kChannel];
      for (const index of [...channel.sockets.keys()]) channel.closeSocket(index);
      channel.servers = list;
    }
    setLocalAddress(ipv4, ipv6) {
      validateString(ipv4, 'ipv4');
      if (isIP(ipv4) !== 4) throw errInvalidIp(ipv4);
      if (ipv6 !== undefined) {
        validateString(ipv6, 'ipv6');
        if (isIP(ipv6) !== 6) throw errInvalidIp(ipv6);
      }
      this[kChannel].localAddress = { 4: ipv4, 6: ipv6 ?? '::' };
    }
  }
  // A query of the callback API (lib/internal/dns/callback_resolver.js).
  function callbackQuery(rrtype) {
    const [syscall] = kinds[rrtype];
    const fn = function (name, options, callback) {
      if (arguments.length <= 2) { callback = options; options = undefined; }
      validateString(name, 'name');
      validateFunction(callback, 'callback');
      const ttl = !!(options && options.ttl);
      this[kChannel].query(name, rrtype, (code, records) => {
        if (code) callback(dnsException(code, syscall, name));
        else callback(null, shape(rrtype, records, ttl));
      });
      return {};
    };
    Object.defineProperty(fn, 'name', { value: methodOf[rrtype] });
    return fn;
  }
  class Resolver extends ResolverBase {}
  for (const rrtype of Object.keys(kinds)) Resolver.prototype[methodOf[rrtype]] = callbackQuery(rrtype);
  Resolver.prototype.resolve = function resolve(hostname, rrtype, callback) {
    let method;
    if (typeof rrtype === 'string') method = methodOf[rrtype];
    else if (typeof rrtype === 'function') { method = 'resolve4'; callback = rrtype; }
    else throw invalidArgType('rrtype', 'string', rrtype);
    if (method === undefined) throw invalidArgValue('rrtype', rrtype);
    return this[method](hostname, callback);
  };
  Resolver.prototype.reverse = function reverse(ip, callback) {
    validateString(ip, 'name');
    validateFunction(callback, 'callback');
    const name = reverseName(ip);
    if (name === null) {
      const e = dnsException('EINVAL', 'getHostByAddr', ip);
      e.errno = -22;
      throw e;
    }
    this[kChannel].query(name, 'PTR', (code, records) => {
      if (code) callback(dnsException(code, 'getHostByAddr', ip));
      else callback(null, records.map((r) => r.value));
    });
    return {};
  };
  // The promise API (lib/internal/dns/promises.js).
  class PromisesResolver extends ResolverBase {}
  for (const rrtype of Object.keys(kinds)) {
    const cb = callbackQuery(rrtype);
    const fn = function (name, options) {
      validateString(name, 'name');
      return new Promise((resolve, reject) => {
        cb.call(this, name, options, (err, result) => (err ? reject(err) : resolve(result)));
      });
    };
    Object.defineProperty(fn, 'name', { value: methodOf[rrtype] });
    PromisesResolver.prototype[methodOf[rrtype]] = fn;
  }
  PromisesResolver.prototype.resolve = function resolve(hostname, rrtype) {
    let method;
    if (rrtype === undefined) method = 'resolve4';
    else if (typeof rrtype === 'string') method = methodOf[rrtype];
    else throw invalidArgType('rrtype', 'string', rrtype);
    if (method === undefined) throw invalidArgValue('rrtype', rrtype);
    return this[method](hostname);
  };
  PromisesResolver.prototype.reverse = function reverse(ip) {
    validateString(ip, 'name');
    return new Promise((resolve, reject) => {
      Resolver.prototype.reverse.call(this, ip, (err, r) => (err ? reject(err) : resolve(r)));
    });
  };
  // The default resolvers: module functions bound to one channel each.
  let defaultResolver = null;
  let defaultPromisesResolver = null;
  const getDefault = () => (defaultResolver ??= new Resolver());
  const getDefaultPromises = () => {
    if (!defaultPromisesResolver) {
      defaultPromisesResolver = new PromisesResolver();
      // One channel for both, as Node's setServers on either changes both.
      defaultPromisesResolver[kChannel] = getDefault()[kChannel];
    }
    return defaultPromisesResolver;
  };
  const resolverMethods = ['getServers', 'setServers', 'setLocalAddress', 'resolve', 'reverse', ...Object.values(methodOf)];
  const callbackFunctions = {};
  const promiseFunctions = {};
  for (const m of resolverMethods) {
    if (m === 'setLocalAddress') continue;
    callbackFunctions[m] = { [m](...args) { const r = getDefault(); return r[m](...args); } }[m];
    promiseFunctions[m] = { [m](...args) { const r = getDefaultPromises(); return r[m](...args); } }[m];
  }
  const promises = {
    lookup(hostname, options) {
      if (hostname !== null && hostname !== undefined && typeof hostname !== 'string') throw invalidArgType('hostname', 'string', hostname);
      const o = lookupOptions(options);
      return new Promise((resolve, reject) => {
        resolveWith(hostname, o, (err, list) => (err ? reject(err) : resolve(o.all ? list : list[0])));
      });
    },
    ...promiseFunctions,
    Resolver: PromisesResolver,
  };
  const codes = {
    NODATA: 'ENODATA', FORMERR: 'EFORMERR', SERVFAIL: 'ESERVFAIL', NOTFOUND: 'ENOTFOUND', NOTIMP: 'ENOTIMP',
    REFUSED: 'EREFUSED', BADQUERY: 'EBADQUERY', BADNAME: 'EBADNAME', BADFAMILY: 'EBADFAMILY', BADRESP: 'EBADRESP',
    CONNREFUSED: 'ECONNREFUSED', TIMEOUT: 'ETIMEOUT', EOF: 'EOF', FILE: 'EFILE', NOMEM: 'ENOMEM',
    DESTRUCTION: 'EDESTRUCTION', BADSTR: 'EBADSTR', BADFLAGS: 'EBADFLAGS', NONAME: 'ENONAME', BADHINTS: 'EBADHINTS',
    NOTINITIALIZED: 'ENOTINITIALIZED', LOADIPHLPAPI: 'ELOADIPHLPAPI', ADDRGETNETWORKPARAMS: 'EADDRGETNETWORKPARAMS', CANCELLED: 'ECANCELLED',
  };
  // dns.lookupService (lib/dns.js): getnameinfo on the thread pool, the
  // callback in the poll phase.
  function lookupServiceArgs(args, withCallback) {
    const [address, port, callback] = args;
    if (args.length !== (withCallback ? 3 : 2)) {
      throw internals.nodeError(TypeError, 'ERR_MISSING_ARGS', withCallback ? 'The "address", "port", and "callback" arguments must be specified' : 'The "address" and "port" arguments must be specified');
    }
    validateString(address, 'address');
    if (isIP(address) === 0) throw invalidArgValue('address', address);
    if ((typeof port !== 'number' && typeof port !== 'string') || (typeof port === 'string' && port.trim().length === 0) || +port !== (+port >>> 0) || port > 0xFFFF) {
      throw internals.nodeError(RangeError, 'ERR_SOCKET_BAD_PORT', `Port should be >= 0 and < 65536. Received ${internals.determineSpecificType(port)}.`);
    }
    if (withCallback) validateFunction(callback, 'callback');
    return [address, +port];
  }
  function serviceWith(address, port, done) {
    host.dnsLookupService(address, port, (err, bytes) => {
      if (err) {
        err.syscall = 'getnameinfo';
        err.hostname = address;
        return done(err);
      }
      done(null, JSON.parse(String.fromCharCode(...bytes)));
    });
  }
  function lookupService(...args) {
    const [address, port] = lookupServiceArgs(args, true);
    const callback = args[2];
    serviceWith(address, port, (err, r) => (err ? callback(err) : callback(null, r[0], r[1])));
    return {};
  }
  promises.lookupService = function lookupService(...args) {
    const [address, port] = lookupServiceArgs(args, false);
    return new Promise((resolve, reject) => serviceWith(address, port, (err, r) => (err ? reject(err) : resolve({ hostname: r[0], service: r[1] }))));
  };
  // dns.promises has the error codes too (not the getaddrinfo flags).
  Object.assign(promises, codes, { getDefaultResultOrder, setDefaultResultOrder });
  // getaddrinfo's hint flags as Node exports them: the system's AI_*
  // values (glibc's <netdb.h>: AI_V4MAPPED 0x8, AI_ALL 0x10, AI_ADDRCONFIG
  // 0x20; they were macOS's).
  return { lookup, lookupService, promises, Resolver, getDefaultResultOrder, setDefaultResultOrder, ...callbackFunctions, ADDRCONFIG: 32, V4MAPPED: 8, ALL: 16, ...codes };
})
