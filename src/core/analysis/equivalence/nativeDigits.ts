// Decimal digits of other scripts read as ASCII digits: Thai ๒๕๖๗, Devanagari २०२४, Arabic-Indic ٢٠٢٤, Extended
// Arabic-Indic (Persian, Urdu) ۲۰۲۴ and the rest of Unicode's decimal digit blocks. Full-width digits are NFKC's job.

const ZEROS = [
  0x660, 0x6f0, 0x7c0, 0x966, 0x9e6, 0xa66, 0xae6, 0xb66, 0xbe6, 0xc66, 0xce6, 0xd66, 0xde6, 0xe50, 0xed0, 0xf20, 0x1040,
  0x1090, 0x17e0, 0x1810,
];

/** The ASCII digit a native digit stands for, or null when the character is not one. */
export function asciiDigit(char: string): string | null {
  const code = char.codePointAt(0) as number;
  if (code < 0x660) return null;
  for (const zero of ZEROS) if (code >= zero && code <= zero + 9) return String(code - zero);
  return null;
}
