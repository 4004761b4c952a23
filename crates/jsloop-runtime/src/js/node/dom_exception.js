// jsloop node glue: Node's global DOMException (a WebIDL exception: a name
// and its legacy code; https://webidl.spec.whatwg.org/#idl-DOMException,
// Node's lib/internal/per_context/domexception.js). Evaluated at start-up
// (postMessage's DataCloneError is one), from bytecode as the other glue is:
// parsing this class from source was about 0.4 M instructions of every start.
(function () {
  const codes = { IndexSizeError: 1, HierarchyRequestError: 3, WrongDocumentError: 4, InvalidCharacterError: 5, NotFoundError: 8, NotSupportedError: 9, InvalidStateError: 11, SyntaxError: 12, InvalidModificationError: 13, NamespaceError: 14, InvalidAccessError: 15, TypeMismatchError: 17, SecurityError: 18, NetworkError: 19, AbortError: 20, URLMismatchError: 21, QuotaExceededError: 22, TimeoutError: 23, InvalidNodeTypeError: 24, DataCloneError: 25 };
  class DOMException extends Error {
    #name;
    constructor(message = '', options = 'Error') {
      super(message);
      this.#name = typeof options === 'object' && options !== null ? String(options.name ?? 'Error') : String(options);
    }
    get name() { return this.#name; }
    get code() { return codes[this.#name] ?? 0; }
  }
  Object.defineProperty(DOMException.prototype, Symbol.toStringTag, { value: 'DOMException' });
  return DOMException;
})
