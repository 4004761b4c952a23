// jsloop node glue: the `tls` module (https://nodejs.org/api/tls.html).
// A TLSSocket is a net.Socket whose socket handle carries a TLS session in
// the host (crates/jsloop-runtime/src/node/tls.rs, rustls): the poll phase
// reads ciphertext, the session turns it into this socket's events
// ('handshake', plaintext 'data', 'end', 'tlsError'), and writes go through
// the session (tlsWrite) to the same handle. What happens when, and with
// which events and errors, follows Node's lib/_tls_wrap.js: 'secure' when
// the handshake is done, then a client's 'secureConnect' (after the
// certificate checks) or a server's 'secureConnection'; handshake errors
// of a server's sockets go to 'tlsClientError'.
(function (internals) {
  'use strict';
  const host = internals.host;
  const net = internals.require('net');
  const { Buffer } = internals.require('buffer');
  const { nodeError, invalidArgType, invalidArgValue, validateFunction } = internals;
  const handles = internals.netHandles;

  const kConnectOptions = Symbol('connect-options');
  const kErrorEmitted = Symbol('error-emitted');
  const kPendingWrites = Symbol('pending-writes');

  const DEFAULT_MIN_VERSION = 'TLSv1.2';
  const DEFAULT_MAX_VERSION = 'TLSv1.3';
  // The suites rustls negotiates (ring's), in its order of preference, with
  // OpenSSL's names (what getCiphers() and getCipher().name say in Node).
  const CIPHERS = ['TLS_AES_256_GCM_SHA384', 'TLS_AES_128_GCM_SHA256', 'TLS_CHACHA20_POLY1305_SHA256',
    'ECDHE-ECDSA-AES256-GCM-SHA384', 'ECDHE-ECDSA-AES128-GCM-SHA256', 'ECDHE-ECDSA-CHACHA20-POLY1305',
    'ECDHE-RSA-AES256-GCM-SHA384', 'ECDHE-RSA-AES128-GCM-SHA256', 'ECDHE-RSA-CHACHA20-POLY1305'];

  // ---------------------------------------------------------------- secure contexts
  // PEM material as a list of byte arrays: a string, a Buffer/TypedArray/
  // DataView, or an array of them (Node's validateKeyOrCertOption).
  function pemList(value, name) {
    if (value === undefined || value === null) return [];
    const one = (v, label) => {
      if (typeof v === 'string') return Buffer.from(v);
      if (ArrayBuffer.isView(v)) return new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
      throw invalidArgType(label, ['string', 'Buffer', 'TypedArray', 'DataView'], v);
    };
    if (Array.isArray(value)) return value.map((v) => one(v, name));
    return [one(value, name)];
  }
  function validateVersion(v, name) {
    if (v === undefined) return undefined;
    if (!['TLSv1', 'TLSv1.1', 'TLSv1.2', 'TLSv1.3'].includes(v)) {
      throw nodeError(TypeError, 'ERR_TLS_INVALID_PROTOCOL_VERSION', `${JSON.stringify(v)} is not a valid ${name === 'minVersion' ? 'minimum' : 'maximum'} TLS protocol version`);
    }
    return v;
  }
  // https://nodejs.org/api/tls.html#tlscreatesecurecontextoptions
  class SecureContext {
    constructor(options = {}) {
      if (options === null || typeof options !== 'object') throw invalidArgType('options', 'Object', options);
      if (options.pfx !== undefined) {
        throw nodeError(Error, 'ERR_FEATURE_UNAVAILABLE_ON_PLATFORM', 'PFX (PKCS#12) is not supported by jsloop: use key and cert');
      }
      if (options.passphrase !== undefined) {
        throw nodeError(Error, 'ERR_FEATURE_UNAVAILABLE_ON_PLATFORM', 'Encrypted private keys (passphrase) are not supported by jsloop');
      }
      const key = options.key === undefined ? [] : (Array.isArray(options.key) ? options.key : [options.key])
        .flatMap((k) => (k !== null && typeof k === 'object' && !ArrayBuffer.isView(k) ? pemList(k.pem, 'options.key') : pemList(k, 'options.key')));
      this._host = {
        ca: pemList(options.ca, 'options.ca'),
        cert: pemList(options.cert, 'options.cert'),
        key,
        minVersion: validateVersion(options.minVersion, 'minVersion') ?? exportsObject.DEFAULT_MIN_VERSION,
        maxVersion: validateVersion(options.maxVersion, 'maxVersion') ?? exportsObject.DEFAULT_MAX_VERSION,
      };
      host.tlsCheckContext(this._host);
      this.context = this;
    }
    // The host's options for one session: ALPN and client certificates
    // come per socket in Node; here they are added to the context's.
    _forSession(extra) { return { ...this._host, ...extra }; }
  }
  function createSecureContext(options) { return new SecureContext(options); }

  // Node's convertALPNProtocols: an array of names, or the wire format
  // (length-prefixed names) in a Buffer.
  function alpnList(protocols) {
    if (protocols === undefined || protocols === null) return [];
    if (Array.isArray(protocols)) {
      return protocols.map((p) => {
        const s = typeof p === 'string' ? p : Buffer.from(p).toString('latin1');
        if (s.length > 255) throw invalidArgValue('options.ALPNProtocols', protocols, 'must be an Array of strings of at most 255 bytes each');
        return s;
      });
    }
    if (ArrayBuffer.isView(protocols)) {
      const b = Buffer.from(protocols.buffer, protocols.byteOffset, protocols.byteLength);
      const out = [];
      for (let i = 0; i < b.length;) { const n = b[i]; out.push(b.toString('latin1', i + 1, i + 1 + n)); i += 1 + n; }
      return out;
    }
    throw invalidArgType('options.ALPNProtocols', ['Array', 'Buffer', 'TypedArray', 'DataView'], protocols);
  }

  // ---------------------------------------------------------------- server identity
  // https://nodejs.org/api/tls.html#tlscheckserveridentityhostname-cert
  // (RFC 6125: the DNS names of subjectAltName, else the subject's CN; a
  // wildcard only as the whole left-most label.)
  function unfqdn(h) { return h.replace(/[.]$/, ''); }
  function splitHost(h) { return unfqdn(h).toLowerCase().split('.'); }
  function matchName(hostParts, pattern, wildcards) {
    if (!pattern) return false;
    const patternParts = splitHost(pattern);
    if (hostParts.length !== patternParts.length) return false;
    if (patternParts.includes('')) return false;
    const isBad = (s) => /[^\u0021-\u007F]/u.test(s);
    if (patternParts.some(isBad)) return false;
    for (let i = hostParts.length - 1; i > 0; i -= 1) if (hostParts[i] !== patternParts[i]) return false;
    const hostSubdomain = hostParts[0];
    const patternSubdomain = patternParts[0];
    const patternSubdomainParts = patternSubdomain.split('*', 3);
    if (patternSubdomainParts.length === 1 || patternSubdomain.includes('xn--')) return hostSubdomain === patternSubdomain;
    if (!wildcards) return false;
    if (patternSubdomainParts.length > 2) return false;
    if (patternParts.length <= 2) return false;
    const [prefix, suffix] = patternSubdomainParts;
    if (prefix.length + suffix.length > hostSubdomain.length) return false;
    return hostSubdomain.startsWith(prefix) && hostSubdomain.endsWith(suffix);
  }
  function canonicalIP(ip) {
    if (net.isIPv4(ip)) return ip;
    // Eight groups, no leading zeros, lower case (as IP Address: entries are compared).
    let [head, tail] = ip.toLowerCase().split('::');
    const h = head ? head.split(':') : [];
    const t = tail !== undefined ? (tail ? tail.split(':') : []) : null;
    const groups = t === null ? h : [...h, ...Array(8 - h.length - t.length).fill('0'), ...t];
    return groups.map((g) => g.replace(/^0+(?=.)/, '')).join(':');
  }
  function checkServerIdentity(hostname, cert) {
    const subject = cert.subject;
    const altNames = cert.subjectaltname;
    const dnsNames = [];
    const ips = [];
    hostname = '' + hostname;
    if (altNames) {
      for (const name of altNames.split(', ')) {
        if (name.startsWith('DNS:')) dnsNames.push(name.slice(4));
        else if (name.startsWith('IP Address:')) ips.push(canonicalIP(name.slice(11)));
      }
    }
    let valid = false;
    let reason = 'Unknown reason';
    hostname = unfqdn(hostname);
    if (net.isIP(hostname)) {
      valid = ips.includes(canonicalIP(hostname));
      if (!valid) reason = `IP: ${hostname} is not in the cert's list: ${ips.join(', ')}`;
    } else if (dnsNames.length > 0 || subject?.CN) {
      const hostParts = splitHost(hostname);
      const wildcard = (pattern) => matchName(hostParts, pattern, true);
      if (dnsNames.length > 0) {
        valid = dnsNames.some(wildcard);
        if (!valid) reason = `Host: ${hostname}. is not in the cert's altnames: ${altNames}`;
      } else {
        const cn = subject.CN;
        valid = Array.isArray(cn) ? cn.some(wildcard) : wildcard(cn);
        if (!valid) reason = `Host: ${hostname}. is not cert's CN: ${cn}`;
      }
    } else {
      reason = 'Cert does not contain a DNS name';
    }
    if (!valid) {
      const err = nodeError(Error, 'ERR_TLS_CERT_ALTNAME_INVALID', `Hostname/IP does not match certificate's altnames: ${reason}`);
      err.reason = reason;
      err.host = hostname;
      err.cert = cert;
      return err;
    }
    return undefined;
  }

  // Node's hint for the codes a missing local root explains.
  const SYSTEM_CA_HINT = new Set(['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'SELF_SIGNED_CERT_IN_CHAIN', 'UNABLE_TO_GET_ISSUER_CERT']);
  function verifyErrorOf(v) {
    if (!v) return null;
    const message = SYSTEM_CA_HINT.has(v.code) ? `${v.message}; if the root CA is installed locally, try running Node.js with --use-system-ca` : v.message;
    const err = new Error(message);
    err.code = v.code;
    return err;
  }

  // ---------------------------------------------------------------- TLSSocket
  // https://nodejs.org/api/tls.html#class-tlstlssocket
  class TLSSocket extends net.Socket {
    constructor(socket, options) {
      const tlsOptions = { ...options };
      const wrap = socket instanceof net.Socket ? socket : null;
      if (socket && !wrap) throw invalidArgType('socket', 'net.Socket', socket);
      super({ handle: wrap && wrap._handle ? wrap._handle : undefined, allowHalfOpen: socket ? socket.allowHalfOpen : tlsOptions.allowHalfOpen, manualStart: true });
      this._tlsOptions = tlsOptions;
      this._secureEstablished = false;
      this._securePending = false;
      this._newSessionPending = false;
      this._controlReleased = false;
      this.secureConnecting = true;
      this._SNICallback = null;
      this.servername = null;
      this.alpnProtocol = null;
      this.authorized = false;
      this.authorizationError = null;
      this.encrypted = true;
      this[kPendingWrites] = [];
      this._session = null;
      this.on('error', this._tlsError);
      this.server = tlsOptions.server ?? null;
      this._requestCert = !!tlsOptions.requestCert || !tlsOptions.isServer;
      this._rejectUnauthorized = !!tlsOptions.rejectUnauthorized;
      if (wrap) {
        // The socket's handle (and its events) is this socket's from now on.
        this._parent = wrap;
        this.connecting = wrap.connecting || !wrap._handle;
        for (const k of ['remoteAddress', 'remotePort', 'remoteFamily', 'localAddress', 'localPort', 'localFamily']) this[k] = wrap[k];
        if (wrap._handle) {
          handles.set(wrap._handle.id, this);
          wrap._handle = null;
        }
        if (wrap._server) { this._server = wrap._server; wrap._server = null; }
        if (this.connecting) wrap.once('connect', () => { this.connecting = false; this.emit('connect'); });
      } else {
        this.connecting = true;
      }
      if (tlsOptions.handshakeTimeout > 0) this.setTimeout(tlsOptions.handshakeTimeout, this._handleTimeout);
      if (tlsOptions.isServer && this._handle) {
        host.tlsServer(this._handle.id, tlsOptions.secureContext._serverId());
        this._session = 'server';
      }
      // Read on the next tick, so the caller can add its listeners.
      process.nextTick(() => { if (this._handle) this.read(0); });
    }
    _handleTimeout() {
      this._emitTLSError(nodeError(Error, 'ERR_TLS_HANDSHAKE_TIMEOUT', 'TLS handshake timeout'));
    }
    _emitTLSError(err) {
      const e = this._tlsError(err);
      if (e) this.emit('error', e);
    }
    _tlsError(err) {
      this.emit('_tlsError', err);
      return this._controlReleased ? err : null;
    }
    _releaseControl() {
      if (this._controlReleased) return false;
      this._controlReleased = true;
      this.removeListener('error', this._tlsError);
      return true;
    }
    // A client's session starts once its socket is connected.
    _start() {
      if (this.connecting) { this.once('connect', this._start); return; }
      if (!this._handle || this._session) return;
      const o = this[kConnectOptions] || {};
      const context = this._tlsOptions.secureContext || createSecureContext(o);
      const servername = typeof o.servername === 'string' ? o.servername : '';
      try {
        host.tlsClient(this._handle.id, context._forSession({ alpn: alpnList(this._tlsOptions.ALPNProtocols) }), servername);
      } catch (err) {
        this.destroy(err);
        return;
      }
      this._session = 'client';
    }
    _finishInit(e) {
      if (!this._handle) return;
      this.alpnProtocol = e.alpnProtocol;
      this.servername = this._tlsOptions.isServer ? e.servername : (this[kConnectOptions]?.servername || false);
      this._protocol = e.protocol;
      this._cipher = { name: e.cipher, standardName: e.standardName, version: e.protocol };
      this._verifyError = e.verifyError || null;
      this._secureEstablished = true;
      this.secureConnecting = false;
      if (this._tlsOptions.handshakeTimeout > 0) this.setTimeout(0, this._handleTimeout);
      this.emit('secure');
      // Writes made before the handshake's end go out now.
      const pending = this[kPendingWrites];
      this[kPendingWrites] = [];
      for (const f of pending) f();
    }
    _event(e) {
      switch (e.type) {
        case 'handshake': this._finishInit(e); break;
        case 'tlsflush': if (this._handle) host.tlsFlush(this._handle.id); break;
        case 'tlsError': {
          // Node's onerror: before the handshake's end the socket is
          // destroyed with the error (a server socket's goes to
          // tlsClientError); after it, the error is emitted.
          if (this._hadError) break;
          this._hadError = true;
          if (!this._secureEstablished) this.destroy(e.error);
          else this._emitTLSError(e.error);
          break;
        }
        case 'end':
          this._peerEnded = true;
          super._event(e);
          break;
        default: super._event(e);
      }
    }
    _hostWrite(bytes) { return host.tlsWrite(this._handle.id, bytes); }
    // A socket whose handshake did not finish ends without close_notify.
    _hostEnd() {
      if (this._secureEstablished) host.tlsEnd(this._handle.id);
      else host.netEnd(this._handle.id);
    }
    _writeGeneric(writev, data, encoding, cb) {
      if (!this._secureEstablished && !this.connecting && this._handle) {
        this[kPendingWrites].push(() => super._writeGeneric(writev, data, encoding, cb));
        return;
      }
      super._writeGeneric(writev, data, encoding, cb);
    }
    _final(cb) {
      if (!this._secureEstablished && this._handle && !this.destroyed && !this._peerEnded) {
        this[kPendingWrites].push(() => super._final(cb));
        return;
      }
      super._final(cb);
    }
    _destroy(err, cb) {
      if (this._handle) host.tlsClose(this._handle.id);
      super._destroy(err, cb);
    }
    getPeerCertificate(detailed) {
      if (!this._handle) return null;
      const chain = host.tlsPeerCertificates(this._handle.id);
      if (!chain.length) return {};
      const objects = chain.map(certificateObject);
      if (detailed) for (let i = 0; i + 1 < objects.length; i += 1) objects[i].issuerCertificate = objects[i + 1];
      return objects[0];
    }
    getCertificate() {
      if (!this._handle) return null;
      const ctx = this._tlsOptions.secureContext || (this[kConnectOptions] && this[kConnectOptions].secureContext);
      const pem = ctx && ctx._host.cert[0];
      return pem ? certificateObject(host.tlsCertificateOf(pem)) ?? {} : {};
    }
    getProtocol() { return this._handle ? (this._secureEstablished ? this._protocol : 'unknown') : null; }
    getCipher() { return this._handle && this._secureEstablished ? { ...this._cipher } : null; }
    getSession() { return undefined; }
    isSessionReused() { return false; }
    getEphemeralKeyInfo() { return this._tlsOptions.isServer ? null : {}; }
    setServername(name) {
      if (typeof name !== 'string') throw invalidArgType('name', 'string', name);
      if (this._tlsOptions.isServer) throw nodeError(Error, 'ERR_TLS_SNI_FROM_SERVER', 'Cannot issue SNI from a TLS server-side socket');
      (this[kConnectOptions] ||= {}).servername = name;
    }
    setMaxSendFragment() { return true; }
    disableRenegotiation() {}
    exportKeyingMaterial() { throw nodeError(Error, 'ERR_FEATURE_UNAVAILABLE_ON_PLATFORM', 'exportKeyingMaterial is not supported by jsloop'); }
  }
  // The host's certificate object, with Buffers where Node has them.
  function certificateObject(c) {
    if (!c) return c;
    if (c.raw) c.raw = Buffer.from(c.raw.buffer, c.raw.byteOffset, c.raw.byteLength);
    if (c.pubkey) c.pubkey = Buffer.from(c.pubkey.buffer, c.pubkey.byteOffset, c.pubkey.byteLength);
    // Node's translatePeerCertificate gives the name objects a null prototype.
    for (const k of ['subject', 'issuer']) if (c[k]) c[k] = Object.assign(Object.create(null), c[k]);
    return c;
  }

  // ---------------------------------------------------------------- tls.connect
  function onConnectSecure() {
    const options = this[kConnectOptions];
    let verifyError = verifyErrorOf(this._verifyError);
    if (!verifyError) {
      const hostname = options.servername || options.host || (options.socket && options.socket._host) || 'localhost';
      verifyError = options.checkServerIdentity(hostname, this.getPeerCertificate(true));
    }
    if (verifyError) {
      this.authorized = false;
      this.authorizationError = verifyError.code || verifyError.message;
      if (options.rejectUnauthorized) {
        this.destroy(verifyError);
        return;
      }
      this.secureConnecting = false;
      this.emit('secureConnect');
    } else {
      this.authorized = true;
      this.secureConnecting = false;
      this.emit('secureConnect');
    }
    this.removeListener('end', onConnectEnd);
  }
  function onConnectEnd() {
    if (this._hadError) return;
    const options = this[kConnectOptions];
    this._hadError = true;
    const error = new Error('Client network socket disconnected before secure TLS connection was established');
    error.code = 'ECONNRESET';
    error.path = options.path;
    error.host = options.host;
    error.port = options.port;
    error.localAddress = options.localAddress;
    this.destroy(error);
  }
  function normalizeConnectArgs(args) {
    let options = {};
    let cb;
    let i = 0;
    if (args[i] !== null && typeof args[i] === 'object') options = { ...args[i++] };
    else {
      if (args[i] !== undefined && typeof args[i] !== 'function') options.port = args[i++];
      if (typeof args[i] === 'string') options.host = args[i++];
      if (args[i] !== null && typeof args[i] === 'object') Object.assign(options, args[i++]);
    }
    if (typeof args[i] === 'function') cb = args[i];
    return [options, cb];
  }
  let warnedAllowUnauthorized = false;
  // https://nodejs.org/api/tls.html#tlsconnectoptions-callback
  function connect(...args) {
    let [options, cb] = normalizeConnectArgs(args);
    const allowUnauthorized = internals.env.NODE_TLS_REJECT_UNAUTHORIZED === '0';
    if (allowUnauthorized && !warnedAllowUnauthorized) {
      warnedAllowUnauthorized = true;
      process.emitWarning("Setting the NODE_TLS_REJECT_UNAUTHORIZED environment variable to '0' makes TLS connections and HTTPS requests insecure by disabling certificate verification.");
    }
    options = { rejectUnauthorized: !allowUnauthorized, checkServerIdentity, minDHSize: 1024, ...options };
    if (typeof options.checkServerIdentity !== 'function') throw invalidArgType('options.checkServerIdentity', 'Function', options.checkServerIdentity);
    if (cb !== undefined) validateFunction(cb, 'callback');
    const context = options.secureContext || createSecureContext(options);
    const tlssock = new TLSSocket(options.socket, {
      secureContext: context,
      isServer: false,
      requestCert: true,
      rejectUnauthorized: options.rejectUnauthorized !== false,
      ALPNProtocols: options.ALPNProtocols,
      allowHalfOpen: options.allowHalfOpen,
    });
    tlssock[kConnectOptions] = options;
    if (cb) tlssock.once('secureConnect', cb);
    if (!options.socket) {
      tlssock.connect({ port: options.port, host: options.host, family: options.family, localAddress: options.localAddress }, tlssock._start);
    }
    tlssock._releaseControl();
    if (options.servername !== undefined && typeof options.servername !== 'string') throw invalidArgType('options.servername', 'string', options.servername);
    if (options.socket) tlssock._start();
    tlssock.on('secure', onConnectSecure);
    tlssock.once('end', onConnectEnd);
    return tlssock;
  }

  // ---------------------------------------------------------------- tls.Server
  function onServerSocketSecure() {
    if (this._requestCert) {
      const verifyError = this._verifyError;
      if (verifyError) {
        this.authorizationError = verifyError.code;
        if (this._rejectUnauthorized) this.destroy();
      } else {
        this.authorized = true;
      }
    }
    if (!this.destroyed && this._releaseControl()) this._tlsOptions.server.emit('secureConnection', this);
  }
  function onServerSocketTLSError(err) {
    if (!this._controlReleased && !this[kErrorEmitted]) {
      this[kErrorEmitted] = true;
      this._tlsOptions.server.emit('tlsClientError', err, this);
    }
  }
  function onServerSocketClose(hadError) {
    if (hadError) return;
    if (!this._controlReleased && !this[kErrorEmitted]) {
      this[kErrorEmitted] = true;
      const connReset = new Error('socket hang up');
      connReset.code = 'ECONNRESET';
      this._tlsOptions.server.emit('tlsClientError', connReset, this);
    }
  }
  function tlsConnectionListener(rawSocket) {
    const socket = new TLSSocket(rawSocket, {
      secureContext: this._sharedCreds,
      isServer: true,
      server: this,
      requestCert: this.requestCert,
      rejectUnauthorized: this.rejectUnauthorized,
      handshakeTimeout: this._handshakeTimeout,
      ALPNProtocols: this.ALPNProtocols,
    });
    socket.on('secure', onServerSocketSecure);
    socket[kErrorEmitted] = false;
    socket.on('close', onServerSocketClose);
    socket.on('_tlsError', onServerSocketTLSError);
  }
  // https://nodejs.org/api/tls.html#class-tlsserver
  class Server extends net.Server {
    constructor(options, listener) {
      if (typeof options === 'function') { listener = options; options = {}; }
      else if (options === undefined || options === null) options = {};
      else if (typeof options !== 'object') throw invalidArgType('options', 'Object', options);
      super({ allowHalfOpen: options.allowHalfOpen, pauseOnConnect: options.pauseOnConnect }, tlsConnectionListener);
      this._contexts = [];
      this.requestCert = options.requestCert === true;
      this.rejectUnauthorized = options.rejectUnauthorized !== false;
      if (options.ALPNProtocols) this.ALPNProtocols = alpnList(options.ALPNProtocols);
      this._handshakeTimeout = options.handshakeTimeout || 120 * 1000;
      if (typeof this._handshakeTimeout !== 'number') throw invalidArgType('options.handshakeTimeout', 'number', options.handshakeTimeout);
      this.setSecureContext(options);
      if (listener) this.on('secureConnection', listener);
    }
    setSecureContext(options) {
      if (options === null || typeof options !== 'object') throw invalidArgType('options', 'Object', options);
      for (const k of ['key', 'cert', 'ca', 'minVersion', 'maxVersion', 'ciphers', 'ecdhCurve', 'dhparam', 'crl', 'secureProtocol', 'passphrase', 'pfx']) {
        this[k] = options[k] || undefined;
      }
      this._sharedCreds = createSecureContext({ key: this.key, cert: this.cert, ca: this.ca, minVersion: this.minVersion, maxVersion: this.maxVersion, passphrase: this.passphrase, pfx: this.pfx });
      const server = this;
      const creds = this._sharedCreds;
      // The host's server configuration, made with the first connection.
      creds._serverId = function () {
        if (!this._id) this._id = host.tlsServerContext(this._forSession({ alpn: server.ALPNProtocols || [], requestCert: server.requestCert }));
        return this._id;
      };
    }
    addContext(servername) {
      if (!servername) throw nodeError(Error, 'ERR_TLS_REQUIRED_SERVER_NAME', '"servername" is required parameter for Server.addContext');
      throw nodeError(Error, 'ERR_FEATURE_UNAVAILABLE_ON_PLATFORM', 'SNI contexts (addContext) are not supported by jsloop yet');
    }
    getTicketKeys() { throw nodeError(Error, 'ERR_FEATURE_UNAVAILABLE_ON_PLATFORM', 'TLS ticket keys are not supported by jsloop'); }
    setTicketKeys() { throw nodeError(Error, 'ERR_FEATURE_UNAVAILABLE_ON_PLATFORM', 'TLS ticket keys are not supported by jsloop'); }
    close(cb) {
      const r = super.close(cb);
      const creds = this._sharedCreds;
      if (creds && creds._id) {
        // Sessions made with the context keep their own reference.
        host.tlsDropContext(creds._id);
        creds._id = 0;
      }
      return r;
    }
  }
  function ServerCtor(options, listener) {
    return Reflect.construct(Server, [options, listener], new.target || ServerCtor);
  }
  ServerCtor.prototype = Server.prototype;
  Object.defineProperty(ServerCtor, 'name', { value: 'Server' });
  Object.setPrototypeOf(ServerCtor, net.Server);
  Server.prototype.constructor = ServerCtor;

  function getCiphers() { return CIPHERS.map((c) => c.toLowerCase()); }

  // Node 24's convertALPNProtocols (lib/tls.js): an array of names becomes
  // the wire format (each name's byte length, then its bytes) in a Buffer, a
  // view is copied and must hold whole names; anything else leaves `out`
  // alone.
  function convertALPNProtocols(protocols, out) {
    if (Array.isArray(protocols)) {
      const lengths = protocols.map((p, i) => {
        if (p === '') throw invalidArgValue(`protocols[${i}]`, p, 'must be a non-empty string');
        const n = Buffer.byteLength(p);
        if (n > 255) throw nodeError(RangeError, 'ERR_OUT_OF_RANGE', `The byte length of the protocol at index ${i} exceeds the maximum length. It must be <= 255. Received ${n}`);
        return n;
      });
      const wire = Buffer.allocUnsafe(lengths.reduce((sum, n) => sum + 1 + n, 0));
      let at = 0;
      protocols.forEach((p, i) => {
        wire[at] = lengths[i];
        at += 1 + wire.write(`${p}`, at + 1);
      });
      out.ALPNProtocols = wire;
    } else if (ArrayBuffer.isView(protocols)) {
      const copy = Buffer.from(protocols.buffer.slice(protocols.byteOffset, protocols.byteOffset + protocols.byteLength));
      for (let i = 0; i < copy.length; i += 1 + copy[i]) {
        if (i + 1 + copy[i] > copy.length) throw invalidArgValue('ALPNProtocols', copy, 'contains truncated protocol');
      }
      out.ALPNProtocols = copy;
    }
  }

  // (In the order of Node 24's lib/tls.js exports.)
  const exportsObject = {
    CLIENT_RENEG_LIMIT: 3,
    CLIENT_RENEG_WINDOW: 600,
    DEFAULT_CIPHERS: CIPHERS.join(':'),
    DEFAULT_ECDH_CURVE: 'auto',
    DEFAULT_MIN_VERSION,
    DEFAULT_MAX_VERSION,
    getCiphers,
    convertALPNProtocols,
    checkServerIdentity,
    createSecureContext,
    SecureContext,
    TLSSocket,
    Server: ServerCtor,
    createServer: (options, listener) => new ServerCtor(options, listener),
    connect,
  };
  return exportsObject;
})
