// innerHTML and outerHTML getters: the HTML fragment serialization
// algorithm (escaping in text and attributes, void elements, raw text
// elements, comments), and innerHTML = '' / plain text.
for (const s of document.querySelectorAll('script')) s.remove(); // the recorder's page has one
const root = document.createElement('div');
root.id = 'root';
document.body.appendChild(root);
const p = document.createElement('p');
p.setAttribute('title', 'a "quoted" <tag> & \u00a0nbsp');
p.setAttribute('data-x', "it's");
p.append('1 < 2 & 3 > 2 "quotes" \'single\' \u00a0');
root.appendChild(p);
const br = document.createElement('br');
const img = document.createElement('img');
img.setAttribute('alt', '');
img.setAttribute('width', '1');
const input = document.createElement('input');
input.toggleAttribute('disabled');
root.append(br, img, input);
const style = document.createElement('style');
style.textContent = 'a > b { content: "&"; }';
const xmp = document.createElement('xmp');
xmp.textContent = 'if (a < b && c > d) {}';
root.append(style, xmp);
root.appendChild(document.createComment(' a comment '));
const custom = document.createElement('my-Element');
custom.textContent = 'custom';
root.appendChild(custom);
console.log(root.innerHTML);
console.log(p.outerHTML);
console.log(br.outerHTML, img.outerHTML, input.outerHTML);
console.log(document.body.outerHTML === '<body>' + root.outerHTML + '</body>');
console.log(document.documentElement.outerHTML.slice(0, 25));
root.innerHTML = 'just text';
console.log(root.childNodes.length, root.firstChild.nodeName, root.innerHTML);
root.innerHTML = '';
console.log(root.childNodes.length, JSON.stringify(root.innerHTML));
