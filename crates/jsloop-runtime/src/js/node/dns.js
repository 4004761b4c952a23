// jsloop node glue: the `dns` module's lookup (https://nodejs.org/api/dns.html#dnslookuphostname-options-callback)
// and `dns/promises`' lookup: the system resolver (getaddrinfo) on the
// thread pool (crates/jsloop-runtime/src/node/dns.rs), the callback in the
// poll phase; an IP address is its own answer, called back on the next tick,
// as Node does. Not here yet: resolve*, reverse, lookupService, Resolver
// (they need a DNS client, not getaddrinfo).
(function (internals) {
  'use strict';
  const host = internals.host;
  const { invalidArgType, invalidArgValue, validateFunction } = internals;
  const nextTick = internals.nextTick;

  const isIPv4 = (s) => /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/.test(s);
  const isIPv6 = (s) => s.includes(':') && /^[0-9a-fA-F:.]+(%.+)?$/.test(s);
  const isIP = (s) => (isIPv4(s) ? 4 : isIPv6(s) ? 6 : 0);

  // Node's lookup options: a number is the family; an object has family,
  // all, order ('verbatim', 'ipv4first', 'ipv6first'), verbatim, hints.
  function lookupOptions(options) {
    let family = 0, all = false, order = 'verbatim';
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
  const promises = {
    lookup(hostname, options) {
      if (hostname !== null && hostname !== undefined && typeof hostname !== 'string') throw invalidArgType('hostname', 'string', hostname);
      const o = lookupOptions(options);
      return new Promise((resolve, reject) => {
        resolveWith(hostname, o, (err, list) => (err ? reject(err) : resolve(o.all ? list : list[0])));
      });
    },
  };
  const codes = {
    NODATA: 'ENODATA', FORMERR: 'EFORMERR', SERVFAIL: 'ESERVFAIL', NOTFOUND: 'ENOTFOUND', NOTIMP: 'ENOTIMP',
    REFUSED: 'EREFUSED', BADQUERY: 'EBADQUERY', BADNAME: 'EBADNAME', BADFAMILY: 'EBADFAMILY', BADRESP: 'EBADRESP',
    CONNREFUSED: 'ECONNREFUSED', TIMEOUT: 'ETIMEOUT', EOF: 'EOF', FILE: 'EFILE', NOMEM: 'ENOMEM',
    DESTRUCTION: 'EDESTRUCTION', BADSTR: 'EBADSTR', BADFLAGS: 'EBADFLAGS', NONAME: 'ENONAME', BADHINTS: 'EBADHINTS',
    NOTINITIALIZED: 'ENOTINITIALIZED', LOADIPHLPAPI: 'ELOADIPHLPAPI', ADDRGETNETWORKPARAMS: 'EADDRGETNETWORKPARAMS', CANCELLED: 'ECANCELLED',
  };
  return { lookup, promises, ADDRCONFIG: 1024, V4MAPPED: 2048, ALL: 256, ...codes };
})
