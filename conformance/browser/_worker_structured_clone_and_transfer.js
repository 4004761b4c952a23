self.onmessage = ({ data: d }) => {
  const lines = [
    Object.is(d.num, -0), Number.isNaN(d.nan), typeof d.big, d.big === 12345678901234567890n,
    d.date instanceof Date && d.date.getTime(), d.re instanceof RegExp && d.re.flags,
    d.map.get(1), d.set.has('s'), d.arr.length, 1 in d.arr, d.nested.shared === d.nested.again,
    d.err instanceof RangeError && d.err.message, d.u8 instanceof Uint8Array && [...d.u8].join(','),
    d.u8.buffer.byteLength, 'undef' in d && d.undef === undefined, typeof d.str, String(d.str),
  ];
  self.postMessage(lines.join(' '));
};
