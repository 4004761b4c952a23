const dayjs = require('dayjs'); const utc = require('dayjs/plugin/utc'); dayjs.extend(utc);
const d = dayjs.utc('2024-02-28T10:00:00Z');
console.log(d.add(1, 'day').format('YYYY-MM-DD dddd'), d.startOf('month').toISOString(), d.diff(dayjs.utc('2024-01-01'), 'day'), dayjs.isDayjs(d));
