// Search compares text the way a reader sees it: full-width and half-width forms are the same character (NFKC), and
// case does not matter. Tool names compare in one form whether written `App.fn` or `App__fn`.

/** Text in the form search compares: NFKC, then lower case. */
export function fold(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

/** A tool name in one form, folded: `Contacts__delete_contact` and `Contacts.delete_contact` both give `contacts.delete_contact`. */
export function foldToolName(name: string): string {
  return fold(name).replace('__', '.');
}

/** A step's tool as search sees it: `App.fn`, or the plain function name when the format has no app. */
export function toolLabel(step: { app: string | null; fn: string }): string {
  return step.app ? `${step.app}.${step.fn}` : step.fn;
}
