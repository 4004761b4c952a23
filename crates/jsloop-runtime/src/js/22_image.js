// jsloop glue 22: ImageData, ImageBitmap and createImageBitmap (in a window
// and in a worker), and a canvas's bitmap as far as its pixels go: a 2D
// context's createImageData, getImageData and putImageData
// (https://html.spec.whatwg.org/multipage/canvas.html). There is no
// drawing (no paths, fills or text) and no image decoding: these are the
// canvas pieces structured clone and messaging carry.
(function (host, g, web, file) {
  'use strict';
  const { define, DOMException } = web;

  // ---------------------------------------------------------------- ImageData
  // https://html.spec.whatwg.org/multipage/canvas.html#imagedata
  const imageData = new WeakMap();
  let making = null;
  function settingsColorSpace(settings) {
    if (settings === undefined || settings === null) return 'srgb';
    const c = settings.colorSpace;
    if (c === undefined) return 'srgb';
    if (c !== 'srgb' && c !== 'display-p3') throw new TypeError(`Failed to construct 'ImageData': Failed to read the 'colorSpace' property from 'ImageDataSettings': The provided value '${c}' is not a valid enum value of type PredefinedColorSpace.`);
    return c;
  }
  class ImageData {
    constructor(a, b, c = undefined, d = undefined) {
      if (making !== null) { imageData.set(this, making); making = null; return; }
      if (arguments.length < 2) throw new TypeError(`Failed to construct 'ImageData': 2 arguments required, but only ${arguments.length} present.`);
      if (a instanceof Uint8ClampedArray) {
        // new ImageData(data, sw, sh, settings)
        // Step 1. Let length be the number of bytes in data.
        const length = a.length;
        // Step 2. If length is not a nonzero integral multiple of four, then
        // throw an "InvalidStateError" DOMException.
        if (length === 0 || length % 4 !== 0) throw new DOMException("Failed to construct 'ImageData': The input data length is not a multiple of 4.", 'InvalidStateError');
        // Step 3. Let length be length divided by four.
        const pixels = length / 4;
        const sw = b >>> 0;
        // Step 4. If length is not an integral multiple of sw, then throw an
        // "IndexSizeError" DOMException (sw zero included).
        if (sw === 0) throw new DOMException("Failed to construct 'ImageData': The source width is zero or not a number.", 'IndexSizeError');
        if (pixels % sw !== 0) throw new DOMException("Failed to construct 'ImageData': The input data length is not a multiple of (4 * width).", 'IndexSizeError');
        // Step 5. Let height be length divided by sw.
        const height = pixels / sw;
        // Step 6. If sh was given and its value is not equal to height, then
        // throw an "IndexSizeError" DOMException.
        if (c !== undefined && (c >>> 0) !== height) throw new DOMException("Failed to construct 'ImageData': The input data length is not equal to (4 * width * height).", 'IndexSizeError');
        // Step 7. Initialize this given sw, sh, settings, and source set to data.
        imageData.set(this, { width: sw, height, data: a, colorSpace: settingsColorSpace(d) });
        return;
      }
      // new ImageData(sw, sh, settings)
      const sw = a >>> 0, sh = b >>> 0;
      // Step 1. If one or both of sw and sh are zero, then throw an
      // "IndexSizeError" DOMException.
      if (sw === 0) throw new DOMException("Failed to construct 'ImageData': The source width is zero or not a number.", 'IndexSizeError');
      if (sh === 0) throw new DOMException("Failed to construct 'ImageData': The source height is zero or not a number.", 'IndexSizeError');
      // Step 2. Initialize this given sw, sh, and settings (transparent black).
      imageData.set(this, { width: sw, height: sh, data: new Uint8ClampedArray(sw * sh * 4), colorSpace: settingsColorSpace(c) });
    }
    get width() { return state(this).width; }
    get height() { return state(this).height; }
    get data() { return state(this).data; }
    get colorSpace() { return state(this).colorSpace; }
  }
  function state(v) {
    const s = imageData.get(v);
    if (!s) throw new TypeError('Illegal invocation');
    return s;
  }
  function makeImageData(width, height, data, colorSpace = 'srgb') {
    making = { width, height, data, colorSpace };
    try { return new ImageData(); } finally { making = null; }
  }
  Object.defineProperty(ImageData.prototype, Symbol.toStringTag, { value: 'ImageData', configurable: true });

  // ---------------------------------------------------------------- ImageBitmap
  // https://html.spec.whatwg.org/multipage/imagebitmap-and-animations.html#imagebitmap
  // A bitmap: its width, height and RGBA pixels; detached once closed or
  // transferred.
  const bitmaps = new WeakMap();
  class ImageBitmap {
    constructor() {
      if (making === null) throw new TypeError("Failed to construct 'ImageBitmap': Illegal constructor");
      bitmaps.set(this, making);
      making = null;
    }
    get width() { const b = bitmaps.get(this); return b.detached ? 0 : b.width; }
    get height() { const b = bitmaps.get(this); return b.detached ? 0 : b.height; }
    // https://html.spec.whatwg.org/multipage/imagebitmap-and-animations.html#dom-imagebitmap-close
    close() {
      const b = bitmaps.get(this);
      // Step 1. Set this's [[Detached]] internal slot value to true.
      // Step 2. Unset this's bitmap data.
      b.detached = true;
      b.pixels = null;
    }
  }
  Object.defineProperty(ImageBitmap.prototype, Symbol.toStringTag, { value: 'ImageBitmap', configurable: true });
  function makeBitmap(width, height, pixels) {
    making = { width, height, pixels, detached: false };
    try { return new ImageBitmap(); } finally { making = null; }
  }

  // https://html.spec.whatwg.org/multipage/imagebitmap-and-animations.html#dom-createimagebitmap
  // The bitmap of a source, or a DOMException naming why there is none.
  let canvasPixels = null;
  function createImageBitmap(image, ...rest) {
    const context = "Failed to execute 'createImageBitmap' on '" + (host.isWorker ? 'WorkerGlobalScope' : 'Window') + "'";
    if (arguments.length === 0) return Promise.reject(new TypeError(`${context}: 1 argument required, but only 0 present.`));
    return new Promise((resolve, reject) => {
      // Steps 1-2 (sx, sy, sw, sh given): sw or sh 0 is a RangeError.
      if (rest.length >= 4 && ((rest[2] | 0) === 0 || (rest[3] | 0) === 0)) {
        reject(new RangeError(`${context}: The crop rect ${(rest[2] | 0) === 0 ? 'width' : 'height'} is 0.`));
        return;
      }
      const settle = (f) => host.queueTask('bitmap', 'createImageBitmap', f, web.callerOrigin());
      if (file.isBlob(image)) {
        // "Blob": read the blob's data in parallel; an image that cannot be
        // decoded rejects the promise with an "InvalidStateError"
        // DOMException, from a task on the bitmap task source. jsloop
        // decodes no image format (docs/deviations.md).
        settle(() => reject(new DOMException(`${context}: The source image could not be decoded.`, 'InvalidStateError')));
        return;
      }
      let width, height, pixels;
      if (image instanceof ImageData) {
        // "ImageData": if its buffer is detached, an "InvalidStateError".
        const s = state(image);
        if (s.data.buffer.detached) { reject(new DOMException(`${context}: The source data has been detached.`, 'InvalidStateError')); return; }
        ({ width, height } = s);
        pixels = new Uint8ClampedArray(s.data);
      } else if (image instanceof ImageBitmap) {
        // "ImageBitmap": detached is an "InvalidStateError".
        const b = bitmaps.get(image);
        if (b.detached) { reject(new DOMException(`${context}: The image source is detached.`, 'InvalidStateError')); return; }
        ({ width, height } = b);
        pixels = new Uint8ClampedArray(b.pixels);
      } else if (canvasPixels !== null && canvasPixels.isCanvas(image)) {
        // "HTMLCanvasElement": a canvas with no pixels (width or height 0)
        // is an "InvalidStateError".
        ({ width, height, pixels } = canvasPixels.copy(image));
        if (width === 0 || height === 0) { reject(new DOMException(`${context}: The image source has a width or height of 0.`, 'InvalidStateError')); return; }
      } else {
        reject(new TypeError(`${context}: The provided value is not of type '(Blob or HTMLCanvasElement or ImageBitmap or ImageData)'.`));
        return;
      }
      // Queue a global task, using the bitmap task source, to resolve
      // promise with imageBitmap.
      const bitmap = makeBitmap(width, height, pixels);
      settle(() => resolve(bitmap));
    });
  }

  define(g, { ImageData, ImageBitmap, createImageBitmap });

  // ---------------------------------------------------------------- canvas
  // https://html.spec.whatwg.org/multipage/canvas.html#the-canvas-element
  // The bitmap of a canvas element (made when first asked for, reset when
  // width or height is set): its pixels as RGBA bytes, transparent black.
  if (g.HTMLCanvasElement) {
    const Canvas = g.HTMLCanvasElement;
    const canvases = new WeakMap();
    const size = (el, attr, initial) => {
      const v = el.getAttribute(attr);
      // https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#rules-for-parsing-non-negative-integers
      const m = v === null ? null : /^[\t\n\f\r ]*\+?(\d+)/.exec(v);
      return m ? Number(m[1]) : initial;
    };
    const bitmapOf = (el) => {
      let b = canvases.get(el);
      const width = size(el, 'width', 300), height = size(el, 'height', 150);
      if (!b || b.width !== width || b.height !== height) {
        b = { width, height, pixels: new Uint8ClampedArray(width * height * 4), context: b ? b.context : null };
        canvases.set(el, b);
      }
      return b;
    };
    for (const [name, initial] of [['width', 300], ['height', 150]]) {
      Object.defineProperty(Canvas.prototype, name, {
        configurable: true, enumerable: true,
        get() { return size(this, name, initial); },
        // Setting either resets the bitmap to transparent black.
        set(v) { this.setAttribute(name, String(v >>> 0)); const b = canvases.get(this); if (b) b.width = -1; },
      });
    }
    // https://html.spec.whatwg.org/multipage/canvas.html#canvasrenderingcontext2d
    const contexts = new WeakMap();
    class CanvasRenderingContext2D {
      constructor() { throw new TypeError('Illegal constructor'); }
      get canvas() { return contexts.get(this); }
      // https://html.spec.whatwg.org/multipage/canvas.html#dom-context-2d-createimagedata
      createImageData(a, b = undefined, c = undefined) {
        if (arguments.length === 0) throw new TypeError("Failed to execute 'createImageData' on 'CanvasRenderingContext2D': 1 argument required, but only 0 present.");
        if (a instanceof ImageData) {
          // createImageData(imagedata): a new ImageData of its size, transparent black.
          const s = state(a);
          return makeImageData(s.width, s.height, new Uint8ClampedArray(s.width * s.height * 4), s.colorSpace);
        }
        // Step 1. If one or both of sw and sh are zero, then throw an "IndexSizeError" DOMException.
        const sw = Math.abs(a | 0), sh = Math.abs(b | 0);
        if (sw === 0 || sh === 0) throw new DOMException(`Failed to execute 'createImageData' on 'CanvasRenderingContext2D': The source ${sw === 0 ? 'width' : 'height'} is 0.`, 'IndexSizeError');
        // Step 2-4. A new ImageData of |sw| by |sh| pixels, transparent black.
        return makeImageData(sw, sh, new Uint8ClampedArray(sw * sh * 4), settingsColorSpace(c));
      }
      // https://html.spec.whatwg.org/multipage/canvas.html#dom-context-2d-getimagedata
      getImageData(sx, sy, sw, sh) {
        if (arguments.length < 4) throw new TypeError(`Failed to execute 'getImageData' on 'CanvasRenderingContext2D': 4 arguments required, but only ${arguments.length} present.`);
        sx |= 0; sy |= 0; sw |= 0; sh |= 0;
        // Step 1. If either the sw or sh arguments are zero, then throw an "IndexSizeError" DOMException.
        if (sw === 0 || sh === 0) throw new DOMException(`Failed to execute 'getImageData' on 'CanvasRenderingContext2D': The source ${sw === 0 ? 'width' : 'height'} is 0.`, 'IndexSizeError');
        // (A negative width or height selects the rectangle the other way.)
        if (sw < 0) { sx += sw; sw = -sw; }
        if (sh < 0) { sy += sh; sh = -sh; }
        // Step 3-6. A new ImageData of sw by sh; the pixels of the bitmap in
        // the rectangle (sx, sy, sw, sh) copied in, those outside it
        // transparent black.
        const b = bitmapOf(contexts.get(this));
        const out = new Uint8ClampedArray(sw * sh * 4);
        for (let y = 0; y < sh; y++) {
          const by = sy + y;
          if (by < 0 || by >= b.height) continue;
          for (let x = 0; x < sw; x++) {
            const bx = sx + x;
            if (bx < 0 || bx >= b.width) continue;
            const from = (by * b.width + bx) * 4, to = (y * sw + x) * 4;
            for (let k = 0; k < 4; k++) out[to + k] = b.pixels[from + k];
          }
        }
        return makeImageData(sw, sh, out);
      }
      // https://html.spec.whatwg.org/multipage/canvas.html#dom-context-2d-putimagedata
      // (without the dirty rectangle arguments' clipping: the whole ImageData).
      putImageData(imagedata, dx, dy) {
        if (arguments.length < 3) throw new TypeError(`Failed to execute 'putImageData' on 'CanvasRenderingContext2D': 3 arguments required, but only ${arguments.length} present.`);
        if (!(imagedata instanceof ImageData)) throw new TypeError("Failed to execute 'putImageData' on 'CanvasRenderingContext2D': parameter 1 is not of type 'ImageData'.");
        const s = state(imagedata);
        // Step 1. If imagedata's data's buffer is detached, then throw an "InvalidStateError" DOMException.
        if (s.data.buffer.detached) throw new DOMException("Failed to execute 'putImageData' on 'CanvasRenderingContext2D': The source data has been detached.", 'InvalidStateError');
        dx |= 0; dy |= 0;
        const b = bitmapOf(contexts.get(this));
        for (let y = 0; y < s.height; y++) {
          const by = dy + y;
          if (by < 0 || by >= b.height) continue;
          for (let x = 0; x < s.width; x++) {
            const bx = dx + x;
            if (bx < 0 || bx >= b.width) continue;
            const to = (by * b.width + bx) * 4, from = (y * s.width + x) * 4;
            for (let k = 0; k < 4; k++) b.pixels[to + k] = s.data[from + k];
          }
        }
      }
    }
    Object.defineProperty(CanvasRenderingContext2D.prototype, Symbol.toStringTag, { value: 'CanvasRenderingContext2D', configurable: true });
    // https://html.spec.whatwg.org/multipage/canvas.html#dom-canvas-getcontext
    // ("2d" only: the same context each time; any other is null.)
    Object.defineProperty(Canvas.prototype, 'getContext', {
      configurable: true, enumerable: true, writable: true,
      value: function getContext(contextId) {
        if (arguments.length === 0) throw new TypeError("Failed to execute 'getContext' on 'HTMLCanvasElement': 1 argument required, but only 0 present.");
        if (String(contextId) !== '2d') return null;
        const b = bitmapOf(this);
        if (!b.context) {
          b.context = Object.create(CanvasRenderingContext2D.prototype);
          contexts.set(b.context, this);
        }
        return b.context;
      },
    });
    canvasPixels = {
      isCanvas: (v) => v instanceof Canvas,
      copy: (el) => { const b = bitmapOf(el); return { width: b.width, height: b.height, pixels: new Uint8ClampedArray(b.pixels) }; },
    };
    define(g, { CanvasRenderingContext2D });
  }

  // ---------------------------------------------------------------- structured clone
  // ImageData is [Serializable] (width, height, color space and a copy of
  // its data); ImageBitmap is [Serializable] and [Transferable] (a detached
  // one is neither: DataCloneError).
  // https://html.spec.whatwg.org/multipage/canvas.html#imagedata
  // https://html.spec.whatwg.org/multipage/imagebitmap-and-animations.html#imagebitmap
  const platform = {
    // The kind of a serializable value ('ImageData', 'ImageBitmap'), or null.
    kind: (v) => (imageData.has(v) ? 'ImageData' : bitmaps.has(v) ? 'ImageBitmap' : null),
    isTransferable: (v) => bitmaps.has(v),
    isDetached: (v) => bitmaps.has(v) && bitmaps.get(v).detached,
    // A plain record of the value (bytes as an ArrayBuffer of their own).
    parts: (v) => {
      if (imageData.has(v)) { const s = state(v); return ['ImageData', s.width, s.height, s.colorSpace, s.data.slice().buffer]; }
      const b = bitmaps.get(v);
      if (b.detached) throw new DOMException('An ImageBitmap is detached and could not be cloned.', 'DataCloneError');
      return ['ImageBitmap', b.width, b.height, b.pixels.slice().buffer];
    },
    make: (r) => (r[0] === 'ImageData'
      ? makeImageData(r[1], r[2], new Uint8ClampedArray(r[4]), r[3])
      : makeBitmap(r[1], r[2], new Uint8ClampedArray(r[3]))),
    // Transfer: the new object has the bitmap; the old one is detached.
    transfer: (v) => {
      const b = bitmaps.get(v);
      const moved = makeBitmap(b.width, b.height, b.pixels);
      b.detached = true;
      b.pixels = null;
      return moved;
    },
  };
  file.platform = platform;
})
