/**
 * Barcode normalisation (API.md §2). Every product barcode that enters foodbase (read, write, search,
 * facets) goes through `normalizeBarcode`, so a product is stored and found under one code.
 */

const MAX_DIGITS = 40;

/** GS1 mod-10 check digit over the first n-1 digits, weights 3,1,3,... from the right of the body. */
function gs1CheckDigit(body: string): number {
  let sum = 0;
  // The weight of the digit just left of the check digit is 3, alternating leftwards.
  for (let i = body.length - 1, w = 3; i >= 0; i--, w = w === 3 ? 1 : 3) {
    sum += (body.charCodeAt(i) - 48) * w;
  }
  return (10 - (sum % 10)) % 10;
}

function hasValidGs1CheckDigit(digits: string): boolean {
  const body = digits.slice(0, -1);
  return gs1CheckDigit(body) === digits.charCodeAt(digits.length - 1) - 48;
}

/** A GTIN of 8, 12, 13 or 14 digits, left-padded to 14, when its check digit is right. */
function validGtin14(gtin: string): string | undefined {
  if (!/^\d+$/.test(gtin) || gtin.length > 14) return undefined;
  const padded = gtin.padStart(14, "0");
  return hasValidGs1CheckDigit(padded) ? padded : undefined;
}

/** Step 1: extract AI (01) from GS1 element strings and Digital Links; undefined when not GS1. */
function gtinFromGs1(text: string): string | undefined {
  // FNC1 (U+001D, or its visible stand-in U+241D) separates GS1 elements.
  const s = text.replaceAll("\u001d", "^").replaceAll("\u241d", "^");
  let gtin: string | undefined;
  if (s.startsWith("(")) {
    gtin = /^\(01\)(\d{14})/.exec(s)?.[1];
  } else if (s.startsWith("^")) {
    gtin = /^\^01(\d{14})/.exec(s)?.[1];
  } else if (/^https?:\/\//i.test(s)) {
    let path = s.replace(/^https?:\/\/[^/]*/i, "");
    path = path.split(/[?#]/)[0] ?? "";
    gtin = /\/01\/(\d{14}|\d{13}|\d{12}|\d{8})(?:\/|$)/.exec(path)?.[1];
  } else if (/^01\d{14}/.test(s)) {
    gtin = s.slice(2, 16);
  }
  return gtin === undefined ? undefined : validGtin14(gtin);
}

function isValidUpc12(digits: string): boolean {
  return digits.length === 12 && hasValidGs1CheckDigit(digits);
}

/**
 * Normalises a received barcode; returns "" when the input is invalid (no digit, or more than 40
 * digits after normalisation).
 */
export function normalizeBarcode(received: string): string {
  let code = gtinFromGs1(received.trim()) ?? received;
  code = code.replace(/\D/g, "");
  if (isValidUpc12(code)) code = `0${code}`;
  if (code.length === 14 && code.startsWith("0")) code = code.slice(1);
  if (code.length > 0) {
    code = code.replace(/^0+/, "").padStart(13, "0");
    if (code.length === 13 && code.startsWith("00000")) code = code.slice(5);
  }
  return code.length >= 4 && code.length <= MAX_DIGITS ? code : "";
}
