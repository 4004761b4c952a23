// Loaded by html_defer_scripts_run_in_order_before_dom_content_loaded.html (not a case).
log('defer two, readyState ' + document.readyState);
