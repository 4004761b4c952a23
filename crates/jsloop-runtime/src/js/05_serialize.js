// jsloop glue 05: StructuredSerializeWithTransfer and
// StructuredDeserializeWithTransfer for values that cross threads (a page
// and its workers; worker_threads). A record is JSON plus the bytes of each
// ArrayBuffer it holds; the receiving realm rebuilds the value from it.
// (Within one realm, structuredClone and MessagePort clone in one pass, in
// 10_browser.js.)
(function (DOMException, inspect) {
  'use strict';
  // https://html.spec.whatwg.org/multipage/structured-data.html#structuredserializewithtransfer
  // A record is JSON; objects are numbered in the order they are first met,
  // so ["r", n] refers back to the n-th (cycles and shared references).
  const TYPED = [Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array, Float32Array, Float64Array, BigInt64Array, BigUint64Array, DataView];
  const ERRORS = { Error, EvalError, RangeError, ReferenceError, SyntaxError, TypeError, URIError };
  const GeneratorPrototype = Object.getPrototypeOf(function* () {}).prototype;
  const AsyncGeneratorPrototype = Object.getPrototypeOf(async function* () {}).prototype;
  const EXOTIC = [WeakRef, FinalizationRegistry, WeakMap, WeakSet, Promise, { [Symbol.hasInstance]: (v) => GeneratorPrototype.isPrototypeOf(v) || AsyncGeneratorPrototype.isPrototypeOf(v) }];
  const tag = (v) => Object.prototype.toString.call(v).slice(8, -1);
  const dataCloneError = (what) => new DOMException(`${what} could not be cloned.`, 'DataCloneError');

  // Hooks for MessagePorts (the browser host's 10_browser.js sets them):
  // isPort(v), ship(port) -> [id, partnerId] (the port is neutered),
  // queued(port) -> the messages waiting in its port message queue (taken),
  // adopt(id, partnerId) -> a new port in this realm, settle(port, queued).
  let ports = null;
  function setPortHooks(hooks) { ports = hooks; }
  // And for Blobs (12_file.js): isBlob(v), parts(v) -> [bytes, type, file
  // fields or null], make(bytes, type, file fields).
  let blobs = null;
  function setBlobHooks(hooks) { blobs = hooks; }
  // The node host's rules (Node's src/node_messaging.cc): its DataCloneError
  // messages for transfer lists, objects marked uncloneable or
  // untransferable, and SharedArrayBuffers shared (not copied) across
  // threads: uncloneable(v), untransferable(v), portDetached(port),
  // shareSab(sab) -> id, adoptSab(id) -> a SharedArrayBuffer over the same
  // memory, and JS transferables: jsTransferable(v), jsTransfer(v) ->
  // { data, deserializeInfo }, jsCreate(deserializeInfo), jsDeserialize(o,
  // data); view(v) -> the object of own properties to clone in place of a
  // host object whose fields are native (a Timeout), else undefined.
  let node = null;
  function setNodeRules(rules) { node = rules; }

  // Returns [record, buffers, ids of the transferred ports].
  const NOTHING = Object.freeze([]);
  // A primitive that JSON keeps as it is (and no transfer list): its record
  // needs no memory, no buffers and no ports.
  const plain = (v) => v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v) && !Object.is(v, -0));
  // (The general case is a function of its own: its inner functions are
  // made when it is called, which a primitive's message never is.)
  function serialize(value, transfer) {
    if (transfer === undefined && plain(value)) return [`[[],${JSON.stringify(value)}]`, NOTHING, NOTHING];
    return serializeAny(value, transfer);
  }
  function serializeAny(value, transfer) {
    // The transfer list is a Web IDL sequence<object>: null is not one, nor
    // is any element that is not an object.
    if (transfer === null || (transfer !== undefined && (typeof transfer !== 'object' && typeof transfer !== 'function' || typeof transfer[Symbol.iterator] !== 'function'))) {
      throw new TypeError('The provided value cannot be converted to a sequence.');
    }
    const list = transfer === undefined ? [] : [...transfer];
    const buffers = [];
    const memory = new Map();
    let next = 0;
    const transferred = [];
    if (node !== null) {
      // Node's messaging.cc (Message::Serialize): every entry is checked
      // before anything is transferred.
      for (const t of list) {
        const isPort = ports !== null && ports.isPort(t);
        if (!isPort && !(t instanceof ArrayBuffer) && !node.jsTransferable(t)) throw new DOMException('Found invalid value in transferList.', 'DataCloneError');
        if (memory.has(t)) throw new DOMException(`Transfer list contains duplicate ${isPort ? 'MessagePort' : 'ArrayBuffer'}`, 'DataCloneError');
        if (node.untransferable(t) || (!isPort && t.detached)) throw new DOMException('Cannot transfer object of unsupported type.', 'DataCloneError');
        if (isPort && node.portDetached(t)) throw new DOMException('MessagePort in transfer list is already detached', 'DataCloneError');
        memory.set(t, null);
        if (isPort) transferred.push(t);
      }
    } else {
      for (const t of list) {
        if (t === null || (typeof t !== 'object' && typeof t !== 'function')) throw new TypeError("Failed to convert value to 'object'.");
      }
      list.forEach((t, i) => {
        const isPort = ports !== null && ports.isPort(t);
        if (!isPort && !(t instanceof ArrayBuffer)) throw dataCloneError(`Value at index ${i} does not have a transferable type and`);
        if (memory.has(t)) throw new DOMException(`${isPort ? 'Port' : 'ArrayBuffer'} at index ${i} is a duplicate of an earlier ${isPort ? 'port' : 'ArrayBuffer'}.`, 'DataCloneError');
        memory.set(t, null);
        if (isPort) transferred.push(t);
      });
    }
    memory.clear();
    // Node's JS transferables (lib/internal/worker/js_transferable.js: a
    // FileHandle) in the list: each is written where the value has it, and
    // gives what travels for it ([kTransfer]()) once the value is written.
    const jsList = node === null ? NOTHING : list.filter((t) => !(ports !== null && ports.isPort(t)) && !(t instanceof ArrayBuffer) && node.jsTransferable(t));
    // Transferred ports come first in the record (they may appear in the
    // value, and travel even if they do not).
    for (const p of transferred) memory.set(p, next++);
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
      if (node !== null) {
        const view = node.view(v);
        if (view !== undefined) return ser(view);
        if (ports !== null && ports.isPort(v)) throw new DOMException('Object that needs transfer was found in message but not listed in transferList', 'DataCloneError');
        if (node.uncloneable(v)) throw new DOMException('Cannot clone object of unsupported type.', 'DataCloneError');
        const at = jsList.indexOf(v);
        if (at !== -1) {
          memory.set(v, next++);
          return ['JT', at];
        }
        if (node.jsTransferable(v)) throw new DOMException('Object that needs transfer was found in message but not listed in transferList', 'DataCloneError');
      }
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
        case 'SharedArrayBuffer':
          // Node shares the memory (the receiving thread gets a
          // SharedArrayBuffer over the same bytes).
          if (node !== null) return ['SAB', node.shareSab(v)];
          throw dataCloneError(`#<${t}>`);
        case 'Map': return ['M', [...v].map(([k, x]) => [ser(k), ser(x)])];
        case 'Set': return ['St', [...v].map(ser)];
        case 'DOMException':
          if (v instanceof DOMException) return ['X', v.message, v.name];
          throw dataCloneError(inspect(v));
        case 'Error': {
          // (DOMException is [Serializable] of its own, not an Error.)
          if (v instanceof DOMException) return ['X', v.message, v.name];
          // https://html.spec.whatwg.org/multipage/structured-data.html#structuredserializeinternal
          // Step 17.1-17.2. Let name be ? Get(value, "name"); one of the
          // seven error names, else "Error".
          const name = String(v.name);
          // Step 17.3-17.4. Let message be undefined if value's own "message"
          // is not a data property, else ? ToString of its value (null here
          // stands for undefined).
          const d = Object.getOwnPropertyDescriptor(v, 'message');
          const message = d !== undefined && 'value' in d ? String(d.value) : null;
          const out = ['E', Object.hasOwn(ERRORS, name) ? name : 'Error', message, 'stack' in v ? String(v.stack) : null];
          if ('cause' in v) out.push(ser(v.cause));
          return out;
        }
        case 'Array': return ['A', v.length, Object.keys(v).map((k) => [k, ser(v[k])])];
        case 'Object': {
          if (v instanceof DOMException) return ['X', v.message, v.name];
          const proto = Object.getPrototypeOf(v);
          if (proto !== Object.prototype && proto !== null && ((typeof EventTarget === 'function' && v instanceof EventTarget) || (typeof Event === 'function' && v instanceof Event) || v instanceof WeakMap || v instanceof WeakSet || v instanceof Promise)) throw dataCloneError(inspect(v));
          return ['O', Object.keys(v).map((k) => [k, ser(v[k])])];
        }
        default: {
          // A Blob or File: its bytes, type, and a File's name and lastModified.
          if (blobs !== null && blobs.isBlob(v)) {
            const [bytes, type, file] = blobs.parts(v);
            buffers.push(bytes);
            return ['Bl', buffers.length - 1, type, file];
          }
          // A FileList: its Files.
          if (blobs !== null && blobs.isFileList(v)) return ['FL', blobs.files(v).map(ser)];
          // ImageData and ImageBitmap (22_image.js): their fields and pixels.
          if (blobs !== null && blobs.platform && blobs.platform.kind(v) !== null) {
            const parts = blobs.platform.parts(v);
            const at = parts.findIndex((x) => x instanceof ArrayBuffer);
            buffers.push(parts[at]);
            parts[at] = buffers.length - 1;
            return ['Pl', at, parts];
          }
          if (TYPED.some((C) => C.name === t)) {
            const length = t === 'DataView' ? v.byteLength : v.length;
            return ['V', t, ser(v.buffer), v.byteOffset, length];
          }
          // V8's ValueSerializer writes any ordinary JS object as an
          // object, whatever its Symbol.toStringTag says (Node's classes
          // written in JS, as undici's Response, are marked uncloneable
          // instead); the engine's own exotic objects are not cloneable.
          if (node !== null && Symbol.toStringTag in v && !EXOTIC.some((C) => v instanceof C)) {
            return ['O', Object.keys(v).map((k) => [k, ser(v[k])])];
          }
          throw dataCloneError(`#<${t}>`);
        }
      }
    }
    const valueRecord = ser(value);
    // [deserializeInfo, the data's own record, where its buffers start, how
    // many]
    const jsRecords = jsList.map((t) => {
      const { data, deserializeInfo } = node.jsTransfer(t);
      const [record, own] = serialize(data);
      const at = buffers.length;
      buffers.push(...own);
      return [String(deserializeInfo), record, at, own.length];
    });
    // Once the whole value serialized: ports are shipped (with the messages
    // waiting in their queues), buffers detached.
    const portRecords = transferred.map((p) => {
      const queued = ports.queued(p);
      const [id, partner] = ports.ship(p);
      return ['P', id, partner, ser(queued)];
    });
    for (const t of list) if (t instanceof ArrayBuffer) t.transfer();
    const records = jsRecords.length > 0 ? [portRecords, valueRecord, jsRecords] : [portRecords, valueRecord];
    return [JSON.stringify(records), buffers, portRecords.map((r) => r[1])];
  }

  // https://html.spec.whatwg.org/multipage/structured-data.html#structureddeserializewithtransfer
  // Returns [value, the transferred ports (new ports of this realm)].
  function deserialize(record, buffers) {
    if (record.startsWith('[[],')) {
      const valueRecord = JSON.parse(record)[1];
      if (plain(valueRecord)) return [valueRecord, []];
    }
    return deserializeAny(record, buffers);
  }
  function deserializeAny(record, buffers) {
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
        case 'SAB': return keep(node.adoptSab(r[1]));
        case 'M': { const o = keep(new Map()); for (const [k, x] of r[1]) o.set(de(k), de(x)); return o; }
        case 'St': { const o = keep(new Set()); for (const x of r[1]) o.add(de(x)); return o; }
        case 'E': {
          const C = ERRORS[r[1]] || Error;
          const o = keep(r[2] === null ? new C() : new C(r[2]));
          if (r[3] !== null) Object.defineProperty(o, 'stack', { value: r[3], writable: true, configurable: true });
          if (r.length > 4) o.cause = de(r[4]);
          return o;
        }
        case 'A': { const o = keep(new Array(r[1])); for (const [k, x] of r[2]) set(o, k, de(x)); return o; }
        case 'O': { const o = keep({}); for (const [k, x] of r[1]) set(o, k, de(x)); return o; }
        case 'X': return keep(new DOMException(r[1], r[2]));
        case 'Bl': return keep(blobs.make(buffers[r[1]], r[2], r[3]));
        case 'Pl': { const parts = r[2].slice(); parts[r[1]] = buffers[parts[r[1]]]; return keep(blobs.platform.make(parts)); }
        case 'FL': {
          const slot = memory.length; memory.push(null);
          const o = blobs.makeFileList(r[1].map(de));
          memory[slot] = o;
          return o;
        }
        case 'JT': {
          // The object made from its deserializeInfo ('module:Class'),
          // then given its data ([kDeserialize]).
          const [info, own, at, count] = jsRecords[r[1]];
          const o = keep(node.jsCreate(info));
          node.jsDeserialize(o, deserialize(own, buffers.slice(at, at + count))[0]);
          return o;
        }
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
    const [portRecords, valueRecord, jsRecords] = JSON.parse(record);
    const adopted = portRecords.map((r) => { const p = ports.adopt(r[1], r[2]); memory.push(p); return p; });
    const value = de(valueRecord);
    portRecords.forEach((r, i) => ports.settle(adopted[i], de(r[3])));
    return [value, adopted];
  }

  return { serialize, deserialize, setPortHooks, setBlobHooks, setNodeRules };
})
