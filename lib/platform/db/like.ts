/**
 * The LIKE/ILIKE pattern matching `text` anywhere, its wildcards (`%`, `_`) and the escape character (`\`, LIKE's
 * default) taken literally, so a search for "50%" finds "50%" and not "500".
 */
export const containing = (text: string): string => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
