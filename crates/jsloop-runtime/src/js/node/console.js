// jsloop node glue: the Node-style global console (lib/internal/console/
// constructor.js and lib/internal/cli_table.js of Node v20, MIT, Copyright
// Node.js contributors), without colours and without the inspector.
// internals: {
//   require('util'),
//   print(fd, text)  — writes one line: `text` has no trailing newline; fd 1 or 2,
//   now?()           — milliseconds for console.time (performance.now-like),
//   emitWarning?(text) — process.emitWarning; else util's fallback printing,
// }
// Returns the console object; `console.Console` builds more over streams
// ({ write(chunk) } objects).
(function (internals) {
  'use strict';
  internals = internals || {};
  // util is read when first needed: printing only strings does not need it.
  let utilModule = null;
  const util = () => utilModule || (utilModule = internals.require('util'));
  const U = () => util()[Symbol.for('jsloop.node.util.internal')];
  const inspect = (value, options) => util().inspect(value, options);
  const formatWithOptions = (options, ...args) => util().formatWithOptions(options, ...args);
  const getStringWidth = (...args) => U().getStringWidth(...args);
  const errInvalidArgType = (...args) => U().errInvalidArgType(...args);
  const emitWarning = (...args) => U().emitWarning(...args);
  const isMap = (v) => util().types.isMap(v);
  const isSet = (v) => util().types.isSet(v);
  const isMapIterator = (v) => util().types.isMapIterator(v);
  const isSetIterator = (v) => util().types.isSetIterator(v);
  const isTypedArray = (v) => util().types.isTypedArray(v);
  const now = typeof internals.now === 'function' ? internals.now
    : (typeof performance === 'object' ? () => performance.now() : () => Date.now());
  const warn = (text) => (typeof internals.emitWarning === 'function' ? internals.emitWarning(text) : emitWarning(text));

  // ------------------------------------------------------------------ cli_table
  const tableChars = {
    middleMiddle: '─', rowMiddle: '┼', topRight: '┐', topLeft: '┌', leftMiddle: '├',
    topMiddle: '┬', bottomRight: '┘', bottomLeft: '└', bottomMiddle: '┴', rightMiddle: '┤',
    left: '│ ', right: ' │', middle: ' │ ',
  };
  const renderRow = (row, columnWidths) => {
    let out = tableChars.left;
    for (let i = 0; i < row.length; i++) {
      const cell = row[i];
      const len = getStringWidth(cell);
      const needed = (columnWidths[i] - len);
      out += cell + ' '.repeat(Math.ceil(needed));
      if (i !== row.length - 1) out += tableChars.middle;
    }
    out += tableChars.right;
    return out;
  };
  const cliTable = (head, columns) => {
    const rows = [];
    const columnWidths = head.map((h) => getStringWidth(h));
    const longestColumn = Math.max(...columns.map((a) => a.length));
    for (let i = 0; i < head.length; i++) {
      const column = columns[i];
      for (let j = 0; j < longestColumn; j++) {
        if (rows[j] === undefined) rows[j] = [];
        const value = rows[j][i] = Object.prototype.hasOwnProperty.call(column, j) ? column[j] : '';
        const width = columnWidths[i] || 0;
        const counted = getStringWidth(value);
        columnWidths[i] = Math.max(width, counted);
      }
    }
    const divider = columnWidths.map((i) => tableChars.middleMiddle.repeat(i + 2));
    let result = tableChars.topLeft + divider.join(tableChars.topMiddle) + tableChars.topRight + '\n' +
      renderRow(head, columnWidths) + '\n' +
      tableChars.leftMiddle + divider.join(tableChars.rowMiddle) + tableChars.rightMiddle + '\n';
    for (const row of rows) result += `${renderRow(row, columnWidths)}\n`;
    result += tableChars.bottomLeft + divider.join(tableChars.bottomMiddle) + tableChars.bottomRight;
    return result;
  };

  // ------------------------------------------------------------------ time
  const kSecond = 1000;
  const kMinute = 60 * kSecond;
  const kHour = 60 * kMinute;
  const pad = (value) => `${value}`.padStart(2, '0');
  function formatTime(ms) {
    let hours = 0;
    let minutes = 0;
    let seconds = 0;
    if (ms >= kSecond) {
      if (ms >= kMinute) {
        if (ms >= kHour) {
          hours = Math.floor(ms / kHour);
          ms = ms % kHour;
        }
        minutes = Math.floor(ms / kMinute);
        ms = ms % kMinute;
      }
      seconds = ms / kSecond;
    }
    if (hours !== 0 || minutes !== 0) {
      ({ 0: seconds, 1: ms } = seconds.toFixed(3).split('.'));
      const res = hours !== 0 ? `${hours}:${pad(minutes)}` : minutes;
      return `${res}:${pad(seconds)}.${ms} (${hours !== 0 ? 'h:m' : ''}m:ss.mmm)`;
    }
    if (seconds !== 0) return `${seconds.toFixed(3)}s`;
    return `${Number(ms.toFixed(3))}ms`;
  }

  const keyKey = 'Key';
  const valuesKey = 'Values';
  const indexKey = '(index)';
  const iterKey = '(iteration index)';
  const isArrayLike = (v) => Array.isArray(v) || isTypedArray(v);

  // write(fd, line): line without its newline.
  function makeConsole(write, options = {}) {
    const groupIndentationWidth = options.groupIndentation ?? 2;
    const inspectOptions = options.inspectOptions || {};
    let groupIndent = '';
    const counts = new Map();
    const times = new Map();
    function writeToConsole(fd, string) {
      if (groupIndent.length !== 0) {
        if (string.includes('\n')) string = string.replace(/\n/g, `\n${groupIndent}`);
        string = groupIndent + string;
      }
      write(fd, string);
    }
    // Only strings, and no format specifier in the first: util.format
    // joins them with spaces (and does nothing else).
    const plainStrings = (args) => {
      for (let i = 0; i < args.length; i++) if (typeof args[i] !== 'string') return false;
      return args.length === 0 || !args[0].includes('%');
    };
    const fmt = (args) => (plainStrings(args) ? args.join(' ') : formatWithOptions(inspectOptions, ...args));
    function timeLogImpl(self, name, label, data) {
      const time = times.get(label);
      if (time === undefined) {
        warn(`No such label '${label}' for console.${name}()`);
        return false;
      }
      const formatted = formatTime(now() - time);
      if (data === undefined) self.log('%s: %s', label, formatted);
      else self.log('%s: %s', label, formatted, ...data);
      return true;
    }
    const con = {
      log(...args) { writeToConsole(1, fmt(args)); },
      warn(...args) { writeToConsole(2, fmt(args)); },
      dir(object, opts) {
        writeToConsole(1, inspect(object, { customInspect: false, ...inspectOptions, ...opts }));
      },
      time(label = 'default') {
        label = `${label}`;
        if (times.has(label)) {
          warn(`Label '${label}' already exists for console.time()`);
          return;
        }
        times.set(label, now());
      },
      timeEnd(label = 'default') {
        label = `${label}`;
        if (timeLogImpl(this, 'timeEnd', label)) times.delete(label);
      },
      timeLog(label = 'default', ...data) {
        label = `${label}`;
        timeLogImpl(this, 'timeLog', label, data);
      },
      trace: function trace(...args) {
        const err = { name: 'Trace', message: fmt(args) };
        let stack;
        if (typeof Error.captureStackTrace === 'function') {
          Error.captureStackTrace(err, trace);
          stack = err.stack;
        }
        if (typeof stack !== 'string') stack = new Error().stack || '';
        if (stack === '' || /^\s+at /.test(stack)) {
          stack = `Trace${err.message ? ': ' + err.message : ''}${stack ? '\n' + stack.replace(/\n+$/, '') : ''}`;
        }
        this.error(stack);
      },
      assert(expression, ...args) {
        if (!expression) {
          args[0] = `Assertion failed${args.length === 0 ? '' : `: ${args[0]}`}`;
          Reflect.apply(this.warn, this, args);
        }
      },
      clear() {},
      count(label = 'default') {
        label = `${label}`;
        let count = counts.get(label);
        if (count === undefined) count = 1;
        else count++;
        counts.set(label, count);
        this.log(`${label}: ${count}`);
      },
      countReset(label = 'default') {
        if (!counts.has(label)) {
          warn(`Count for '${label}' does not exist`);
          return;
        }
        counts.delete(`${label}`);
      },
      group(...data) {
        if (data.length > 0) Reflect.apply(this.log, this, data);
        groupIndent += ' '.repeat(groupIndentationWidth);
      },
      groupEnd() {
        groupIndent = groupIndent.slice(0, groupIndent.length - groupIndentationWidth);
      },
      table(tabularData, properties) {
        if (properties !== undefined && !Array.isArray(properties)) {
          throw errInvalidArgType('properties', 'Array', properties);
        }
        if (tabularData === null || typeof tabularData !== 'object') return this.log(tabularData);
        const final = (k, v) => this.log(cliTable(k, v));
        const _inspect = (v) => {
          const depth = v !== null && typeof v === 'object' && !isArrayLike(v) && Object.keys(v).length > 2 ? -1 : 0;
          return inspect(v, { depth, maxArrayLength: 3, breakLength: Infinity, ...inspectOptions });
        };
        const getIndexArray = (length) => Array.from({ length }, (_, i) => _inspect(i));
        const mapIter = isMapIterator(tabularData);
        let i = 0;
        if (mapIter) tabularData = [...tabularData];
        if (mapIter || isMap(tabularData)) {
          const keys = [];
          const values = [];
          let length = 0;
          for (const { 0: k, 1: v } of tabularData) {
            keys.push(_inspect(k));
            values.push(_inspect(v));
            length++;
          }
          return final([iterKey, keyKey, valuesKey], [getIndexArray(length), keys, values]);
        }
        const setIter = isSetIterator(tabularData);
        if (setIter) tabularData = [...tabularData];
        if (setIter || isSet(tabularData)) {
          const values = [];
          let length = 0;
          for (const v of tabularData) {
            values.push(_inspect(v));
            length++;
          }
          return final([iterKey, valuesKey], [getIndexArray(length), values]);
        }
        const map = { __proto__: null };
        let hasPrimitives = false;
        const valuesKeyArray = [];
        const indexKeyArray = Object.keys(tabularData);
        for (; i < indexKeyArray.length; i++) {
          const item = tabularData[indexKeyArray[i]];
          const primitive = item === null || (typeof item !== 'function' && typeof item !== 'object');
          if (properties === undefined && primitive) {
            hasPrimitives = true;
            valuesKeyArray[i] = _inspect(item);
          } else {
            const keys = properties || Object.keys(item);
            for (const key of keys) {
              map[key] ??= [];
              if ((primitive && properties) || !Object.prototype.hasOwnProperty.call(item, key)) map[key][i] = '';
              else map[key][i] = _inspect(item[key]);
            }
          }
        }
        const keys = Object.keys(map);
        const values = Object.values(map);
        if (hasPrimitives) {
          keys.push(valuesKey);
          values.push(valuesKeyArray);
        }
        keys.unshift(indexKey);
        values.unshift(indexKeyArray);
        return final(keys, values);
      },
    };
    con.debug = con.log;
    con.info = con.log;
    con.dirxml = con.log;
    con.error = con.warn;
    con.groupCollapsed = con.group;
    // Node's console methods are bound to the console.
    for (const k of Object.keys(con)) {
      const f = con[k];
      const bound = f.bind(con);
      Object.defineProperty(bound, 'name', { value: f.name });
      con[k] = bound;
    }
    // The inspector-only methods exist (and do nothing) in Node too.
    for (const k of ['profile', 'profileEnd', 'timeStamp', 'context']) {
      if (!(k in con)) con[k] = function () {};
    }
    return con;
  }

  function Console(options, stderr, ignoreErrors) {
    if (!new.target) return new Console(options, stderr, ignoreErrors);
    if (!options || typeof options.write === 'function') {
      options = { stdout: options, stderr, ignoreErrors };
    }
    const stdout = options.stdout;
    const errStream = options.stderr || stdout;
    if (!stdout || typeof stdout.write !== 'function') throw errInvalidArgType('stdout', 'WritableStream', stdout);
    if (!errStream || typeof errStream.write !== 'function') throw errInvalidArgType('stderr', 'WritableStream', errStream);
    const con = makeConsole((fd, line) => (fd === 1 ? stdout : errStream).write(line + '\n'), options);
    Object.assign(this, con);
  }

  const print = typeof internals.print === 'function' ? internals.print : () => {};
  const console = makeConsole((fd, line) => print(fd, line));
  console.Console = Console;
  return console;
})
