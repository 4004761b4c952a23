// jsloop node glue: the `https` module (https://nodejs.org/api/https.html):
// node:http over node:tls, as Node's lib/https.js builds it. The server is
// a tls.Server whose 'secureConnection' sockets get http's connection
// listener; the client is http's ClientRequest with an Agent whose
// connections are tls.connect()'s (port 443, protocol 'https:').
(function (internals) {
  'use strict';
  const tls = internals.require('tls');
  const http = internals.require('http');
  const net = internals.require('net');
  const { invalidArgType } = internals;
  const { setupServer, connectionListener, Server: HttpServer } = internals.httpServer;

  // https://nodejs.org/api/https.html#class-httpsserver
  class Server extends tls.Server {
    constructor(options, requestListener) {
      if (typeof options === 'function') { requestListener = options; options = {}; }
      else if (options === undefined || options === null) options = {};
      else if (typeof options !== 'object') throw invalidArgType('options', 'object', options);
      options = { ...options };
      // Node's https server offers HTTP/1.1 by ALPN unless told otherwise.
      if (!options.ALPNProtocols) options.ALPNProtocols = ['http/1.1'];
      super(options);
      setupServer(this, options, requestListener);
      this.on('secureConnection', (socket) => connectionListener(this, socket));
      // A client whose handshake fails is dropped (Node's https server has
      // no default tlsClientError behaviour beyond the socket's destruction).
    }
  }
  for (const name of ['setTimeout', 'closeAllConnections', 'closeIdleConnections']) {
    Server.prototype[name] = HttpServer.prototype[name];
  }
  Server.prototype.close = function (cb) {
    this.closeIdleConnections();
    return tls.Server.prototype.close.call(this, cb);
  };
  function ServerCtor(options, requestListener) {
    return Reflect.construct(Server, [options, requestListener], new.target || ServerCtor);
  }
  ServerCtor.prototype = Server.prototype;
  Object.defineProperty(ServerCtor, 'name', { value: 'Server' });
  Object.setPrototypeOf(ServerCtor, tls.Server);
  Server.prototype.constructor = ServerCtor;

  // Node's calculateServerName: the Host header's host (else the request's
  // host), no SNI for an IP address.
  function serverName(options) {
    let name = options.host || 'localhost';
    const header = options._hostHeader;
    if (header) {
      name = header.startsWith('[') ? header.slice(1, header.indexOf(']')) : header.split(':', 1)[0];
    }
    return net.isIP(name) ? '' : name;
  }

  // https://nodejs.org/api/https.html#class-httpsagent
  const HttpAgent = http.Agent;
  // (Node's kEmptyObject: getName's default options.)
  const kEmptyObject = Object.freeze({ __proto__: null });
  class Agent extends HttpAgent {
    // (Node's https.Agent: its options, without a prototype as http's
    // are, name the port and protocol.)
    constructor(options) {
      options = { __proto__: null, ...options };
      options.defaultPort ??= 443;
      options.protocol ??= 'https:';
      super(options);
      this.maxCachedSessions = this.options.maxCachedSessions ?? 100;
    }
    createConnection(options, cb) {
      const o = { __proto__: null, ...this.options, ...options };
      if (!o.servername && o.servername !== '') o.servername = serverName(o);
      delete o._hostHeader;
      const socket = tls.connect(o);
      if (typeof cb === 'function') socket.once('secureConnect', () => cb(null, socket));
      return socket;
    }
    // The TLS options take part in the name (sockets made with other
    // certificates or roots are not shared).
    getName(options = kEmptyObject) {
      let name = super.getName(options);
      for (const k of ['ca', 'cert', 'ciphers', 'key', 'pfx', 'rejectUnauthorized', 'servername', 'minVersion', 'maxVersion']) {
        name += ':';
        if (options[k] !== undefined && options[k] !== null) name += String(options[k]);
      }
      return name;
    }
  }
  function AgentCtor(options) {
    return Reflect.construct(Agent, [options], new.target || AgentCtor);
  }
  AgentCtor.prototype = Agent.prototype;
  Object.defineProperty(AgentCtor, 'name', { value: 'Agent' });
  Object.setPrototypeOf(AgentCtor, HttpAgent);
  Agent.prototype.constructor = AgentCtor;
  const globalAgent = new Agent({ keepAlive: true, scheduling: 'lifo', timeout: 5000 });

  // https.request(url[, options][, callback]) and https.request(options[, callback]).
  function request(...args) {
    let url;
    let options = {};
    let cb;
    if (typeof args[0] === 'string' || (typeof URL === 'function' && args[0] instanceof URL)) url = args.shift();
    if (args[0] !== null && typeof args[0] === 'object') options = { ...args.shift() };
    if (typeof args[0] === 'function') cb = args.shift();
    options._defaultAgent = module.globalAgent;
    return url !== undefined ? new http.ClientRequest(url, options, cb) : new http.ClientRequest(options, cb);
  }
  function get(...args) {
    const req = request(...args);
    req.end();
    return req;
  }

  const module = {
    Agent: AgentCtor,
    globalAgent,
    Server: ServerCtor,
    createServer: (options, listener) => new ServerCtor(options, listener),
    request,
    get,
  };
  return module;
})
