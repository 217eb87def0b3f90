/** Storage of the folksonomy service: bearer tokens, login failures, product key/value tags. */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by the folksonomy work (issue 6)
export interface FolksonomyStore {}
