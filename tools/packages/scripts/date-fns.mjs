import { format, subMonths, formatISO } from 'date-fns'; import { enUS, de } from 'date-fns/locale'; import { addHours } from 'date-fns/addHours';
console.log(format(subMonths(new Date(2024, 2, 31), 1), 'PPPP', { locale: de }), formatISO(new Date(2020, 0, 1), { representation: 'date' }), enUS.code, addHours(new Date(2020,0,1), 25).getDate());
