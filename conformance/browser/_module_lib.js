log('module lib evaluated once');
export const twice = (n) => n * 2;
