// jsloop node glue: the parts of the console a start does not run, read
// when first needed (node/console.js's consoleMore): console.table's
// tables, console.timeEnd's and timeLog's durations, and a new Console's
// destinations over streams and its checked options. `d` is what
// console.js shares: its internals (Node's validators), util(), helpers()
// (the util module's internal helpers) and typeError(code, message).
(function (d) {
  'use strict';
  const { internals, util, helpers, typeError } = d;

  // ================================================================ tables
  // https://nodejs.org/api/console.html#consoletabletabulardata-properties
  // Box-drawing characters of the table console.table prints.
  const box = {
    horizontal: '─', vertical: '│',
    topLeft: '┌', topJoin: '┬', topRight: '┐',
    midLeft: '├', cross: '┼', midRight: '┤',
    bottomLeft: '└', bottomJoin: '┴', bottomRight: '┘',
  };

  // Draws `header` (column names) over `columns` (each an array of cell
  // texts, possibly sparse): every cell left-aligned in its column, the
  // column as wide as its widest text.
  function drawTable(header, columns) {
    const width = (text) => helpers().getStringWidth(text);
    const rowCount = Math.max(0, ...columns.map((column) => column.length));
    const rows = [];
    for (let r = 0; r < rowCount; r++) {
      rows.push(columns.map((column) => (Object.prototype.hasOwnProperty.call(column, r) ? column[r] : '')));
    }
    const widths = header.map((name, c) => Math.max(width(name), ...rows.map((row) => width(row[c]))));
    const line = (left, join, right) => left + widths.map((w) => box.horizontal.repeat(w + 2)).join(join) + right;
    const cells = (row) => `${box.vertical} ${row.map((text, c) => text + ' '.repeat(widths[c] - width(text))).join(` ${box.vertical} `)} ${box.vertical}`;
    return [
      line(box.topLeft, box.topJoin, box.topRight),
      cells(header),
      line(box.midLeft, box.cross, box.midRight),
      ...rows.map(cells),
      line(box.bottomLeft, box.bottomJoin, box.bottomRight),
    ].join('\n');
  }

  // ================================================================ durations
  // console.timeEnd's duration: `1.5ms`, `2.345s`, `1:02.345 (m:ss.mmm)`,
  // `1:02:03.456 (h:mm:ss.mmm)`.
  function describeDuration(ms) {
    const twoDigits = (n) => String(n).padStart(2, '0');
    if (ms < 1000) return `${Number(ms.toFixed(3))}ms`;
    if (ms < 60000) return `${(ms / 1000).toFixed(3)}s`;
    const hours = Math.floor(ms / 3600000);
    const minutes = Math.floor((ms % 3600000) / 60000);
    const [whole, fraction] = ((ms % 60000) / 1000).toFixed(3).split('.');
    if (hours !== 0) return `${hours}:${twoDigits(minutes)}:${twoDigits(whole)}.${fraction} (h:mm:ss.mmm)`;
    return `${minutes}:${twoDigits(whole)}.${fraction} (m:ss.mmm)`;
  }

  // A destination over a writable stream (with ignoreErrors, errors while
  // writing are swallowed, those the stream emits too). As Node's
  // kWriteToConsole (lib/internal/console/constructor.js), every write
  // passes the same callback (createWriteErrorHandler's), so that the
  // writes a tick makes share one afterWrite tick.
  function streamTarget(stream, ignoreErrors) {
    const ignore = () => {};
    const listens = typeof stream.once === 'function' && typeof stream.removeListener === 'function';
    const noListener = () => typeof stream.listenerCount !== 'function' || stream.listenerCount('error') === 0;
    // An error not already emitted will be: a once listener keeps it from
    // being uncaught.
    const errorHandler = (err) => {
      const state = stream._writableState;
      if (err !== null && err !== undefined && !(state && state.errorEmitted) && listens && noListener()) stream.once('error', ignore);
    };
    return {
      stream,
      write(text) {
        if (!ignoreErrors) {
          stream.write(`${text}\n`);
          return;
        }
        try {
          // (A no-op listener catches an error emitted synchronously.)
          if (listens && noListener()) stream.once('error', ignore);
          stream.write(`${text}\n`, errorHandler);
        } catch {
          // Ignored, as ignoreErrors asks.
        } finally {
          if (listens) stream.removeListener('error', ignore);
        }
      },
      colors() {
        if (!stream.isTTY) return false;
        return typeof stream.getColorDepth === 'function' ? stream.getColorDepth() > 2 : true;
      },
    };
  }

  function checkOptions(options) {
    let { groupIndentation = 2, colorMode = 'auto', inspectOptions } = options;
    if (typeof internals.validateInteger === 'function') internals.validateInteger(groupIndentation, 'groupIndentation', 0, 1000);
    if (colorMode !== 'auto' && colorMode !== true && colorMode !== false) {
      throw helpers().errInvalidArgValue('colorMode', colorMode, "must be one of: 'auto', true, false");
    }
    if (inspectOptions !== undefined) {
      if (inspectOptions === null || typeof inspectOptions !== 'object') {
        throw helpers().errInvalidArgType('options.inspectOptions', 'object', inspectOptions);
      }
      if (inspectOptions.colors !== undefined && options.colorMode !== undefined) {
        throw typeError('ERR_INCOMPATIBLE_OPTION_PAIR', 'Option "options.inspectOptions.color" cannot be used in combination with option "colorMode"');
      }
    }
    return { groupIndentation, colorMode, inspectOptions };
  }

  // The table console.table prints for an object, array, Map, Set or one
  // of their iterators: a row per entry, a column per property of the
  // entries (or the entry itself, under Values, when it is a primitive).
  function tableOf(state, data, properties) {
    const { inspect, types } = util();
    const cell = (v) => {
      // Objects with more than two keys show as [Object].
      const many = v !== null && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length > 2;
      return inspect(v, { depth: many ? -1 : 0, maxArrayLength: 3, breakLength: Infinity, ...state.optionsFor(state.out) });
    };
    const indexColumn = (count) => Array.from({ length: count }, (_, i) => cell(i));

    let mapLike = types.isMap(data);
    let setLike = types.isSet(data);
    if (types.isMapIterator(data) || types.isSetIterator(data)) {
      // Reading an iterator takes its entries (the engine has no way to
      // look without taking).
      const entries = [...data];
      mapLike = types.isMapIterator(data) && entries.length > 0 &&
        entries.every((e) => Array.isArray(e) && e.length === 2);
      setLike = !mapLike;
      data = mapLike ? new Map(entries) : entries;
    }
    if (mapLike) {
      const keys = [];
      const values = [];
      for (const [k, v] of data) {
        keys.push(cell(k));
        values.push(cell(v));
      }
      return drawTable(['(iteration index)', 'Key', 'Values'], [indexColumn(keys.length), keys, values]);
    }
    if (setLike) {
      const values = [...data].map(cell);
      return drawTable(['(iteration index)', 'Values'], [indexColumn(values.length), values]);
    }

    const rowKeys = Object.keys(data);
    // Columns in property order: integer-like names first, as in an object.
    const columns = { __proto__: null };
    const primitives = [];
    let anyPrimitive = false;
    rowKeys.forEach((rowKey, row) => {
      const item = data[rowKey];
      const primitive = item === null || (typeof item !== 'object' && typeof item !== 'function');
      if (primitive && properties === undefined) {
        anyPrimitive = true;
        primitives[row] = cell(item);
        return;
      }
      for (const key of properties || Object.keys(item)) {
        if (columns[key] === undefined) columns[key] = [];
        const present = !primitive && Object.prototype.hasOwnProperty.call(item, key);
        columns[key][row] = present ? cell(item[key]) : '';
      }
    });
    const header = ['(index)', ...Object.keys(columns)];
    const body = [rowKeys, ...Object.values(columns)];
    if (anyPrimitive) {
      header.push('Values');
      body.push(primitives);
    }
    return drawTable(header, body);
  }

  return { describeDuration, streamTarget, checkOptions, tableOf };
})
