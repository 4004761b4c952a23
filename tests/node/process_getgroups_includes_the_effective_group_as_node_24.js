// node tests/node/process_getgroups_includes_the_effective_group_as_node_24.js > tests/node/process_getgroups_includes_the_effective_group_as_node_24.out (recorded with Node 24)
// process.getgroups() is getgroups(2)'s supplementary groups with the
// effective group added when it is not among them (src/node_credentials.cc
// GetGroups): a process with no supplementary groups still lists its egid.
const groups = process.getgroups();
console.log(Array.isArray(groups), groups.length > 0, groups.every(Number.isInteger));
console.log('egid listed', groups.includes(process.getegid()));
console.log('once', groups.filter((g) => g === process.getegid()).length === 1);
