// jsloop run fuzz/crashes/deep_inner_html.js --host browser
// Expected: an error or a deep tree. Got: "thread 'main' has overflowed its
// stack / fatal runtime error: stack overflow, aborting", exit 134 (SIGABRT),
// and 'before' (buffered stdout) is lost. The recursion is
// jsloop_runtime::html_parser::convert (~10,900 levels on the 8 MiB main stack).
console.log('before');
document.body.innerHTML = '<b>'.repeat(30000);
console.log('after', document.body.getElementsByTagName('b').length);
