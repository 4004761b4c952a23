function helper(s) { return 'helper(' + s + ')'; }
