#!/bin/sh
# Writes a page of N nested <div>s (default 20000) to stdout:
#   sh fuzz/crashes/make_deep_page.sh 20000 > /tmp/deep.html && jsloop run /tmp/deep.html
# N <= ~1000: runs. N ~2000..8000: "Uncaught RangeError: Maximum call stack
# size exceeded" while the DOM glue builds the tree (exit 1, the page's
# scripts do not run). N >= ~11000: the Rust stack overflows in
# jsloop_runtime::html_parser::convert and the process aborts (exit 134).
n=${1:-20000}
python3 -c "
n=$n
print('<!doctype html><body>' + '<div>'*n + 'x' + '</div>'*n + '<script>console.log(\"ran\", document.getElementsByTagName(\"div\").length)</script>')"
