/** The day the API's `supraScore` method changed; values before it are not comparable with later ones. Free of settings, so the browser can import it. */
export const METHOD_CHANGE_AT = Date.UTC(2026, 8, 17);

/** Whether ranks and scores of two snapshots compare: not when the method change falls between them. */
export const isComparable = (older: number, newer: number, methodChangeAt = METHOD_CHANGE_AT): boolean => older >= methodChangeAt || newer < methodChangeAt;
