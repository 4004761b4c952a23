// jsloop node glue: the `path` module, both flavours: `path.posix` (what
// `require('path')` is on this host) and `path.win32`.
//
// Written for jsloop from Node's documentation of the module
// (https://nodejs.org/api/path.html) and from the results Node 24 gives
// (tests/node/path_and_assert_results_match_node.js records a corpus of
// them). Where Node's results follow from no documented rule (the reserved
// Windows device names, the character-wise `relative()` of win32) the rule
// is written down at the function that reproduces it.
//
// internals: { require('util'), cwd?() -> string, env? } — without cwd,
// resolve() starts from '/'; env gives win32.resolve() the per-drive
// working directories ('=C:' and so on) as Windows keeps them.
(function (internals) {
  'use strict';
  internals = internals || {};
  const U = internals.require('util')[Symbol.for('jsloop.node.util.internal')];

  function requireString(value, name) {
    if (typeof value !== 'string') throw U.errInvalidArgType(name, 'string', value);
  }
  const workingDirectory = () => (typeof internals.cwd === 'function' ? String(internals.cwd()) : '/');

  // ------------------------------------------------------------ shared rules

  // Removes '.' parts and lets each '..' cancel the part before it. A '..'
  // with nothing left to cancel is kept when the path is relative
  // (`keepUps`) and dropped at a root.
  function collapseParts(parts, keepUps) {
    const kept = [];
    for (const part of parts) {
      if (part === '' || part === '.') continue;
      if (part !== '..') kept.push(part);
      else if (kept.length > 0 && kept[kept.length - 1] !== '..') kept.pop();
      else if (keepUps) kept.push('..');
    }
    return kept;
  }

  // The extension of a last path component, as path.extname() documents it:
  // from its last '.' to its end, unless that '.' is the component's first
  // character ('.bashrc') or the component is '..'.
  function extensionOf(base) {
    const dot = base.lastIndexOf('.');
    if (dot <= 0 || base === '..') return '';
    return base.slice(dot);
  }

  // path.basename(path, suffix) from the last component's bounds (see
  // lastComponent): the suffix comes off when the component ends with it
  // and is not all of it. Node 24 also gives '' when the suffix is the
  // whole path, and a path with no component (only separators) back whole
  // when a suffix no longer than it is given.
  function basenameOf(path, from, isSep, suffix) {
    const { start, end } = lastComponent(path, from, isSep);
    const base = path.slice(start, end);
    if (suffix === undefined || suffix === '' || suffix.length > path.length) return base;
    if (suffix === path) return '';
    if (start === end) return path.slice(from);
    // A component that is only the end of a longer suffix comes back with
    // the separators that follow it ('x/./' with suffix 'y.' gives './').
    if (suffix.length > base.length && suffix.endsWith(base)) return path.slice(start);
    if (base === suffix || !base.endsWith(suffix)) return base;
    return base.slice(0, base.length - suffix.length);
  }

  // Where the last component of `path` lies: it ends before any trailing
  // separators and starts after the separator before it; `from` is the
  // first index that may belong to it (past the root).
  function lastComponent(path, from, isSep) {
    let end = path.length;
    while (end > from && isSep(path.charCodeAt(end - 1))) end--;
    let start = end;
    while (start > from && !isSep(path.charCodeAt(start - 1))) start--;
    return { start, end };
  }

  // The directory part for dirname(): everything before the separator that
  // precedes the last component (only that one separator goes: Node keeps
  // '/a//b' -> '/a/'); -1 when no separator at or past `from` precedes it.
  function separatorBeforeLast(path, from, isSep) {
    const { start, end } = lastComponent(path, from, isSep);
    if (start === end || start === from) return -1;
    return start - 1;
  }

  // path.format(): `dir` (or else `root`) and `base` (or else `name` and
  // `ext`, where an `ext` without its leading dot gets one).
  function formatWith(separator, pathObject) {
    if (pathObject === null || typeof pathObject !== 'object') {
      throw U.errInvalidArgType('pathObject', 'Object', pathObject);
    }
    const dir = pathObject.dir || pathObject.root;
    let base = pathObject.base;
    if (!base) {
      const ext = pathObject.ext ? (pathObject.ext[0] === '.' ? pathObject.ext : `.${pathObject.ext}`) : '';
      base = `${pathObject.name || ''}${ext}`;
    }
    if (!dir) return base;
    return dir === pathObject.root ? `${dir}${base}` : `${dir}${separator}${base}`;
  }

  // path.parse() once the root is known: `rootEnd` characters of `path` are
  // the root; the rest gives dir, base, ext and name.
  function parseAfterRoot(path, rootEnd, isSep) {
    const root = path.slice(0, rootEnd);
    const parsed = { root, dir: root, base: '', ext: '', name: '' };
    const { start, end } = lastComponent(path, rootEnd, isSep);
    if (start === end) return parsed;
    parsed.base = path.slice(start, end);
    parsed.ext = extensionOf(parsed.base);
    parsed.name = parsed.base.slice(0, parsed.base.length - parsed.ext.length);
    if (start > rootEnd) parsed.dir = path.slice(0, start - 1);
    return parsed;
  }

  // ------------------------------------------------------------ path.posix
  const SLASH = 47;
  const isSlash = (c) => c === SLASH;

  function posixNormalize(path) {
    requireString(path, 'path');
    if (path === '') return '.';
    // A path with no empty, '.' or '..' component (no '//', no '/.', not
    // starting with '.') is its own normal form: the steps below give it
    // back unchanged.
    if (path.charCodeAt(0) !== 46 && !path.includes('//') && !path.includes('/.')) return path;
    const rooted = path.charCodeAt(0) === SLASH;
    const trailing = path.charCodeAt(path.length - 1) === SLASH;
    let body = collapseParts(path.split('/'), !rooted).join('/');
    if (body === '') {
      if (rooted) return '/';
      return trailing ? './' : '.';
    }
    if (trailing) body += '/';
    return rooted ? `/${body}` : body;
  }

  // path.posix.join: the non-empty arguments joined with '/', normalized.
  // Its common case (every argument an ASCII string) is the host's
  // (node/path.rs), which calls this one for the rest.
  function join(...paths) {
    const nonEmpty = [];
    for (let i = 0; i < paths.length; i++) {
      const piece = paths[i];
      requireString(piece, 'path');
      if (piece !== '') nonEmpty.push(piece);
    }
    return nonEmpty.length === 0 ? '.' : posixNormalize(nonEmpty.join('/'));
  }
  const posixJoin = typeof internals.host?.fastPathJoin === 'function' ? internals.host.fastPathJoin(join) : join;

  const posix = {
    // path.resolve([...paths]): right to left until a path is absolute,
    // then the working directory if none was.
    resolve(...paths) {
      const pieces = [];
      let rooted = false;
      for (let i = paths.length - 1; i >= -1 && !rooted; i--) {
        const piece = i >= 0 ? paths[i] : workingDirectory();
        requireString(piece, `paths[${i}]`);
        if (piece === '') continue;
        pieces.unshift(piece);
        rooted = piece.charCodeAt(0) === SLASH;
      }
      const body = collapseParts(pieces.join('/').split('/'), !rooted).join('/');
      if (rooted) return `/${body}`;
      return body === '' ? '.' : body;
    },

    normalize: posixNormalize,

    isAbsolute(path) {
      requireString(path, 'path');
      return path.charCodeAt(0) === SLASH;
    },

    join: posixJoin,

    // path.relative(from, to): up from `from` to the parts both resolved
    // paths share, then down to `to`.
    relative(from, to) {
      requireString(from, 'from');
      requireString(to, 'to');
      if (from === to) return '';
      const fromParts = posix.resolve(from).split('/').filter(Boolean);
      const toParts = posix.resolve(to).split('/').filter(Boolean);
      let shared = 0;
      while (shared < fromParts.length && shared < toParts.length && fromParts[shared] === toParts[shared]) shared++;
      const ups = new Array(fromParts.length - shared).fill('..');
      return ups.concat(toParts.slice(shared)).join('/');
    },

    // Only Windows has namespaced paths: the value comes back unchanged.
    toNamespacedPath(path) {
      return path;
    },

    dirname(path) {
      requireString(path, 'path');
      if (path === '') return '.';
      const rooted = path.charCodeAt(0) === SLASH;
      const cut = separatorBeforeLast(path, rooted ? 1 : 0, isSlash);
      if (cut === -1) return rooted ? '/' : '.';
      // A directory of exactly '//' is kept (POSIX leaves a leading '//'
      // to the implementation; Node returns it as it is).
      if (rooted && cut === 1) return '//';
      return path.slice(0, cut);
    },

    basename(path, suffix) {
      if (suffix !== undefined) requireString(suffix, 'suffix');
      requireString(path, 'path');
      return basenameOf(path, 0, isSlash, suffix);
    },

    extname(path) {
      requireString(path, 'path');
      const { start, end } = lastComponent(path, 0, isSlash);
      return extensionOf(path.slice(start, end));
    },

    format(pathObject) {
      return formatWith('/', pathObject);
    },

    parse(path) {
      requireString(path, 'path');
      const parsed = parseAfterRoot(path, path.charCodeAt(0) === SLASH ? 1 : 0, isSlash);
      // Node 24 splits a '..' right after the root as name '.', ext '.'.
      if (parsed.base === '..' && path.indexOf('..') === 1) parsed.name = parsed.ext = '.';
      return parsed;
    },

    matchesGlob(path, pattern) {
      return globMatches(path, pattern, false);
    },

    sep: '/',
    delimiter: ':',
    win32: null,
    posix: null,
  };

  // ------------------------------------------------------------ path.win32
  const BACKSLASH = 92;
  const COLON = 58;
  const isSep = (c) => c === SLASH || c === BACKSLASH;
  const isDriveLetter = (c) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
  const hasDrive = (path) => path.length >= 2 && isDriveLetter(path.charCodeAt(0)) && path.charCodeAt(1) === COLON;
  const splitWin = (text) => text.split(/[\\/]/);

  // Windows' reserved device names (CON, PRN, AUX, NUL, COM1-9, LPT1-9 and
  // the superscript-digit forms), in any case.
  const RESERVED_DEVICES = new Set(['CON', 'PRN', 'AUX', 'NUL', 'COM\u00b9', 'COM\u00b2', 'COM\u00b3', 'LPT\u00b9', 'LPT\u00b2', 'LPT\u00b3']);
  for (let n = 1; n <= 9; n++) RESERVED_DEVICES.add(`COM${n}`).add(`LPT${n}`);
  // Node 24 tests the text before a colon at `colonAt`; with no colon
  // (colonAt -1) it tests all but the last character, so 'CONx' counts.
  const namesDevice = (text, colonAt) => RESERVED_DEVICES.has(text.slice(0, colonAt).toUpperCase());

  // A UNC prefix '\\server\share': the index where the server starts (2),
  // where the share starts and where it ends, or null when the path does
  // not begin with two separators, a server, separators and a share.
  function uncParts(path) {
    const n = path.length;
    if (n < 2 || !isSep(path.charCodeAt(0)) || !isSep(path.charCodeAt(1))) return null;
    let i = 2;
    while (i < n && !isSep(path.charCodeAt(i))) i++;
    if (i === 2 || i === n) return null;
    const serverEnd = i;
    while (i < n && isSep(path.charCodeAt(i))) i++;
    if (i === n) return null;
    const shareStart = i;
    while (i < n && !isSep(path.charCodeAt(i))) i++;
    return { server: path.slice(2, serverEnd), shareStart, shareEnd: i };
  }

  // The root as path.parse() and dirname() report it, as a length of the
  // path itself: 'C:' (2), 'C:\' (3), '\' (1), '\\server\share\' (up to
  // and with the separator after the share, or all of a path that is only
  // a UNC root); 0 for a relative path.
  function rawRootLength(path) {
    if (path.length === 0) return 0;
    if (isSep(path.charCodeAt(0))) {
      const unc = uncParts(path);
      if (!unc) return 1;
      return unc.shareEnd === path.length ? path.length : unc.shareEnd + 1;
    }
    if (hasDrive(path)) return path.length > 2 && isSep(path.charCodeAt(2)) ? 3 : 2;
    return 0;
  }

  // The root as resolve() and normalize() rebuild it: { device, absolute,
  // rest } where device is '' | 'C:' | '\\server\share' | '\\.' | '\\?'
  // (and, for normalize(), a reserved device such as 'CON:'), and `rest`
  // the index where the path below the root begins.
  function deviceRoot(path, forNormalize) {
    const n = path.length;
    const root = { device: '', absolute: false, rest: 0, uncOnly: false };
    if (n === 0) return root;
    if (isSep(path.charCodeAt(0))) {
      root.absolute = true;
      if (n === 1 || !isSep(path.charCodeAt(1))) {
        root.rest = 1;
        return root;
      }
      const unc = uncParts(path);
      if (!unc) return root;
      if (unc.server === '.' || unc.server === '?') {
        // A Win32 device namespace ('\\.\PHYSICALDRIVE0', '\\?\C:\...').
        root.device = `\\\\${unc.server}`;
        root.rest = 4;
        if (forNormalize) {
          // '\\?\COM1:' and '\\.\COM1:' name the device itself: Node 24
          // roots them at '\\?\COM1:'.
          const colon = path.indexOf(':');
          const candidate = path.slice(4, colon + 1);
          if (namesDevice(candidate, candidate.length - 1)) {
            root.device = `\\\\?\\${candidate}`;
            root.rest = 4 + candidate.length;
          }
        }
        return root;
      }
      root.device = `\\\\${unc.server}\\${path.slice(unc.shareStart, unc.shareEnd)}`;
      root.rest = unc.shareEnd;
      root.uncOnly = unc.shareEnd === n;
      return root;
    }
    if (hasDrive(path)) {
      root.device = path.slice(0, 2);
      root.rest = 2;
      if (n > 2 && isSep(path.charCodeAt(2))) {
        root.absolute = true;
        root.rest = 3;
      }
      return root;
    }
    if (forNormalize) {
      const colon = path.indexOf(':');
      if (colon > 0 && namesDevice(path, colon)) {
        root.device = path.slice(0, colon + 1);
        root.rest = colon + 1;
        root.reserved = true;
      }
    }
    return root;
  }

  function winNormalize(path) {
    requireString(path, 'path');
    const n = path.length;
    if (n === 0) return '.';
    if (n === 1) return isSep(path.charCodeAt(0)) ? '\\' : path;
    const root = deviceRoot(path, true);
    // A path that is only a UNC root gets its closing separator.
    if (root.uncOnly) return `${root.device}\\`;
    let tail = collapseParts(splitWin(path.slice(root.rest)), !root.absolute).join('\\');
    if (tail === '' && !root.absolute) tail = '.';
    if (tail !== '' && isSep(path.charCodeAt(n - 1))) tail += '\\';
    // A relative result must not read as rooted on Windows (Node's fix for
    // CVE-2024-36139): a tail that starts with a drive, or a path with a
    // colon at its end or before a separator, gets a leading '.\'.
    if (!root.absolute && root.device === '' && path.includes(':')) {
      if (hasDrive(tail)) return `.\\${tail}`;
      for (let at = path.indexOf(':'); at !== -1; at = path.indexOf(':', at + 1)) {
        if (at === n - 1 || isSep(path.charCodeAt(at + 1))) return `.\\${tail}`;
      }
    }
    // A path that begins with a reserved device name gets '.\' too.
    if (namesDevice(path, path.indexOf(':'))) return `.\\${root.device}${tail}`;
    if (root.device === '') return root.absolute ? `\\${tail}` : tail;
    return root.absolute ? `${root.device}\\${tail}` : `${root.device}${tail}`;
  }

  function winResolve(...paths) {
    let device = '';
    let absolute = false;
    const pieces = [];
    for (let i = paths.length - 1; i >= -1; i--) {
      let piece;
      if (i >= 0) {
        piece = paths[i];
      } else if (device === '') {
        piece = workingDirectory();
      } else {
        // A drive without a root: Windows keeps a working directory per
        // drive in the environment as '=C:'; else the process's own, unless
        // that names another drive's root, and else the drive's root.
        const env = internals.env || {};
        piece = env[`=${device}`] || workingDirectory();
        if (piece.slice(0, 2).toLowerCase() !== device.toLowerCase() && piece.charCodeAt(2) === BACKSLASH) {
          piece = `${device}\\`;
        }
      }
      requireString(piece, `paths[${i}]`);
      if (piece === '') continue;
      const root = deviceRoot(piece, false);
      if (root.device !== '') {
        // A path on another device than the one found so far is skipped.
        if (device === '') device = root.device;
        else if (root.device.toLowerCase() !== device.toLowerCase()) continue;
      }
      if (absolute) {
        if (device !== '') break;
        continue;
      }
      pieces.unshift(piece.slice(root.rest));
      absolute = root.absolute;
      if (absolute && device !== '') break;
    }
    const tail = collapseParts(splitWin(pieces.join('\\')), !absolute).join('\\');
    if (absolute) return `${device}\\${tail}`;
    return `${device}${tail}` || '.';
  }

  // win32.relative(): Node 24 compares the two resolved paths character by
  // character, case-insensitively, past their leading and before their
  // trailing backslashes, and counts a shared prefix up to the last common
  // backslash (so '\a' to '\ab' gives '..ab'; a root 'C:' of two characters
  // counts as a whole part). When lower-casing changes a path's length, the
  // comparison goes part by part instead.
  function winRelative(from, to) {
    requireString(from, 'from');
    requireString(to, 'to');
    if (from === to) return '';
    const fromFull = winResolve(from);
    const toFull = winResolve(to);
    if (fromFull === toFull) return '';
    const a = fromFull.toLowerCase();
    const b = toFull.toLowerCase();
    if (a === b) return '';
    if (a.length !== fromFull.length || b.length !== toFull.length) return relativeByParts(fromFull, toFull);

    const span = (text) => {
      let start = 0;
      while (start < text.length && text.charCodeAt(start) === BACKSLASH) start++;
      let end = text.length;
      while (end - 1 > start && text.charCodeAt(end - 1) === BACKSLASH) end--;
      return { start, end, length: end - start };
    };
    const f = span(a);
    const t = span(b);
    const common = Math.min(f.length, t.length);
    let same = 0;
    let lastSep = -1;
    while (same < common && a.charCodeAt(f.start + same) === b.charCodeAt(t.start + same)) {
      if (a.charCodeAt(f.start + same) === BACKSLASH) lastSep = same;
      same++;
    }
    if (same < common) {
      if (lastSep === -1) return toFull;
    } else {
      if (t.length > common) {
        // `from` is a directory above `to`, or the root 'C:' of it.
        if (b.charCodeAt(t.start + same) === BACKSLASH) return toFull.slice(t.start + same + 1);
        if (same === 2) return toFull.slice(t.start + same);
      }
      if (f.length > common) {
        // `to` is a directory above `from`, or the root 'C:' of it.
        if (a.charCodeAt(f.start + same) === BACKSLASH) lastSep = same;
        else if (same === 2) lastSep = 3;
      }
      if (lastSep === -1) lastSep = 0;
    }
    // One '..' for each part of `from` past the shared prefix.
    let ups = 0;
    for (let i = f.start + lastSep + 1; i <= f.end; i++) {
      if (i === f.end || a.charCodeAt(i) === BACKSLASH) ups++;
    }
    let downFrom = t.start + lastSep;
    if (ups > 0) return new Array(ups).fill('..').join('\\') + toFull.slice(downFrom, t.end);
    if (toFull.charCodeAt(downFrom) === BACKSLASH) downFrom++;
    return toFull.slice(downFrom, t.end);
  }

  function relativeByParts(fromFull, toFull) {
    const fromParts = fromFull.split('\\');
    const toParts = toFull.split('\\');
    if (fromParts[fromParts.length - 1] === '') fromParts.pop();
    if (toParts[toParts.length - 1] === '') toParts.pop();
    const common = Math.min(fromParts.length, toParts.length);
    let same = 0;
    while (same < common && fromParts[same].toLowerCase() === toParts[same].toLowerCase()) same++;
    if (same === 0) return toFull;
    if (same === common) {
      if (toParts.length > common) return toParts.slice(same).join('\\');
      if (fromParts.length > common) return '..\\'.repeat(fromParts.length - 1 - same) + '..';
      return '';
    }
    return '..\\'.repeat(fromParts.length - same) + toParts.slice(same).join('\\');
  }

  function winJoin(...paths) {
    const nonEmpty = [];
    for (const piece of paths) {
      requireString(piece, 'path');
      if (piece !== '') nonEmpty.push(piece);
    }
    if (nonEmpty.length === 0) return '.';
    let joined = nonEmpty.join('\\');
    // Joining only makes a UNC path when the first part already starts as
    // one ('\\server'): otherwise leading separators become one.
    const first = nonEmpty[0];
    const startsUnc = first.length > 2 && isSep(first.charCodeAt(0)) && isSep(first.charCodeAt(1)) && !isSep(first.charCodeAt(2));
    if (!startsUnc) {
      let lead = 0;
      while (lead < joined.length && isSep(joined.charCodeAt(lead))) lead++;
      if (lead >= 2) joined = `\\${joined.slice(lead)}`;
    }
    // When a '\\'-separated part names a reserved device ('CON:',
    // 'COM1:..'), Node 24 does not normalize through it: it only turns '/'
    // into '\\'.
    for (const part of joined.split('\\')) {
      const colon = part.indexOf(':');
      if (colon !== -1 && namesDevice(part, colon)) return joined.replace(/\//g, '\\');
    }
    return winNormalize(joined);
  }

  const win32 = {
    resolve: winResolve,
    normalize: winNormalize,

    isAbsolute(path) {
      requireString(path, 'path');
      if (path.length === 0) return false;
      if (isSep(path.charCodeAt(0))) return true;
      return path.length > 2 && hasDrive(path) && isSep(path.charCodeAt(2));
    },

    join: winJoin,
    relative: winRelative,

    // The long form Windows APIs take: '\\?\C:\...' for a drive path and
    // '\\?\UNC\server\share\...' for a UNC one; other values come back
    // unchanged (non-strings as they are).
    toNamespacedPath(path) {
      if (typeof path !== 'string' || path === '') return path;
      const full = winResolve(path);
      if (full.length <= 2) return path;
      if (full.charCodeAt(0) === BACKSLASH) {
        if (full.charCodeAt(1) === BACKSLASH) {
          const third = full[2];
          if (third !== '?' && third !== '.') return `\\\\?\\UNC\\${full.slice(2)}`;
        }
        return full;
      }
      if (hasDrive(full) && full.charCodeAt(2) === BACKSLASH) return `\\\\?\\${full}`;
      return full;
    },

    dirname(path) {
      requireString(path, 'path');
      if (path === '') return '.';
      if (path.length === 1) return isSep(path.charCodeAt(0)) ? path : '.';
      const rootLength = rawRootLength(path);
      if (rootLength === path.length) return path;
      const cut = separatorBeforeLast(path, rootLength, isSep);
      if (cut === -1) return rootLength > 0 ? path.slice(0, rootLength) : '.';
      return path.slice(0, cut);
    },

    basename(path, suffix) {
      if (suffix !== undefined) requireString(suffix, 'suffix');
      requireString(path, 'path');
      return basenameOf(path, hasDrive(path) ? 2 : 0, isSep, suffix);
    },

    extname(path) {
      requireString(path, 'path');
      const { start, end } = lastComponent(path, hasDrive(path) ? 2 : 0, isSep);
      return extensionOf(path.slice(start, end));
    },

    format(pathObject) {
      return formatWith('\\', pathObject);
    },

    parse(path) {
      requireString(path, 'path');
      return parseAfterRoot(path, rawRootLength(path), isSep);
    },

    matchesGlob(path, pattern) {
      return globMatches(path, pattern, true);
    },

    sep: '\\',
    delimiter: ';',
    win32: null,
    posix: null,
  };

  // ------------------------------------------------------------ matchesGlob
  // path.matchesGlob(path, pattern) (Stability 1 in Node 24): glob patterns
  // as fs.glob() takes them: '*' (any run within one part), '?' (one
  // character), '[...]' sets with ranges, '!' or '^' negation and POSIX
  // classes, '{a,b}' and '{1..3}' alternatives, '**' (any number of whole
  // parts) and the extended patterns '@(a|b)', '?(...)', '*(...)', '+(...)'
  // and '!(...)'. Wildcards do not match a leading '.' of a part unless the
  // pattern's part starts with one, and never match '.' or '..'. A leading
  // '!' is literal (no negated patterns) and '#' starts no comment. A '\'
  // in a pattern is a separator (it escapes nothing), in both flavours; in
  // the path it is one for win32 only.
  const GLOBSTAR = Symbol('globstar');
  const globCache = new Map();

  function globMatches(path, pattern, windows) {
    requireString(path, 'path');
    requireString(pattern, 'pattern');
    const key = `${windows ? 'w' : 'p'}${pattern}`;
    let compiled = globCache.get(key);
    if (!compiled) {
      if (globCache.size > 256) globCache.clear();
      const text = pattern.replace(/\\/g, '/');
      // An empty pattern matches only the empty path; an empty alternative
      // of a brace ('{,a}') matches nothing.
      const alternatives = text === '' ? [''] : expandBraces(text).filter((alt) => alt !== '');
      compiled = alternatives.map((alt) => simplifyParts(alt.split('/'), true).map(compilePart));
      globCache.set(key, compiled);
    }
    const subject = windows ? path.replace(/\\/g, '/') : path;
    const parts = simplifyParts(subject.split('/'), false);
    return compiled.some((alt) => matchParts(parts, 0, alt, 0));
  }

  // Both the path and the pattern are compared in a simplified form: empty
  // and '.' parts inside them go (a leading '//' stays), 'x/..' cancels
  // (unless x is '.', '..' or '**') and, in a pattern, '**/**' is one '**'.
  function simplifyParts(parts, inPattern) {
    let changed = true;
    while (changed) {
      changed = false;
      for (let i = 1; i < parts.length - 1; i++) {
        const part = parts[i];
        if (i === 1 && part === '' && parts[0] === '') continue;
        if (part === '.' || part === '') {
          parts.splice(i--, 1);
          changed = true;
        } else if (inPattern && part === '**' && parts[i - 1] === '**') {
          parts.splice(i--, 1);
          changed = true;
        }
      }
      if (parts.length === 2 && parts[0] === '.' && (parts[1] === '.' || parts[1] === '')) {
        parts.pop();
        changed = true;
      }
      for (let i = 1; i < parts.length; i++) {
        const before = parts[i - 1];
        if (parts[i] === '..' && before && before !== '.' && before !== '..' && before !== '**') {
          parts.splice(i - 1, 2);
          i = Math.max(0, i - 2);
          changed = true;
        }
      }
    }
    return parts.length === 0 ? [''] : parts;
  }

  function matchParts(parts, pi, pattern, gi) {
    for (; gi < pattern.length; gi++, pi++) {
      const want = pattern[gi];
      if (want === GLOBSTAR) {
        // The rest of the pattern may start at this part or at any later
        // one, skipping only parts a wildcard may match.
        if (gi === pattern.length - 1) {
          // At the end it needs one part at least ('a/**' is not 'a').
          if (pi >= parts.length) return false;
          for (let k = pi; k < parts.length; k++) {
            if (parts[k] === '.' || parts[k] === '..' || (parts[k][0] === '.')) return false;
          }
          return true;
        }
        for (let k = pi; k <= parts.length; k++) {
          if (matchParts(parts, k, pattern, gi + 1)) return true;
          if (k < parts.length && (parts[k] === '.' || parts[k] === '..' || parts[k][0] === '.')) return false;
        }
        return false;
      }
      if (pi >= parts.length) return false;
      const part = parts[pi];
      if (typeof want === 'string' ? part !== want : !want.test(part)) return false;
    }
    // A trailing separator in the path leaves one empty part: still a match.
    return pi === parts.length || (pi === parts.length - 1 && parts[pi] === '');
  }

  // Alternatives of '{a,b}' and '{1..3}' (nested too), as separate patterns.
  function expandBraces(pattern) {
    let open = -1;
    for (let i = 0; i < pattern.length; i++) {
      const c = pattern[i];
      if (c === '\\' && i + 1 < pattern.length) { i++; continue; }
      if (c === '{') { open = i; break; }
    }
    if (open === -1) return [pattern];
    // The matching '}' and the top-level commas inside.
    let depth = 0;
    const commas = [];
    let close = -1;
    for (let i = open; i < pattern.length; i++) {
      const c = pattern[i];
      if (c === '\\') { i++; continue; }
      if (c === '{') depth++;
      else if (c === '}') { if (--depth === 0) { close = i; break; } }
      else if (c === ',' && depth === 1) commas.push(i);
    }
    const before = pattern.slice(0, open);
    if (close === -1) return expandBraces(pattern.slice(open + 1)).map((rest) => `${before}{${rest}`);
    const after = expandBraces(pattern.slice(close + 1));
    const inner = pattern.slice(open + 1, close);
    let choices;
    if (commas.length > 0) {
      const bounds = [open, ...commas, close];
      choices = [];
      for (let k = 0; k + 1 < bounds.length; k++) choices.push(...expandBraces(pattern.slice(bounds[k] + 1, bounds[k + 1])));
    } else {
      const range = /^(-?\d+|[a-zA-Z])\.\.(-?\d+|[a-zA-Z])(?:\.\.(-?\d+))?$/.exec(inner);
      if (!range) return expandBraces(pattern.slice(close + 1)).map((rest) => `${before}{${inner}}${rest}`);
      choices = braceRange(range[1], range[2], range[3]);
    }
    const out = [];
    for (const choice of choices) for (const rest of after) out.push(`${before}${choice}${rest}`);
    return out;
  }

  function braceRange(from, to, stepText) {
    const numeric = /\d/.test(from);
    const a = numeric ? Number(from) : from.charCodeAt(0);
    const b = numeric ? Number(to) : to.charCodeAt(0);
    const step = Math.max(1, Math.abs(Number(stepText) || 1));
    const width = numeric && (/^-?0\d/.test(from) || /^-?0\d/.test(to)) ? Math.max(from.length, to.length) : 0;
    const out = [];
    for (let v = a; a <= b ? v <= b : v >= b; v += a <= b ? step : -step) {
      if (!numeric) out.push(String.fromCharCode(v));
      else {
        let s = String(Math.abs(v));
        while (s.length < width - (v < 0 ? 1 : 0)) s = `0${s}`;
        out.push(v < 0 ? `-${s}` : s);
      }
    }
    return out;
  }

  const POSIX_CLASSES = {
    alnum: '\\p{L}\\p{Nl}\\p{Nd}', alpha: '\\p{L}\\p{Nl}', ascii: '\\x00-\\x7f', blank: '\\p{Zs}\\t',
    cntrl: '\\p{Cc}', digit: '\\p{Nd}', graph: '\\p{Z}\\p{C}', lower: '\\p{Ll}', print: '\\p{C}',
    punct: '\\p{P}', space: '\\p{Z}\\t\\r\\n\\v\\f', upper: '\\p{Lu}', word: '\\p{L}\\p{Nl}\\p{Nd}\\p{Pc}', xdigit: 'A-Fa-f0-9',
  };
  const NEGATED_CLASSES = new Set(['graph', 'print']);
  const regexEscape = (c) => c.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
  const setEscape = (c) => c.replace(/[\\\]\[^-]/g, '\\$&');

  // One part of a pattern: '**' alone, a literal, or a RegExp.
  function compilePart(part) {
    if (part === '**') return GLOBSTAR;
    let magic = false;
    const { source, end } = compileRun(part, 0, '');
    magic = source.magic;
    if (end !== part.length) magic = true;
    if (!magic) return source.literal;
    // A part of only '*'s matches a part that has at least one character.
    if (/^\*+$/.test(part)) return /^(?!\.)[^/]+$/u;
    // Wildcards never match '.' or '..', nor a leading '.' unless the
    // pattern part itself starts with '.'.
    // A part that begins with an extended pattern other than '!(...)' has
    // neither rule.
    if (/^[@?*+]\(/.test(part)) return new RegExp(`^${source.text}$`, 'u');
    const guard = part[0] === '.' ? '' : '(?!\\.)';
    return new RegExp(`^(?!\\.{1,2}$)${guard}${source.text}$`, 'u');
  }

  // Turns pattern text into regular-expression text until `stop` (')' or
  // '|' of an extended pattern) or the end; returns the text, whether it
  // used any wildcard, and the literal it is when it did not.
  function compileRun(text, i, stop) {
    let out = '';
    let literal = '';
    let magic = false;
    while (i < text.length) {
      const c = text[i];
      if (stop && (c === ')' || c === '|')) break;
      if (c === '\\' && i + 1 < text.length) {
        out += regexEscape(text[i + 1]);
        literal += text[i + 1];
        i += 2;
        continue;
      }
      if ('@!?*+'.includes(c) && text[i + 1] === '(') {
        const ext = compileExtglob(text, i + 2, c);
        if (ext) {
          out += ext.text;
          magic = true;
          i = ext.end;
          continue;
        }
      }
      if (c === '*') {
        out += '[^/]*?';
        magic = true;
        i++;
        continue;
      }
      if (c === '?') {
        out += '[^/]';
        magic = true;
        i++;
        continue;
      }
      if (c === '[') {
        const set = compileSet(text, i);
        if (set) {
          out += set.text;
          magic = true;
          i = set.end;
          continue;
        }
      }
      out += regexEscape(c);
      literal += c;
      i++;
    }
    return { source: { text: out, literal, magic }, end: i };
  }

  function compileExtglob(text, i, kind) {
    const alternatives = [];
    for (;;) {
      const run = compileRun(text, i, ')');
      alternatives.push(run.source.text);
      i = run.end;
      if (i >= text.length) return null;
      if (text[i] === ')') break;
      i++; // '|'
    }
    const body = `(?:${alternatives.join('|')})`;
    const end = i + 1;
    switch (kind) {
      case '@': return { text: body, end };
      case '?': return { text: `${body}?`, end };
      case '*': return { text: `${body}*`, end };
      case '+': return { text: `${body}+`, end };
      default: {
        // '!(...)': anything the alternatives do not match here, judged
        // together with what follows in the part.
        const rest = compileRun(text, end, '').source.text;
        return { text: `(?:(?!${body}${rest}$)[^/]*?)`, end };
      }
    }
  }

  // A bracket expression from `at` ('['): its RegExp text and end, or null
  // when it does not close (then '[' is literal).
  function compileSet(text, at) {
    let i = at + 1;
    let negate = false;
    if (text[i] === '!' || text[i] === '^') {
      negate = true;
      i++;
    }
    let body = '';
    let extraNegated = '';
    let first = true;
    while (i < text.length) {
      const c = text[i];
      if (c === ']' && !first) {
        if (body === '' && extraNegated === '') return { text: negate ? '[^/]' : '$.', end: i + 1 };
        let cls = `[${negate ? '^' : ''}${body}]`;
        if (extraNegated) cls = negate ? `(?![${extraNegated}])[^/]` : `(?:${cls === '[]' ? '' : `${cls}|`}[^${extraNegated}])`;
        return { text: cls, end: i + 1 };
      }
      first = false;
      if (c === '[' && text[i + 1] === ':') {
        const close = text.indexOf(':]', i + 2);
        const name = close === -1 ? null : text.slice(i + 2, close);
        if (name && Object.prototype.hasOwnProperty.call(POSIX_CLASSES, name)) {
          if (NEGATED_CLASSES.has(name)) extraNegated += POSIX_CLASSES[name];
          else body += POSIX_CLASSES[name];
          i = close + 2;
          continue;
        }
      }
      if (c === '\\' && i + 1 < text.length) {
        body += setEscape(text[i + 1]);
        i += 2;
        continue;
      }
      if (text[i + 1] === '-' && text[i + 2] !== undefined && text[i + 2] !== ']') {
        const to = text[i + 2] === '\\' ? text[i + 3] : text[i + 2];
        if (to === undefined) return null;
        if (to >= c) body += `${setEscape(c)}-${setEscape(to)}`;
        i += text[i + 2] === '\\' ? 4 : 3;
        continue;
      }
      body += setEscape(c);
      i++;
    }
    return null;
  }

  // ------------------------------------------------------------ the module
  // Each function carries its method's name, as Node's do.
  for (const flavour of [posix, win32]) {
    for (const [key, value] of Object.entries(flavour)) {
      if (typeof value === 'function') Object.defineProperty(value, 'name', { value: key });
    }
  }
  posix.win32 = win32.win32 = win32;
  posix.posix = win32.posix = posix;
  // _makeLong: the name toNamespacedPath had before Node 9, still exported.
  posix._makeLong = posix.toNamespacedPath;
  win32._makeLong = win32.toNamespacedPath;
  return posix;
})
