// node tests/node/intl_date_time_format_as_node_24.js > tests/node/intl_date_time_format_as_node_24.out (recorded with Node 24)
// ECMA-402 11 (Intl.DateTimeFormat) and 20.4 (Date.prototype.toLocaleString,
// toLocaleDateString, toLocaleTimeString): the common options in en-US and a
// few other locales, time zones by IANA name, resolvedOptions, formatToParts,
// and V8's errors. Strings only (JSON), so the browser host's run prints the same.
const show = (label, f) => {
  let out;
  try { out = JSON.stringify(f()); } catch (e) { out = `${e.constructor.name}: ${e.message}`; }
  console.log(`${label}: ${out}`);
};
const t = Date.UTC(2024, 2, 5, 14, 7, 9, 45); // Tuesday 5 March 2024, 14:07:09.045 UTC
const utc = { timeZone: 'UTC' };
show('toLocaleString', () => new Date(t).toLocaleString('en-US', utc));
show('toLocaleDateString', () => new Date(0).toLocaleDateString('en-US', utc));
show('toLocaleTimeString', () => new Date(t).toLocaleTimeString('en-US', utc));
show('invalid date', () => new Date(NaN).toLocaleString('en-US', utc));
show('en-GB', () => new Date(t).toLocaleString('en-GB', utc));
show('fr-FR date', () => new Date(t).toLocaleDateString('fr-FR', { timeZone: 'UTC', weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }));
show('New York', () => new Date(t).toLocaleString('en-US', { timeZone: 'America/New_York' }));
show('Tokyo', () => new Date(t).toLocaleString('en-US', { timeZone: 'Asia/Tokyo' }));
show('Kolkata 24h', () => new Date(t).toLocaleTimeString('en-US', { timeZone: 'Asia/Kolkata', hour12: false }));
show('case-insensitive zone', () => new Intl.DateTimeFormat('en-US', { timeZone: 'america/los_angeles' }).resolvedOptions().timeZone);
show('Etc/UTC', () => new Intl.DateTimeFormat('en-US', { timeZone: 'Etc/UTC' }).resolvedOptions().timeZone);
show('bad zone', () => new Intl.DateTimeFormat('en-US', { timeZone: 'Mars/Olympus' }));
show('resolvedOptions', () => new Intl.DateTimeFormat('en-US', utc).resolvedOptions());
show('resolvedOptions time', () => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', hour: 'numeric', minute: '2-digit' }).resolvedOptions());
show('resolvedOptions styles', () => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', dateStyle: 'medium', timeStyle: 'short' }).resolvedOptions());
show('month long', () => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long' }).format(t));
show('month short day', () => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' }).format(t));
show('year month', () => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long' }).format(t));
show('weekday', () => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long' }).format(t));
show('2-digit', () => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: '2-digit', month: '2-digit', day: '2-digit' }).format(t));
show('hour minute', () => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', hour: 'numeric', minute: '2-digit' }).format(t));
show('hour12 false', () => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', hour: '2-digit', minute: '2-digit', hour12: false }).format(t));
show('timeZoneName short', () => new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour: 'numeric', timeZoneName: 'short' }).format(t));
for (const s of ['full', 'long', 'medium', 'short']) {
  show(`dateStyle ${s}`, () => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', dateStyle: s }).format(t));
  show(`timeStyle ${s}`, () => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', timeStyle: s }).format(t));
}
show('dateStyle and timeStyle', () => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', dateStyle: 'medium', timeStyle: 'short' }).format(t));
show('formatToParts', () => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).formatToParts(t));
show('luxon-style parts', () => new Intl.DateTimeFormat('en-US', { hour12: false, timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }).formatToParts(t));
show('format is bound', () => { const f = new Intl.DateTimeFormat('en-US', utc).format; return [f(0), f === new Intl.DateTimeFormat('en-US', utc).format, f.length, f.name]; });
show('without new', () => Intl.DateTimeFormat('en-US', utc).format(0));
show('style with component', () => new Intl.DateTimeFormat('en-US', { dateStyle: 'short', year: 'numeric' }));
show('bad option', () => new Intl.DateTimeFormat('en-US', { month: 'huge' }));
show('bad calendar', () => new Intl.DateTimeFormat('en-US', { calendar: 'x' }));
show('format NaN', () => new Intl.DateTimeFormat('en-US', utc).format(NaN));
show('toLocaleTimeString dateStyle', () => new Date(t).toLocaleTimeString('en-US', { dateStyle: 'short' }));
show('tag', () => Object.prototype.toString.call(new Intl.DateTimeFormat()));
show('lengths', () => [Intl.DateTimeFormat.length, Intl.DateTimeFormat.name, Date.prototype.toLocaleString.length, Date.prototype.toLocaleDateString.name]);
show('prototype own', () => Object.getOwnPropertyNames(Intl.DateTimeFormat.prototype).filter((k) => ['constructor', 'format', 'formatToParts', 'resolvedOptions'].includes(k)));
show('supportedLocalesOf', () => Intl.DateTimeFormat.supportedLocalesOf(['en-US', 'xx', 'de']));
show('resolvedOptions on {}', () => Intl.DateTimeFormat.prototype.resolvedOptions.call({}));
