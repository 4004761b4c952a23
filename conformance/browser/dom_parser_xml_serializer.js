// DOMParser (text/html: a new document, its scripts never run) and
// XMLSerializer (the XML serialization: namespaces declared, void HTML
// elements closed with " />", escaping), as Chromium has them.
const p = new DOMParser();
const d = p.parseFromString('<!DOCTYPE html><title>T</title><p id=x>Hi<script>console.log("ran")</script><noscript><b>ns</b></noscript>', 'text/html');
console.log(d instanceof Document, d.constructor.name, d.contentType, d.title, d.body.innerHTML, d.doctype && d.doctype.name, d.URL === document.URL, d.readyState, d.documentElement.outerHTML.length, d.defaultView, d.getElementById('x').ownerDocument === d);
const d2 = p.parseFromString('plain', 'text/html'); console.log(d2.documentElement.outerHTML);
try { p.parseFromString('<a/>', 'text/plain'); } catch (e) { console.log(e.name, e.message); }
try { p.parseFromString('<a/>'); } catch (e) { console.log(e.name, e.message); }
const s = new XMLSerializer();
const div = document.createElement('div'); div.setAttribute('class', 'a"b<'); div.innerHTML = 'x & y < z<br><!--c--><span title="q">t</span>';
console.log(s.serializeToString(div));
console.log(s.serializeToString(document.createTextNode('a<b&c>')));
console.log(s.serializeToString(d).slice(0, 120));
console.log(s.serializeToString(document.createComment('hi')));
const frag = document.createDocumentFragment(); frag.append('t', document.createElement('i')); console.log(s.serializeToString(frag));
try { s.serializeToString({}); } catch (e) { console.log(e.name, e.message); }
console.log(String(p), String(s), Object.getOwnPropertyNames(DOMParser.prototype).sort().join(), Object.getOwnPropertyNames(XMLSerializer.prototype).sort().join());
document.body.innerHTML = '<svg viewBox="0 0 1 1"><circle r="1"></circle><text>a&amp;b</text></svg><template><b>t</b></template>';
console.log(s.serializeToString(document.body));
