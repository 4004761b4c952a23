// jsloop glue 15: dedicated workers — the Worker object (in a window or a
// worker), and, inside a worker, its global scope's postMessage, close,
// importScripts and animation frames. Messages cross threads as serialized
// records (StructuredSerializeWithTransfer's output, as JSON plus the bytes
// of each ArrayBuffer), deserialized in the receiving realm.
(function (host, g, con, web) {
  'use strict';
  const { define, fireTrusted, defineEventHandler, DOMException } = web;
  const { EventTarget, Event, ErrorEvent, MessageEvent } = g;

  // ------------------------------------------------------------ serialization
  // https://html.spec.whatwg.org/multipage/structured-data.html#structuredserializewithtransfer
  // A record is JSON; objects are numbered in the order they are first met,
  // so ["r", n] refers back to the n-th (cycles and shared references).
  const TYPED = [Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array, Float32Array, Float64Array, BigInt64Array, BigUint64Array, DataView];
  const ERRORS = { Error, EvalError, RangeError, ReferenceError, SyntaxError, TypeError, URIError };
  const tag = (v) => Object.prototype.toString.call(v).slice(8, -1);
  const dataCloneError = (what) => new DOMException(`${what} could not be cloned.`, 'DataCloneError');

  function serialize(value, transfer) {
    const list = transfer === undefined || transfer === null ? [] : [...transfer];
    const buffers = [];
    const memory = new Map();
    let next = 0;
    for (const t of list) {
      if (!(t instanceof ArrayBuffer)) throw dataCloneError(`Value at index ${list.indexOf(t)} does not have a transferable type and`);
      if (memory.has(t)) throw new DOMException(`ArrayBuffer at index ${list.indexOf(t)} is a duplicate of an earlier ArrayBuffer. Duplicate ArrayBuffers cannot be transferred.`, 'DataCloneError');
      memory.set(t, null);
    }
    memory.clear();
    function ser(v) {
      switch (typeof v) {
        case 'undefined': return ['u'];
        case 'boolean': case 'string': return v;
        case 'number':
          if (Number.isNaN(v) || !Number.isFinite(v) || Object.is(v, -0)) return ['n', String(Object.is(v, -0) ? '-0' : v)];
          return v;
        case 'bigint': return ['bi', String(v)];
        case 'symbol': throw dataCloneError(v.toString());
        case 'function': throw dataCloneError(Function.prototype.toString.call(v).slice(0, 200));
      }
      if (v === null) return null;
      if (memory.has(v)) return ['r', memory.get(v)];
      memory.set(v, next++);
      const t = tag(v);
      switch (t) {
        case 'Boolean': return ['B', Boolean.prototype.valueOf.call(v)];
        case 'Number': return ['N', ser(Number.prototype.valueOf.call(v))];
        case 'String': return ['S', String.prototype.valueOf.call(v)];
        case 'BigInt': return ['BI', String(BigInt.prototype.valueOf.call(v))];
        case 'Date': return ['D', ser(Date.prototype.getTime.call(v))];
        case 'RegExp': return ['R', v.source, v.flags];
        case 'ArrayBuffer': {
          if (v.detached) throw dataCloneError('An ArrayBuffer is detached and');
          buffers.push(v.slice(0));
          return ['AB', buffers.length - 1, v.resizable ? v.maxByteLength : null];
        }
        case 'Map': return ['M', [...v].map(([k, x]) => [ser(k), ser(x)])];
        case 'Set': return ['St', [...v].map(ser)];
        case 'Error': {
          const out = ['E', String(v.name), String(v.message), 'stack' in v ? String(v.stack) : null];
          if ('cause' in v) out.push(ser(v.cause));
          return out;
        }
        case 'Array': return ['A', v.length, Object.keys(v).map((k) => [k, ser(v[k])])];
        case 'Object': {
          if (v instanceof DOMException) return ['X', v.message, v.name];
          const proto = Object.getPrototypeOf(v);
          if (proto !== Object.prototype && proto !== null && (v instanceof EventTarget || v instanceof Event || v instanceof WeakMap || v instanceof WeakSet || v instanceof Promise)) throw dataCloneError(con.inspect(v));
          return ['O', Object.keys(v).map((k) => [k, ser(v[k])])];
        }
        default: {
          if (TYPED.some((C) => C.name === t)) {
            const length = t === 'DataView' ? v.byteLength : v.length;
            return ['V', t, ser(v.buffer), v.byteOffset, length];
          }
          throw dataCloneError(`#<${t}>`);
        }
      }
    }
    const record = JSON.stringify(ser(value));
    // Transferred buffers are detached once the whole value serialized.
    for (const t of list) t.transfer();
    return [record, buffers];
  }

  // https://html.spec.whatwg.org/multipage/structured-data.html#structureddeserializewithtransfer
  function deserialize(record, buffers) {
    const memory = [];
    const keep = (o) => { memory.push(o); return o; };
    const set = (o, k, x) => Object.defineProperty(o, k, { value: x, writable: true, enumerable: true, configurable: true });
    function de(r) {
      if (r === null || typeof r !== 'object') return r;
      switch (r[0]) {
        case 'u': return undefined;
        case 'n': return r[1] === '-0' ? -0 : Number(r[1]);
        case 'bi': return BigInt(r[1]);
        case 'r': return memory[r[1]];
        case 'B': return keep(Object(r[1]));
        case 'N': { const slot = memory.length; memory.push(null); const o = Object(de(r[1])); memory[slot] = o; return o; }
        case 'S': return keep(Object(r[1]));
        case 'BI': return keep(Object(BigInt(r[1])));
        case 'D': { const slot = memory.length; memory.push(null); const o = new Date(de(r[1])); memory[slot] = o; return o; }
        case 'R': return keep(new RegExp(r[1], r[2]));
        case 'AB': {
          const bytes = new Uint8Array(buffers[r[1]]);
          const out = r[2] === null ? new ArrayBuffer(bytes.length) : new ArrayBuffer(bytes.length, { maxByteLength: r[2] });
          new Uint8Array(out).set(bytes);
          return keep(out);
        }
        case 'M': { const o = keep(new Map()); for (const [k, x] of r[1]) o.set(de(k), de(x)); return o; }
        case 'St': { const o = keep(new Set()); for (const x of r[1]) o.add(de(x)); return o; }
        case 'E': {
          const C = ERRORS[r[1]] || Error;
          const o = keep(new C(r[2]));
          if (r[3] !== null) Object.defineProperty(o, 'stack', { value: r[3], writable: true, configurable: true });
          if (r.length > 4) o.cause = de(r[4]);
          return o;
        }
        case 'A': { const o = keep(new Array(r[1])); for (const [k, x] of r[2]) set(o, k, de(x)); return o; }
        case 'O': { const o = keep({}); for (const [k, x] of r[1]) set(o, k, de(x)); return o; }
        case 'X': return keep(new DOMException(r[1], r[2]));
        case 'V': {
          const slot = memory.length; memory.push(null);
          const C = TYPED.find((c) => c.name === r[1]);
          const o = new C(de(r[2]), r[3], r[4]);
          memory[slot] = o;
          return o;
        }
      }
      throw new TypeError('jsloop: bad serialized record');
    }
    return de(JSON.parse(record));
  }

  // ------------------------------------------------------------ the Worker object
  // https://html.spec.whatwg.org/multipage/workers.html#dedicated-workers-and-the-worker-interface
  const workers = new Map();
  class Worker extends EventTarget {
    #id;
    constructor(scriptURL, options) {
      super();
      if (arguments.length === 0) throw new TypeError("Failed to construct 'Worker': 1 argument required, but only 0 present.");
      const type = options === undefined || options === null || options.type === undefined ? 'classic' : String(options.type);
      if (type !== 'classic' && type !== 'module') throw new TypeError(`Failed to construct 'Worker': Failed to read the 'type' property from 'WorkerOptions': The provided value '${type}' is not a valid enum value of type WorkerType.`);
      const name = options === undefined || options === null || options.name === undefined ? '' : String(options.name);
      this.#id = host.createWorker(String(scriptURL), type, name);
      workers.set(this.#id, this);
    }
    // https://html.spec.whatwg.org/multipage/workers.html#dom-worker-postmessage
    postMessage(message, options) {
      if (arguments.length === 0) throw new TypeError("Failed to execute 'postMessage' on 'Worker': 1 argument required, but only 0 present.");
      const transfer = Array.isArray(options) ? options : options && options.transfer;
      const [record, buffers] = serialize(message, transfer);
      host.postToWorker(this.#id, record, buffers);
    }
    // https://html.spec.whatwg.org/multipage/workers.html#dom-worker-terminate
    terminate() {
      host.terminateWorker(this.#id);
      workers.delete(this.#id);
    }
  }
  for (const n of ['onmessage', 'onmessageerror', 'onerror']) defineEventHandler(Worker.prototype, n);
  define(g, { Worker });

  // A message from the worker: a task on the posted message task source.
  function deliverWorkerMessage(id, record, buffers) {
    const worker = workers.get(id);
    if (!worker) return;
    let data;
    try {
      data = deserialize(record, buffers);
    } catch (_) {
      fireTrusted(worker, new MessageEvent('messageerror'));
      return;
    }
    fireTrusted(worker, new MessageEvent('message', { data }));
  }
  // https://html.spec.whatwg.org/multipage/workers.html#runtime-script-errors-2
  // An error the worker did not handle: fire ErrorEvent at the Worker
  // object; if not canceled, act as if it had occurred in this global.
  function deliverWorkerError(id, message, filename, lineno, colno) {
    const worker = workers.get(id);
    if (!worker) return;
    const notCanceled = fireTrusted(worker, new ErrorEvent('error', { cancelable: true, message, filename, lineno, colno }));
    if (notCanceled) web.reportErrorEvent(message, filename, lineno, colno, null);
  }
  // Fetching the worker's script failed: a plain error event.
  function deliverLoadFailed(id) {
    const worker = workers.get(id);
    if (worker) fireTrusted(worker, new Event('error'));
  }

  // ------------------------------------------------------------ inside a worker
  // https://html.spec.whatwg.org/multipage/workers.html#dedicatedworkerglobalscope
  let deliverMessage = null;
  if (host.isWorker) {
    define(g, {
      postMessage(message, options) {
        if (arguments.length === 0) throw new TypeError("Failed to execute 'postMessage' on 'DedicatedWorkerGlobalScope': 1 argument required, but only 0 present.");
        const transfer = Array.isArray(options) ? options : options && options.transfer;
        const [record, buffers] = serialize(message, transfer);
        host.postToParent(record, buffers);
      },
      // https://html.spec.whatwg.org/multipage/workers.html#dom-dedicatedworkerglobalscope-close
      close() { host.closeWorker(); },
      // https://html.spec.whatwg.org/multipage/workers.html#dom-workerglobalscope-importscripts
      importScripts(...urls) {
        for (const url of urls) host.importScript(String(url));
      },
      // Dedicated workers have animation frames of their own (worker event
      // loop step 6.1).
      requestAnimationFrame(callback) {
        if (typeof callback !== 'function') throw new TypeError("Failed to execute 'requestAnimationFrame' on 'DedicatedWorkerGlobalScope': The callback provided as parameter 1 is not a function.");
        return host.requestAnimationFrame(callback);
      },
      cancelAnimationFrame(handle) { host.cancelAnimationFrame(handle >>> 0); },
    });
    Object.defineProperty(g, 'name', { value: host.workerName, writable: false, enumerable: true, configurable: true });
    deliverMessage = (record, buffers) => {
      let data;
      try {
        data = deserialize(record, buffers);
      } catch (_) {
        fireTrusted(g, new MessageEvent('messageerror'));
        return;
      }
      fireTrusted(g, new MessageEvent('message', { data }));
    };
  }
  return { deliverWorkerMessage, deliverWorkerError, deliverLoadFailed, deliverMessage, serialize, deserialize };
})
