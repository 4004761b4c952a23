// Recorded with: node tests/node/navigator_reports_locale_platform_and_user_agent_as_node_24.js > tests/node/navigator_reports_locale_platform_and_user_agent_as_node_24.out (Node 24).
// navigator.language from the locale variables, in child processes with
// chosen environments (ICU's default locale, as Node's Intl reads it).
const { execFileSync } = require('child_process');
for (const env of [{}, { LANG: 'C' }, { LANG: '' }, { LANG: 'fr_FR.UTF-8' }, { LANG: 'zh_CN.UTF-8', LC_ALL: 'ja_JP.UTF-8' },
  { LANG: 'en_GB', LC_MESSAGES: 'it_IT' }, { LANG: 'de' }, { LC_CTYPE: 'fr_FR.UTF-8', LANG: 'C' }, { LANG: 'es_419' }]) {
  const out = execFileSync(process.execPath, ['-p', 'navigator.language + " " + JSON.stringify(navigator.languages)'], { env, encoding: 'utf8' });
  console.log(JSON.stringify(env), '->', out.trim());
}
console.log(typeof Navigator, Object.keys(navigator), navigator.hardwareConcurrency > 0);
console.log(navigator.platform === `Linux ${require('os').machine()}` || navigator.platform === 'Linux x86_64', navigator.userAgent === `Node.js/${process.versions.node.split('.')[0]}`);
console.log(Object.isFrozen(navigator.languages), navigator.languages === navigator.languages, navigator === globalThis.navigator);
try { new Navigator(); } catch (e) { console.log(e.name, e.code, e.message); }
const d = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
console.log(typeof d.get, d.set, d.enumerable, d.configurable, d.get.name);
