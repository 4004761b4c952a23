// jsloop glue 21: the DOM Standard's Range (https://dom.spec.whatwg.org/#ranges)
// and traversal (NodeIterator, TreeWalker: https://dom.spec.whatwg.org/#traversal):
// live ranges, kept up to date by the tree mutations of 20_dom.js (insert,
// remove, replace data, split a Text node), and their methods, which change
// the tree through the same algorithms (so MutationObservers see them).
// Evaluated in a window as (g, web, dom), dom being 20_dom.js's rangeSupport.
(function (g, web, dom) {
  'use strict';
  const { define, DOMException } = web;
  const { liveRanges, N, kidsOf, parentOf, typeOf, indexOf, rootOf, isInclusiveAncestor, isCharacterData, isNode,
    insert, preInsert, remove, replaceData, replaceAll, ensurePreInsertionValidity, cloneANode, createFragment } = dom;
  const { ELEMENT_NODE, TEXT_NODE, PROCESSING_INSTRUCTION_NODE, COMMENT_NODE, DOCUMENT_NODE, DOCUMENT_TYPE_NODE, DOCUMENT_FRAGMENT_NODE } = dom.nodeTypes;
  const BEFORE = -1, EQUAL = 0, AFTER = 1;

  // https://dom.spec.whatwg.org/#concept-node-length
  function nodeLength(node) {
    const t = typeOf(node);
    if (t === DOCUMENT_TYPE_NODE) return 0;
    if (isCharacterData(node)) return N(node).data.length;
    return kidsOf(node).length;
  }
  // Whether a precedes b in tree order (same root).
  function precedes(a, b) {
    const chain = (n) => { const c = []; for (; n; n = parentOf(n)) c.unshift(n); return c; };
    const ca = chain(a), cb = chain(b);
    let i = 0;
    while (i < ca.length && i < cb.length && ca[i] === cb[i]) i++;
    if (i === ca.length) return true; // a is an ancestor of b
    if (i === cb.length) return false; // b is an ancestor of a
    return indexOf(ca[i]) < indexOf(cb[i]);
  }
  // https://dom.spec.whatwg.org/#concept-range-bp-position
  function position(nodeA, offsetA, nodeB, offsetB) {
    // Step 2. If nodeA is nodeB, then return equal, before, or after by offset.
    if (nodeA === nodeB) return offsetA === offsetB ? EQUAL : offsetA < offsetB ? BEFORE : AFTER;
    // Step 3. If nodeA is following nodeB: the reverse of (nodeB, offsetB) against (nodeA, offsetA).
    if (precedes(nodeB, nodeA)) {
      const p = position(nodeB, offsetB, nodeA, offsetA);
      return p === BEFORE ? AFTER : p === AFTER ? BEFORE : EQUAL;
    }
    // Step 4. If nodeA is an ancestor of nodeB:
    if (isInclusiveAncestor(nodeA, nodeB)) {
      // Step 4.1-4.2. Let child be nodeB's ancestor whose parent is nodeA.
      let child = nodeB;
      while (parentOf(child) !== nodeA) child = parentOf(child);
      // Step 4.3. If child's index is less than offsetA, then return after.
      if (indexOf(child) < offsetA) return AFTER;
    }
    // Step 5. Return before.
    return BEFORE;
  }

  const state = new WeakMap();
  // The document a new range starts in (createRange's; else the window's).
  let rangeDocument = null;
  function S(range) {
    const s = state.get(range);
    if (s === undefined) throw new TypeError('Illegal invocation');
    return s;
  }
  const rootOfRange = (s) => rootOf(s.startNode);
  const collapsed = (s) => s.startNode === s.endNode && s.startOffset === s.endOffset;
  // https://dom.spec.whatwg.org/#contained
  function contained(node, s) {
    return rootOf(node) === rootOfRange(s) && position(node, 0, s.startNode, s.startOffset) === AFTER
      && position(node, nodeLength(node), s.endNode, s.endOffset) === BEFORE;
  }
  // https://dom.spec.whatwg.org/#partially-contained
  function partiallyContained(node, s) {
    return isInclusiveAncestor(node, s.startNode) !== isInclusiveAncestor(node, s.endNode);
  }
  function requireNode(v, method, n = 1) {
    if (!isNode(v)) throw new TypeError(`Failed to execute '${method}' on 'Range': parameter ${n} is not of type 'Node'.`);
    return v;
  }
  // https://dom.spec.whatwg.org/#concept-range-bp-set
  function setBoundary(s, node, offset, start, method) {
    // Step 1. If node is a doctype, then throw an "InvalidNodeTypeError" DOMException.
    if (typeOf(node) === DOCUMENT_TYPE_NODE) throw new DOMException(`Failed to execute '${method}' on 'Range': The node provided is of type 'DocumentType'.`, 'InvalidNodeTypeError');
    // Step 2. If offset is greater than node's length, then throw an "IndexSizeError" DOMException.
    if (offset > nodeLength(node)) throw new DOMException(`Failed to execute '${method}' on 'Range': The offset ${offset} is larger than the node's length (${nodeLength(node)}).`, 'IndexSizeError');
    if (start) {
      // Step 4.1. If range's root is not node's root, or bp is after the
      // range's end, set range's end to bp. Step 4.2. Set range's start to bp.
      if (rootOfRange(s) !== rootOf(node) || position(node, offset, s.endNode, s.endOffset) === AFTER) { s.endNode = node; s.endOffset = offset; }
      s.startNode = node; s.startOffset = offset;
    } else {
      // Step 5.1. If range's root is not node's root, or bp is before the
      // range's start, set range's start to bp. Step 5.2. Set range's end to bp.
      if (rootOfRange(s) !== rootOf(node) || position(node, offset, s.startNode, s.startOffset) === BEFORE) { s.startNode = node; s.startOffset = offset; }
      s.endNode = node; s.endOffset = offset;
    }
  }
  function parentOrThrow(node, method) {
    const parent = parentOf(node);
    if (parent === null) throw new DOMException(`Failed to execute '${method}' on 'Range': the given Node has no parent.`, 'InvalidNodeTypeError');
    return parent;
  }
  // https://dom.spec.whatwg.org/#concept-range-select
  function select(node, s, method) {
    // Step 1-2. Let parent be node's parent; if it is null, throw an "InvalidNodeTypeError" DOMException.
    const parent = parentOrThrow(node, method);
    // Step 3. Let index be node's index.
    const index = indexOf(node);
    // Step 4-5. Set range's start to (parent, index) and its end to (parent, index + 1).
    s.startNode = parent; s.startOffset = index;
    s.endNode = parent; s.endOffset = index + 1;
  }
  function setData(node, data) { N(node).data = data; return node; }
  // A clone of a CharacterData node whose data is part of node's.
  const cloneWithData = (node, from, count) => setData(cloneANode(node, N(node).doc, false), N(node).data.substr(from, count));
  // The start/end and common-ancestor bookkeeping that extract and clone share.
  function layout(s, method) {
    const { startNode, startOffset, endNode, endOffset } = s;
    // Step 7. Let common ancestor be original start node; while it is not an
    // inclusive ancestor of original end node, set it to its parent.
    let common = startNode;
    while (!isInclusiveAncestor(common, endNode)) common = parentOf(common);
    // Step 8-9. The first child of common ancestor that is partially
    // contained, if original start node is not an inclusive ancestor of original end node.
    const first = isInclusiveAncestor(startNode, endNode) ? null : kidsOf(common).find((c) => partiallyContained(c, s)) || null;
    // Step 10. The last partially contained child, likewise.
    const last = isInclusiveAncestor(endNode, startNode) ? null : [...kidsOf(common)].reverse().find((c) => partiallyContained(c, s)) || null;
    // Step 11. The contained children of common ancestor, in tree order.
    const children = kidsOf(common).filter((c) => contained(c, s));
    // Step 12. If any of them is a doctype, then throw a "HierarchyRequestError" DOMException.
    if (children.some((c) => typeOf(c) === DOCUMENT_TYPE_NODE)) throw new DOMException(`Failed to execute '${method}' on 'Range': The Range contains a doctype node.`, 'HierarchyRequestError');
    return { startNode, startOffset, endNode, endOffset, first, last, children };
  }
  // Step 13-14 of extract and of delete: where the range collapses to.
  function collapsePoint(startNode, startOffset, endNode) {
    if (isInclusiveAncestor(startNode, endNode)) return [startNode, startOffset];
    let reference = startNode;
    while (parentOf(reference) !== null && !isInclusiveAncestor(parentOf(reference), endNode)) reference = parentOf(reference);
    return [parentOf(reference), indexOf(reference) + 1];
  }
  // https://dom.spec.whatwg.org/#concept-range-extract
  function extract(s, method) {
    // Step 1. Let fragment be a new DocumentFragment node whose node document is range's start node's node document.
    const fragment = createFragment(N(s.startNode).doc || s.startNode);
    // Step 2. If range is collapsed, then return fragment.
    if (collapsed(s)) return fragment;
    const { startNode, startOffset, endNode, endOffset } = s;
    // Step 6. One CharacterData node: its part is cloned, then removed.
    if (startNode === endNode && isCharacterData(startNode)) {
      insert(cloneWithData(startNode, startOffset, endOffset - startOffset), fragment, null, false);
      replaceData(startNode, startOffset, endOffset - startOffset, '');
      return fragment;
    }
    const { first, last, children } = layout(s, method);
    // Step 13-14. Where the range ends up.
    const [newNode, newOffset] = collapsePoint(startNode, startOffset, endNode);
    if (first !== null && isCharacterData(first)) {
      // Step 15. The start of original start node's data moves to a clone.
      insert(cloneWithData(startNode, startOffset, nodeLength(startNode) - startOffset), fragment, null, false);
      replaceData(startNode, startOffset, nodeLength(startNode) - startOffset, '');
    } else if (first !== null) {
      // Step 16. A clone of the first partially contained child, holding what is extracted from its part.
      const clone = cloneANode(first, N(first).doc, false);
      insert(clone, fragment, null, false);
      const sub = extract({ startNode, startOffset, endNode: first, endOffset: nodeLength(first) }, method);
      insert(sub, clone, null, false);
    }
    // Step 17. The contained children move to fragment.
    for (const c of children) insert(c, fragment, null, false);
    if (last !== null && isCharacterData(last)) {
      // Step 18. The end of original end node's data, likewise.
      insert(cloneWithData(endNode, 0, endOffset), fragment, null, false);
      replaceData(endNode, 0, endOffset, '');
    } else if (last !== null) {
      // Step 19. A clone of the last partially contained child, holding its part.
      const clone = cloneANode(last, N(last).doc, false);
      insert(clone, fragment, null, false);
      const sub = extract({ startNode: last, startOffset: 0, endNode, endOffset }, method);
      insert(sub, clone, null, false);
    }
    // Step 20. Set range's start and end to (new node, new offset).
    s.startNode = s.endNode = newNode;
    s.startOffset = s.endOffset = newOffset;
    // Step 21. Return fragment.
    return fragment;
  }
  // https://dom.spec.whatwg.org/#concept-range-clone
  function cloneContents(s, method) {
    const fragment = createFragment(N(s.startNode).doc || s.startNode);
    if (collapsed(s)) return fragment;
    const { startNode, startOffset, endNode, endOffset } = s;
    if (startNode === endNode && isCharacterData(startNode)) {
      insert(cloneWithData(startNode, startOffset, endOffset - startOffset), fragment, null, false);
      return fragment;
    }
    const { first, last, children } = layout(s, method);
    if (first !== null && isCharacterData(first)) {
      insert(cloneWithData(startNode, startOffset, nodeLength(startNode) - startOffset), fragment, null, false);
    } else if (first !== null) {
      const clone = cloneANode(first, N(first).doc, false);
      insert(clone, fragment, null, false);
      insert(cloneContents({ startNode, startOffset, endNode: first, endOffset: nodeLength(first) }, method), clone, null, false);
    }
    // Step 17. A clone of each contained child, with its subtree.
    for (const c of children) insert(cloneANode(c, N(c).doc, true), fragment, null, false);
    if (last !== null && isCharacterData(last)) {
      insert(cloneWithData(endNode, 0, endOffset), fragment, null, false);
    } else if (last !== null) {
      const clone = cloneANode(last, N(last).doc, false);
      insert(clone, fragment, null, false);
      insert(cloneContents({ startNode: last, startOffset: 0, endNode, endOffset }, method), clone, null, false);
    }
    return fragment;
  }
  // https://dom.spec.whatwg.org/#concept-range-insert
  function insertInto(s, node, method) {
    const start = s.startNode, st = typeOf(start);
    // Step 1. A ProcessingInstruction or Comment start node, a Text node
    // whose parent is null, or node itself: a "HierarchyRequestError" DOMException.
    if (st === PROCESSING_INSTRUCTION_NODE || st === COMMENT_NODE || (st === TEXT_NODE && parentOf(start) === null) || start === node) {
      throw new DOMException(`Failed to execute '${method}' on 'Range': The Range's start container is of a type that cannot have children inserted.`, 'HierarchyRequestError');
    }
    // Step 2-4. Let referenceNode be the start node if it is a Text node,
    // else its child whose index is the start offset, or null.
    let reference = st === TEXT_NODE ? start : kidsOf(start)[s.startOffset] || null;
    // Step 5. Let parent be referenceNode's parent, or range's start node if referenceNode is null.
    const parent = reference === null ? start : parentOf(reference);
    // Step 6. Ensure pre-insert validity of node into parent before referenceNode.
    ensurePreInsertionValidity(node, parent, reference, method);
    // Step 7. If range's start node is a Text node, set referenceNode to the result of splitting it.
    if (st === TEXT_NODE) reference = start.splitText(s.startOffset);
    // Step 8. If node is referenceNode, then set referenceNode to its next sibling.
    if (node === reference) reference = kidsOf(parent)[indexOf(node) + 1] || null;
    // Step 9. If node's parent is non-null, then remove node.
    if (parentOf(node) !== null) remove(node, false);
    // Step 10-11. Let newOffset be parent's length if referenceNode is null,
    // else its index; increased by node's length if node is a
    // DocumentFragment node, and by 1 otherwise.
    let newOffset = reference === null ? nodeLength(parent) : indexOf(reference);
    newOffset += typeOf(node) === DOCUMENT_FRAGMENT_NODE ? nodeLength(node) : 1;
    // Step 12. Pre-insert node into parent before referenceNode.
    preInsert(node, parent, reference, method);
    // Step 13. If range is collapsed, then set range's end to (parent, newOffset).
    if (collapsed(s)) { s.endNode = parent; s.endOffset = newOffset; }
  }

  // https://dom.spec.whatwg.org/#abstractrange
  class AbstractRange {
    constructor() { throw new TypeError('Illegal constructor'); }
    get startContainer() { return S(this).startNode; }
    get startOffset() { return S(this).startOffset; }
    get endContainer() { return S(this).endNode; }
    get endOffset() { return S(this).endOffset; }
    get collapsed() { return collapsed(S(this)); }
  }
  // https://dom.spec.whatwg.org/#interface-range
  class Range extends AbstractRange {
    // https://dom.spec.whatwg.org/#dom-range-range: (current global's associated Document, 0) twice.
    constructor() {
      const document = rangeDocument ?? g.document;
      const self = Object.create(new.target ? new.target.prototype : Range.prototype);
      const s = { startNode: document, startOffset: 0, endNode: document, endOffset: 0 };
      state.set(self, s);
      liveRanges.add(typeof WeakRef === 'function' ? new WeakRef(s) : { deref: () => s });
      return self;
    }
    // https://dom.spec.whatwg.org/#dom-range-commonancestorcontainer
    get commonAncestorContainer() {
      const s = S(this);
      let c = s.startNode;
      while (!isInclusiveAncestor(c, s.endNode)) c = parentOf(c);
      return c;
    }
    setStart(node, offset) { requireNode(node, 'setStart'); setBoundary(S(this), node, offset >>> 0, true, 'setStart'); }
    setEnd(node, offset) { requireNode(node, 'setEnd'); setBoundary(S(this), node, offset >>> 0, false, 'setEnd'); }
    setStartBefore(node) { requireNode(node, 'setStartBefore'); const p = parentOrThrow(node, 'setStartBefore'); setBoundary(S(this), p, indexOf(node), true, 'setStartBefore'); }
    setStartAfter(node) { requireNode(node, 'setStartAfter'); const p = parentOrThrow(node, 'setStartAfter'); setBoundary(S(this), p, indexOf(node) + 1, true, 'setStartAfter'); }
    setEndBefore(node) { requireNode(node, 'setEndBefore'); const p = parentOrThrow(node, 'setEndBefore'); setBoundary(S(this), p, indexOf(node), false, 'setEndBefore'); }
    setEndAfter(node) { requireNode(node, 'setEndAfter'); const p = parentOrThrow(node, 'setEndAfter'); setBoundary(S(this), p, indexOf(node) + 1, false, 'setEndAfter'); }
    // https://dom.spec.whatwg.org/#dom-range-collapse
    collapse(toStart = false) {
      const s = S(this);
      if (toStart) { s.endNode = s.startNode; s.endOffset = s.startOffset; } else { s.startNode = s.endNode; s.startOffset = s.endOffset; }
    }
    selectNode(node) { requireNode(node, 'selectNode'); select(node, S(this), 'selectNode'); }
    // https://dom.spec.whatwg.org/#concept-range-select-contents
    selectNodeContents(node) {
      requireNode(node, 'selectNodeContents');
      // Step 1. If node is a doctype, throw an "InvalidNodeTypeError" DOMException.
      if (typeOf(node) === DOCUMENT_TYPE_NODE) throw new DOMException("Failed to execute 'selectNodeContents' on 'Range': The node provided is of type 'DocumentType'.", 'InvalidNodeTypeError');
      // Step 2-4. Start (node, 0), end (node, node's length).
      const s = S(this);
      s.startNode = s.endNode = node;
      s.startOffset = 0;
      s.endOffset = nodeLength(node);
    }
    // https://dom.spec.whatwg.org/#dom-range-compareboundarypoints
    compareBoundaryPoints(how, sourceRange) {
      how = Number(how) & 0xffff;
      // Step 1. If how is not one of the four constants, throw a "NotSupportedError" DOMException.
      if (how > 3) throw new DOMException("Failed to execute 'compareBoundaryPoints' on 'Range': The comparison method provided must be one of 'START_TO_START', 'START_TO_END', 'END_TO_END', or 'END_TO_START'.", 'NotSupportedError');
      const a = S(this), b = S(sourceRange);
      // Step 2. If this's root is not sourceRange's root, throw a "WrongDocumentError" DOMException.
      if (rootOfRange(a) !== rootOfRange(b)) throw new DOMException("Failed to execute 'compareBoundaryPoints' on 'Range': The source range is in a different document than this range.", 'WrongDocumentError');
      // Step 3. The points compared, by how.
      const [thisStart, otherStart] = [how === 0 || how === 3, how === 0 || how === 1];
      const p = thisStart ? [a.startNode, a.startOffset] : [a.endNode, a.endOffset];
      const q = otherStart ? [b.startNode, b.startOffset] : [b.endNode, b.endOffset];
      // Step 4. -1, 0 or 1 by the position of point relative to other point.
      return position(p[0], p[1], q[0], q[1]);
    }
    // https://dom.spec.whatwg.org/#dom-range-comparepoint
    comparePoint(node, offset) {
      requireNode(node, 'comparePoint');
      offset >>>= 0;
      const s = S(this);
      // Step 1. If node's root is different from this's root, throw a "WrongDocumentError" DOMException.
      if (rootOf(node) !== rootOfRange(s)) throw new DOMException("Failed to execute 'comparePoint' on 'Range': The node provided and the Range are not in the same tree.", 'WrongDocumentError');
      // Step 2. If node is a doctype, throw an "InvalidNodeTypeError" DOMException.
      if (typeOf(node) === DOCUMENT_TYPE_NODE) throw new DOMException("Failed to execute 'comparePoint' on 'Range': The node provided is of type 'DocumentType'.", 'InvalidNodeTypeError');
      // Step 3. If offset is greater than node's length, throw an "IndexSizeError" DOMException.
      if (offset > nodeLength(node)) throw new DOMException(`Failed to execute 'comparePoint' on 'Range': The offset ${offset} is larger than the node's length (${nodeLength(node)}).`, 'IndexSizeError');
      // Step 4-6. -1 before the start, 1 after the end, else 0.
      if (position(node, offset, s.startNode, s.startOffset) === BEFORE) return -1;
      if (position(node, offset, s.endNode, s.endOffset) === AFTER) return 1;
      return 0;
    }
    // https://dom.spec.whatwg.org/#dom-range-ispointinrange
    isPointInRange(node, offset) {
      requireNode(node, 'isPointInRange');
      offset >>>= 0;
      const s = S(this);
      // Step 1. If node's root is different from this's root, return false.
      if (rootOf(node) !== rootOfRange(s)) return false;
      if (typeOf(node) === DOCUMENT_TYPE_NODE) throw new DOMException("Failed to execute 'isPointInRange' on 'Range': The node provided is of type 'DocumentType'.", 'InvalidNodeTypeError');
      if (offset > nodeLength(node)) throw new DOMException(`Failed to execute 'isPointInRange' on 'Range': The offset ${offset} is larger than the node's length (${nodeLength(node)}).`, 'IndexSizeError');
      return position(node, offset, s.startNode, s.startOffset) !== BEFORE && position(node, offset, s.endNode, s.endOffset) !== AFTER;
    }
    // https://dom.spec.whatwg.org/#dom-range-intersectsnode
    intersectsNode(node) {
      requireNode(node, 'intersectsNode');
      const s = S(this);
      // Step 1. If node's root is different from this's root, return false.
      if (rootOf(node) !== rootOfRange(s)) return false;
      // Step 2-3. Let parent be node's parent; if it is null, return true.
      const parent = parentOf(node);
      if (parent === null) return true;
      // Step 4-5. (parent, offset) is before end and (parent, offset + 1) is after start.
      const offset = indexOf(node);
      return position(parent, offset, s.endNode, s.endOffset) === BEFORE && position(parent, offset + 1, s.startNode, s.startOffset) === AFTER;
    }
    // https://dom.spec.whatwg.org/#dom-range-deletecontents
    deleteContents() {
      const s = S(this);
      // Step 1. If this is collapsed, then return.
      if (collapsed(s)) return;
      // Step 2. The original start and end.
      const { startNode, startOffset, endNode, endOffset } = s;
      // Step 3. Start and end the same CharacterData node: replace data, return.
      if (startNode === endNode && isCharacterData(startNode)) {
        replaceData(startNode, startOffset, endOffset - startOffset, '');
        return;
      }
      // Step 4. Let nodes to remove be the contained nodes, in tree order,
      // less those whose parent is contained too.
      const toRemove = [];
      const walk = (n) => {
        for (const c of kidsOf(n)) {
          if (contained(c, s)) toRemove.push(c);
          else walk(c);
        }
      };
      let common = startNode;
      while (!isInclusiveAncestor(common, endNode)) common = parentOf(common);
      walk(common);
      // Step 5-6. Where the range collapses to.
      const [newNode, newOffset] = collapsePoint(startNode, startOffset, endNode);
      // Step 7. The end of original start node's data.
      if (isCharacterData(startNode)) replaceData(startNode, startOffset, nodeLength(startNode) - startOffset, '');
      // Step 8. Remove each of nodes to remove from its parent.
      for (const n of toRemove) if (parentOf(n) !== null) remove(n, false);
      // Step 9. The start of original end node's data.
      if (isCharacterData(endNode)) replaceData(endNode, 0, endOffset, '');
      // Step 10. Set start and end to (new node, new offset).
      s.startNode = s.endNode = newNode;
      s.startOffset = s.endOffset = newOffset;
    }
    extractContents() { return extract(S(this), 'extractContents'); }
    cloneContents() { return cloneContents(S(this), 'cloneContents'); }
    insertNode(node) { requireNode(node, 'insertNode'); insertInto(S(this), node, 'insertNode'); }
    // https://dom.spec.whatwg.org/#dom-range-surroundcontents
    surroundContents(newParent) {
      requireNode(newParent, 'surroundContents');
      const s = S(this);
      // Step 1. If a non-Text node is partially contained in this, throw an "InvalidStateError" DOMException.
      const partial = (n) => { for (; n; n = parentOf(n)) if (typeOf(n) !== TEXT_NODE && partiallyContained(n, s)) return true; return false; };
      if (partial(s.startNode) || partial(s.endNode)) throw new DOMException("Failed to execute 'surroundContents' on 'Range': The Range has partially selected a non-Text node.", 'InvalidStateError');
      // Step 2. A Document, DocumentType or DocumentFragment newParent: an "InvalidNodeTypeError" DOMException.
      const t = typeOf(newParent);
      if (t === DOCUMENT_NODE || t === DOCUMENT_TYPE_NODE || t === DOCUMENT_FRAGMENT_NODE) throw new DOMException("Failed to execute 'surroundContents' on 'Range': The node provided is of a type that may not be used to surround a Range.", 'InvalidNodeTypeError');
      // Step 3. Let fragment be the result of extracting this.
      const fragment = extract(s, 'surroundContents');
      // Step 4. If newParent has children, replace all with null within newParent.
      if (kidsOf(newParent).length > 0) replaceAll(null, newParent);
      // Step 5. Insert newParent into this.
      insertInto(s, newParent, 'surroundContents');
      // Step 6. Append fragment to newParent.
      preInsert(fragment, newParent, null, 'surroundContents');
      // Step 7. Select newParent within this.
      select(newParent, s, 'surroundContents');
    }
    // https://dom.spec.whatwg.org/#dom-range-clonerange
    cloneRange() {
      const s = S(this);
      const r = new Range();
      Object.assign(S(r), { startNode: s.startNode, startOffset: s.startOffset, endNode: s.endNode, endOffset: s.endOffset });
      return r;
    }
    // https://dom.spec.whatwg.org/#dom-range-detach: does nothing.
    detach() {}
    // https://dom.spec.whatwg.org/#dom-range-stringifier
    toString() {
      const s = S(this);
      // Step 2. Start and end the same Text node: the code units between the offsets.
      if (s.startNode === s.endNode && typeOf(s.startNode) === TEXT_NODE) return N(s.startNode).data.slice(s.startOffset, s.endOffset);
      let out = '';
      // Step 3. The start node's data from the start offset, if it is a Text node.
      if (typeOf(s.startNode) === TEXT_NODE) out += N(s.startNode).data.slice(s.startOffset);
      // Step 4. The data of each Text node contained in this, in tree order.
      const walk = (n) => { for (const c of kidsOf(n)) { if (typeOf(c) === TEXT_NODE && contained(c, s)) out += N(c).data; walk(c); } };
      walk(rootOfRange(s));
      // Step 5. The end node's data up to the end offset, if it is a Text node.
      if (typeOf(s.endNode) === TEXT_NODE) out += N(s.endNode).data.slice(0, s.endOffset);
      return out;
    }
    get [Symbol.toStringTag]() { return 'Range'; }
  }
  for (const [k, v] of Object.entries({ START_TO_START: 0, START_TO_END: 1, END_TO_END: 2, END_TO_START: 3 })) {
    Object.defineProperty(Range, k, { value: v, enumerable: true });
    Object.defineProperty(Range.prototype, k, { value: v, enumerable: true });
  }
  // https://dom.spec.whatwg.org/#dom-document-createrange: a live range with (this, 0) as its start and end.
  define(dom.Document.prototype, {
    createRange() {
      rangeDocument = this;
      try { return new Range(); } finally { rangeDocument = null; }
    },
  });
  define(g, { AbstractRange, Range });

  // ---------------------------------------------------------------- traversal
  // https://dom.spec.whatwg.org/#traversal: NodeIterator and TreeWalker.
  // NodeFilter: a callback interface with constants, whose interface object
  // throws when called (and has no prototype property).
  const NodeFilter = { NodeFilter() { throw new TypeError('Illegal constructor'); } }.NodeFilter;
  const FILTER_ACCEPT = 1, FILTER_REJECT = 2, FILTER_SKIP = 3;
  for (const [k, v] of Object.entries({
    FILTER_ACCEPT, FILTER_REJECT, FILTER_SKIP, SHOW_ALL: 0xFFFFFFFF, SHOW_ELEMENT: 0x1, SHOW_ATTRIBUTE: 0x2, SHOW_TEXT: 0x4,
    SHOW_CDATA_SECTION: 0x8, SHOW_ENTITY_REFERENCE: 0x10, SHOW_ENTITY: 0x20, SHOW_PROCESSING_INSTRUCTION: 0x40,
    SHOW_COMMENT: 0x80, SHOW_DOCUMENT: 0x100, SHOW_DOCUMENT_TYPE: 0x200, SHOW_DOCUMENT_FRAGMENT: 0x400, SHOW_NOTATION: 0x800,
  })) Object.defineProperty(NodeFilter, k, { value: v, enumerable: true });
  // A traverser's state: root, whatToShow, filter, its active flag, and
  // (NodeIterator) reference node and pointer, (TreeWalker) current node.
  const traversers = new WeakMap();
  function traverserOf(v, iface, what) {
    const t = traversers.get(v);
    if (t === undefined || t.iface !== iface) throw new TypeError(`Failed to ${what} on '${iface}': Illegal invocation`);
    return t;
  }
  // https://dom.spec.whatwg.org/#concept-node-filter
  function filterNode(t, node, op) {
    // Step 1. If traverser's active flag is set, then throw an "InvalidStateError" DOMException.
    if (t.active) throw new DOMException(`Failed to execute '${op}' on '${t.iface}': Filter function can't be recursive`, 'InvalidStateError');
    // Step 2. Let n be node's nodeType attribute value − 1.
    const n = typeOf(node) - 1;
    // Step 3. If the nth bit of traverser's whatToShow is not set, return FILTER_SKIP.
    if (((t.whatToShow >>> n) & 1) === 0) return FILTER_SKIP;
    // Step 4. If traverser's filter is null, then return FILTER_ACCEPT.
    if (t.filter === null) return FILTER_ACCEPT;
    // Step 5. Set traverser's active flag.
    t.active = true;
    let result;
    try {
      // Step 6. Let result be the return value of call a user object's
      // operation with traverser's filter, "acceptNode", and « node ».
      const f = t.filter;
      if (typeof f === 'function') result = f.call(undefined, node);
      else {
        const accept = f.acceptNode;
        if (typeof accept !== 'function') throw new TypeError("Failed to execute 'acceptNode' on 'NodeFilter': The provided callback is not callable.");
        result = accept.call(f, node);
      }
    } finally {
      // Step 7. Unset traverser's active flag.
      t.active = false;
    }
    // Step 8. Return result (an unsigned short).
    return Number(result) & 0xFFFF;
  }
  // Tree order within root: the node after node (null past root's subtree).
  function following(node, root) {
    const kids = kidsOf(node);
    if (kids.length > 0) return kids[0];
    for (let n = node; n !== null && n !== root; n = parentOf(n)) {
      const p = parentOf(n);
      if (p === null) return null;
      const sibling = kidsOf(p)[indexOf(n) + 1];
      if (sibling !== undefined) return sibling;
    }
    return null;
  }
  function lastInclusiveDescendant(node) {
    for (let kids = kidsOf(node); kids.length > 0; kids = kidsOf(node)) node = kids[kids.length - 1];
    return node;
  }
  // The node before node in tree order (null at root).
  function preceding(node, root) {
    if (node === root) return null;
    const p = parentOf(node);
    if (p === null) return null;
    const i = indexOf(node);
    return i > 0 ? lastInclusiveDescendant(kidsOf(p)[i - 1]) : p;
  }
  function toFilter(filter, op, index) {
    if (filter === undefined || filter === null) return null;
    if (typeof filter !== 'object' && typeof filter !== 'function') throw new TypeError(`Failed to execute '${op}' on 'Document': parameter ${index} is not of type 'Object'.`);
    return filter;
  }
  function checkRoot(args, op) {
    if (args.length === 0) throw new TypeError(`Failed to execute '${op}' on 'Document': 1 argument required, but only 0 present.`);
    if (!isNode(args[0])) throw new TypeError(`Failed to execute '${op}' on 'Document': parameter 1 is not of type 'Node'.`);
  }
  // https://dom.spec.whatwg.org/#interface-nodeiterator
  let constructingTraverser = null;
  class NodeIterator {
    constructor() {
      if (constructingTraverser === null) throw new TypeError('Illegal constructor');
      traversers.set(this, constructingTraverser);
      constructingTraverser = null;
    }
    get root() { return traverserOf(this, 'NodeIterator', "read the 'root' property").root; }
    get referenceNode() { return traverserOf(this, 'NodeIterator', "read the 'referenceNode' property").reference; }
    get pointerBeforeReferenceNode() { return traverserOf(this, 'NodeIterator', "read the 'pointerBeforeReferenceNode' property").pointerBefore; }
    get whatToShow() { return traverserOf(this, 'NodeIterator', "read the 'whatToShow' property").whatToShow; }
    get filter() { return traverserOf(this, 'NodeIterator', "read the 'filter' property").filter; }
    nextNode() { return traverse(traverserOf(this, 'NodeIterator', "execute 'nextNode'"), true, 'nextNode'); }
    previousNode() { return traverse(traverserOf(this, 'NodeIterator', "execute 'previousNode'"), false, 'previousNode'); }
    // https://dom.spec.whatwg.org/#dom-nodeiterator-detach: do nothing.
    detach() { traverserOf(this, 'NodeIterator', "execute 'detach'"); }
  }
  // https://dom.spec.whatwg.org/#concept-nodeiterator-traverse
  function traverse(t, next, op) {
    // Step 1-2. Let node be the reference node; beforeNode its pointer.
    let node = t.reference;
    let beforeNode = t.pointerBefore;
    // Step 3. While true:
    for (;;) {
      if (next) {
        // Step 3.1 (next). If beforeNode is false, node is the first node
        // following it in the iterator collection (none: return null);
        // else beforeNode becomes false.
        if (!beforeNode) {
          node = following(node, t.root);
          if (node === null) return null;
        } else beforeNode = false;
      } else if (beforeNode) {
        // Step 3.1 (previous). If beforeNode is true, node is the first
        // node preceding it (none: return null); else beforeNode becomes true.
        node = preceding(node, t.root);
        if (node === null) return null;
      } else beforeNode = true;
      // Step 3.2. Let result be the result of filtering node.
      // Step 3.3. If result is FILTER_ACCEPT, then break.
      if (filterNode(t, node, op) === FILTER_ACCEPT) break;
    }
    // Step 4. Set the reference node to node and the pointer to beforeNode.
    t.reference = node;
    t.pointerBefore = beforeNode;
    // Step 5. Return node.
    return node;
  }
  // https://dom.spec.whatwg.org/#nodeiterator-pre-removing-steps
  dom.setIteratorPreRemovingSteps((toBeRemovedNode, iterator) => {
    const t = traversers.get(iterator);
    // Step 1. If toBeRemovedNode is not an inclusive ancestor of the
    // reference node, or toBeRemovedNode is root, then return.
    if (!isInclusiveAncestor(toBeRemovedNode, t.reference) || toBeRemovedNode === t.root) return;
    // (Only an iterator of the node's node document.)
    if (N(t.root).doc !== N(toBeRemovedNode).doc && t.root !== N(toBeRemovedNode).doc) return;
    // Step 2. If the pointer is before the reference node: the first node
    // following toBeRemovedNode that is an inclusive descendant of root and
    // not of toBeRemovedNode becomes the reference; if none, the pointer is
    // no longer before it.
    if (t.pointerBefore) {
      let next = null;
      for (let n = toBeRemovedNode; n !== null && n !== t.root; n = parentOf(n)) {
        const p = parentOf(n);
        if (p === null) break;
        const sibling = kidsOf(p)[indexOf(n) + 1];
        if (sibling !== undefined) { next = sibling; break; }
      }
      if (next !== null && isInclusiveAncestor(t.root, next)) { t.reference = next; return; }
      t.pointerBefore = false;
    }
    // Step 3. The reference becomes toBeRemovedNode's parent if it has no
    // previous sibling, else the last inclusive descendant of that sibling.
    const i = indexOf(toBeRemovedNode);
    t.reference = i === 0 ? parentOf(toBeRemovedNode) : lastInclusiveDescendant(kidsOf(parentOf(toBeRemovedNode))[i - 1]);
  });
  // https://dom.spec.whatwg.org/#interface-treewalker
  class TreeWalker {
    constructor() {
      if (constructingTraverser === null) throw new TypeError('Illegal constructor');
      traversers.set(this, constructingTraverser);
      constructingTraverser = null;
    }
    get root() { return traverserOf(this, 'TreeWalker', "read the 'root' property").root; }
    get whatToShow() { return traverserOf(this, 'TreeWalker', "read the 'whatToShow' property").whatToShow; }
    get filter() { return traverserOf(this, 'TreeWalker', "read the 'filter' property").filter; }
    get currentNode() { return traverserOf(this, 'TreeWalker', "read the 'currentNode' property").current; }
    set currentNode(node) {
      const t = traverserOf(this, 'TreeWalker', "set the 'currentNode' property");
      if (!isNode(node)) throw new TypeError("Failed to set the 'currentNode' property on 'TreeWalker': Failed to convert value to 'Node'.");
      t.current = node;
    }
    // https://dom.spec.whatwg.org/#dom-treewalker-parentnode
    parentNode() {
      const t = traverserOf(this, 'TreeWalker', "execute 'parentNode'");
      // Step 1. Let node be this's current.
      let node = t.current;
      // Step 2. While node is non-null and is not this's root:
      while (node !== null && node !== t.root) {
        // Step 2.1. Set node to node's parent.
        node = parentOf(node);
        // Step 2.2. If node is non-null and filtering it returns FILTER_ACCEPT,
        // set this's current to node and return it.
        if (node !== null && filterNode(t, node, 'parentNode') === FILTER_ACCEPT) { t.current = node; return node; }
      }
      // Step 3. Return null.
      return null;
    }
    firstChild() { return traverseChildren(traverserOf(this, 'TreeWalker', "execute 'firstChild'"), true, 'firstChild'); }
    lastChild() { return traverseChildren(traverserOf(this, 'TreeWalker', "execute 'lastChild'"), false, 'lastChild'); }
    nextSibling() { return traverseSiblings(traverserOf(this, 'TreeWalker', "execute 'nextSibling'"), true, 'nextSibling'); }
    previousSibling() { return traverseSiblings(traverserOf(this, 'TreeWalker', "execute 'previousSibling'"), false, 'previousSibling'); }
    // https://dom.spec.whatwg.org/#dom-treewalker-previousnode
    previousNode() {
      const t = traverserOf(this, 'TreeWalker', "execute 'previousNode'");
      // Step 1. Let node be this's current.
      let node = t.current;
      // Step 2. While node is not this's root:
      while (node !== t.root) {
        // Step 2.1. Let sibling be node's previous sibling.
        let sibling = previousSiblingOf(node);
        // Step 2.2. While sibling is non-null:
        while (sibling !== null) {
          // Step 2.2.1-2. Set node to sibling; result: filter node.
          node = sibling;
          let result = filterNode(t, node, 'previousNode');
          // Step 2.2.3. While result is not FILTER_REJECT and node has a child:
          // node becomes its last child, filtered.
          while (result !== FILTER_REJECT && kidsOf(node).length > 0) {
            node = kidsOf(node)[kidsOf(node).length - 1];
            result = filterNode(t, node, 'previousNode');
          }
          // Step 2.2.4. If result is FILTER_ACCEPT, current is node; return it.
          if (result === FILTER_ACCEPT) { t.current = node; return node; }
          // Step 2.2.5. Set sibling to node's previous sibling.
          sibling = previousSiblingOf(node);
        }
        // Step 2.3. If node is this's root or node's parent is null, return null.
        if (node === t.root || parentOf(node) === null) return null;
        // Step 2.4. Set node to node's parent.
        node = parentOf(node);
        // Step 2.5. If filtering node returns FILTER_ACCEPT, current is node; return it.
        if (filterNode(t, node, 'previousNode') === FILTER_ACCEPT) { t.current = node; return node; }
      }
      // Step 3. Return null.
      return null;
    }
    // https://dom.spec.whatwg.org/#dom-treewalker-nextnode
    nextNode() {
      const t = traverserOf(this, 'TreeWalker', "execute 'nextNode'");
      // Step 1-2. Let node be this's current; result FILTER_ACCEPT.
      let node = t.current;
      let result = FILTER_ACCEPT;
      // Step 3. While true:
      for (;;) {
        // Step 3.1. While result is not FILTER_REJECT and node has a child:
        while (result !== FILTER_REJECT && kidsOf(node).length > 0) {
          // Step 3.1.1-2. node becomes its first child; result: filter node.
          node = kidsOf(node)[0];
          result = filterNode(t, node, 'nextNode');
          // Step 3.1.3. If result is FILTER_ACCEPT, current is node; return it.
          if (result === FILTER_ACCEPT) { t.current = node; return node; }
        }
        // Step 3.2-3.3. The first node following node that is not a
        // descendant... (its next sibling, or an ancestor's, within root).
        let sibling = null;
        for (let temporary = node; temporary !== null; temporary = parentOf(temporary)) {
          if (temporary === t.root) return null;
          sibling = nextSiblingOf(temporary);
          if (sibling !== null) { node = sibling; break; }
        }
        if (sibling === null) return null;
        // Step 3.4-3.5. result: filter node; if FILTER_ACCEPT, current is node; return it.
        result = filterNode(t, node, 'nextNode');
        if (result === FILTER_ACCEPT) { t.current = node; return node; }
      }
    }
  }
  function previousSiblingOf(node) { const p = parentOf(node); if (p === null) return null; return kidsOf(p)[indexOf(node) - 1] ?? null; }
  function nextSiblingOf(node) { const p = parentOf(node); if (p === null) return null; return kidsOf(p)[indexOf(node) + 1] ?? null; }
  // https://dom.spec.whatwg.org/#concept-traverse-children
  function traverseChildren(t, first, op) {
    // Step 1-2. Let node be walker's current's first (last) child; if null, return null.
    const kids0 = kidsOf(t.current);
    let node = kids0.length === 0 ? null : first ? kids0[0] : kids0[kids0.length - 1];
    // Step 3. While node is non-null:
    while (node !== null) {
      // Step 3.1. Let result be the result of filtering node.
      const result = filterNode(t, node, op);
      // Step 3.2. If result is FILTER_ACCEPT, set walker's current to node and return node.
      if (result === FILTER_ACCEPT) { t.current = node; return node; }
      // Step 3.3. If result is FILTER_SKIP: node's first (last) child, if any, and continue.
      if (result === FILTER_SKIP) {
        const kids = kidsOf(node);
        if (kids.length > 0) { node = first ? kids[0] : kids[kids.length - 1]; continue; }
      }
      // Step 3.4. While node is non-null:
      while (node !== null) {
        // Step 3.4.1-2. Its next (previous) sibling, if any, and continue the outer loop.
        const sibling = first ? nextSiblingOf(node) : previousSiblingOf(node);
        if (sibling !== null) { node = sibling; break; }
        // Step 3.4.3-4. Its parent; null, walker's root or walker's current: return null.
        const parent = parentOf(node);
        if (parent === null || parent === t.root || parent === t.current) return null;
        // Step 3.4.5. Set node to parent.
        node = parent;
      }
    }
    // Step 4. Return null.
    return null;
  }
  // https://dom.spec.whatwg.org/#concept-traverse-siblings
  function traverseSiblings(t, next, op) {
    // Step 1. Let node be walker's current.
    let node = t.current;
    // Step 2. If node is root, then return null.
    if (node === t.root) return null;
    // Step 3. While true:
    for (;;) {
      // Step 3.1. Let sibling be node's next (previous) sibling.
      let sibling = next ? nextSiblingOf(node) : previousSiblingOf(node);
      // Step 3.2. While sibling is non-null:
      while (sibling !== null) {
        // Step 3.2.1-2. Set node to sibling; result: filter node.
        node = sibling;
        const result = filterNode(t, node, op);
        // Step 3.2.3. If result is FILTER_ACCEPT, current is node; return it.
        if (result === FILTER_ACCEPT) { t.current = node; return node; }
        // Step 3.2.4. Set sibling to node's first (last) child.
        const kids = kidsOf(node);
        sibling = kids.length === 0 ? null : next ? kids[0] : kids[kids.length - 1];
        // Step 3.2.5. If result is FILTER_REJECT or sibling is null, then
        // set sibling to node's next (previous) sibling.
        if (result === FILTER_REJECT || sibling === null) sibling = next ? nextSiblingOf(node) : previousSiblingOf(node);
      }
      // Step 3.3. Set node to node's parent.
      node = parentOf(node);
      // Step 3.4. If node is null or walker's root, then return null.
      if (node === null || node === t.root) return null;
      // Step 3.5. If filtering node returns FILTER_ACCEPT, then return null.
      if (filterNode(t, node, op) === FILTER_ACCEPT) return null;
    }
  }
  define(dom.Document.prototype, {
    // https://dom.spec.whatwg.org/#dom-document-createnodeiterator
    createNodeIterator(root, whatToShow = 0xFFFFFFFF, filter = null) {
      checkRoot(arguments, 'createNodeIterator');
      // Step 1-6. A new NodeIterator: root, reference root, pointer before
      // it, whatToShow and filter.
      constructingTraverser = { iface: 'NodeIterator', root, reference: root, pointerBefore: true, whatToShow: whatToShow >>> 0, filter: toFilter(filter, 'createNodeIterator', 3), active: false };
      const iterator = new NodeIterator();
      // (Its document keeps it, for the pre-removing steps.)
      dom.liveIterators.add(new WeakRef(iterator));
      return iterator;
    },
    // https://dom.spec.whatwg.org/#dom-document-createtreewalker
    createTreeWalker(root, whatToShow = 0xFFFFFFFF, filter = null) {
      checkRoot(arguments, 'createTreeWalker');
      // Step 1-5. A new TreeWalker: root and current root, whatToShow, filter.
      constructingTraverser = { iface: 'TreeWalker', root, current: root, whatToShow: whatToShow >>> 0, filter: toFilter(filter, 'createTreeWalker', 3), active: false };
      return new TreeWalker();
    },
  });
  define(g, { NodeFilter, NodeIterator, TreeWalker });
})
