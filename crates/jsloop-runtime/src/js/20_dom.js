// jsloop glue 20: the DOM (Document, Element, Text, ...), event propagation
// through the tree, MutationObserver.
(function (host, g, con, web) {
  'use strict';
  return {};
})
