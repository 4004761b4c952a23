const { format, addDays, differenceInDays, parseISO, formatDistance, isValid, startOfWeek, eachDayOfInterval } = require('date-fns');
const d = parseISO('2024-02-28T10:00:00'); console.log(format(addDays(d, 2), 'yyyy-MM-dd EEEE'), differenceInDays(new Date(2024, 5, 1), d), isValid(new Date('x')));
console.log(formatDistance(new Date(2024,0,1), new Date(2024,0,15)), format(startOfWeek(d), 'PPP'), eachDayOfInterval({start: d, end: addDays(d, 2)}).map(x => x.getDate()));
