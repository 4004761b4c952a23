import dayjs from 'dayjs'; import utc from 'dayjs/plugin/utc.js'; dayjs.extend(utc);
console.log(dayjs.utc('2020-01-31').add(1, 'month').format(), dayjs.utc('2020-01-01').isBefore(dayjs.utc('2021-01-01')));
