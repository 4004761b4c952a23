// jsloop node glue: the part of the `v8` module (https://nodejs.org/api/v8.html)
// that holds on an engine that is not V8: the startup snapshot API, which
// says no snapshot is being built (jsloop never builds one), as Node does
// when run without --build-snapshot.
// internals: { nodeError }
(function (internals) {
  'use strict';
  const notBuilding = () => internals.nodeError(Error, 'ERR_NOT_BUILDING_SNAPSHOT', 'Operation cannot be invoked when not building startup snapshot');
  const startupSnapshot = {
    // (Node answers with its flag's byte, 0, not false.)
    isBuildingSnapshot: () => 0,
    addSerializeCallback() { throw notBuilding(); },
    addDeserializeCallback() { throw notBuilding(); },
    setDeserializeMainFunction() { throw notBuilding(); },
  };
  return { startupSnapshot };
})
