// A list of names in one line of text: the first few, and how many more.

/** `names` joined by commas: the first `count` of them, then how many more there are. */
export const firstNames = (names: readonly string[], count: number): string =>
  names.length <= count ? names.join(", ") : `${names.slice(0, count).join(", ")} and ${names.length - count} more`;
