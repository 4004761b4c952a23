export const present = 1;
export function alsoPresent() {}
