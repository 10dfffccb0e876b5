// The one fold of text that compares ignoring case: what SCIM compares so (attribute names, and
// values whose caseExact is false such as userName and emails, RFC 7643 §2.1, §4.1.1), HTTP header
// names (RFC 9110 §5.1), and the words the package defines. Folded once here, every side that
// compares two spellings folds them alike. Which keys of the model compare so is model/identity's rule.

/** `text` with its case folded away. */
export function foldCase(text: string): string {
  return text.toLowerCase();
}

export function sameIgnoringCase(a: string, b: string): boolean {
  return foldCase(a) === foldCase(b);
}
