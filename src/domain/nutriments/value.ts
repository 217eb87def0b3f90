/**
 * Reading one raw nutrient value as sent on a write (API.md §4.5 "Modifier" and "Number",
 * NUTRITION.md §1.2): the modifier marker, the lone dash, and the number itself.
 */

/** Modifier stored with a value in `<nid>_modifier`. */
export type ValueModifier = "<" | "≤" | ">" | "≥" | "~";
/** Everything `<nid>_modifier` can hold; `-` records "not on the package" (no value). */
export type NutrientModifier = ValueModifier | "-";

/** What one `nutriment_<nid>[_prepared]` parameter asks for. */
export type NutrientInput =
  | { kind: "ignored" } // empty, whitespace only or containing "nan": leave the stored value as is
  | { kind: "notOnPackage" } // a lone dash: delete the value, keep `_modifier: "-"`
  | { kind: "value"; value: number; modifier?: ValueModifier }
  | { kind: "invalid" }; // no leading number: the whole write is refused

interface ModifierRule {
  /** Tried in this order, longest word first: foodbase removes "maximum" whole (OFF leaves "imum"). */
  markers: readonly string[];
  modifier: ValueModifier;
  /** Trace markers mean "about 0" whatever follows. */
  valueIsZero?: boolean;
}

/** First matching rule wins (API.md §4.5 modifier table; marker order of NUTRITION.md §1.2). */
const MODIFIER_RULES: readonly ModifierRule[] = [
  { markers: ["&lt;=", "<=", "≤"], modifier: "≤" },
  {
    markers: [
      "&lt;",
      "<",
      "less than",
      "less",
      "maximum",
      "maxi",
      "max",
      "inférieur",
      "inferieur",
      "inferior",
      "inf",
      "menos",
      "menor",
    ],
    modifier: "<",
  },
  { markers: ["&gt;=", ">=", "≥"], modifier: "≥" },
  {
    markers: ["&gt;", ">", "more than", "more", "minimum", "mini", "min", "greater", "más", "mayor", "superior"],
    modifier: ">",
  },
  { markers: ["environ", "env", "about", "~", "≈", "aprox", "alrededor"], modifier: "~" },
  { markers: ["traces", "trace", "trazas", "traza"], modifier: "~", valueIsZero: true },
];

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** For each marker: case-insensitive, the marker plus one following space. */
const MARKER_PATTERNS: ReadonlyMap<string, RegExp> = new Map(
  MODIFIER_RULES.flatMap((rule) => rule.markers).map((marker) => [
    marker,
    new RegExp(`${escapeRegExp(marker)} ?`, "iu"),
  ]),
);

/** Any Unicode dash punctuation, U+2053 swung dash, U+2212 minus sign. */
const LONE_DASH = /^\s*[\p{Pd}\u2053\u2212]\s*$/u;

/** Values of `nutriment_<nid>_modifier` (used only when the value has no marker). */
const MODIFIER_PARAMETER_VALUES: ReadonlyMap<string, NutrientModifier> = new Map([
  ["<", "<"],
  ["&lt;", "<"],
  [">", ">"],
  ["&gt;", ">"],
  ["≤", "≤"],
  ["<=", "≤"],
  ["&lt;=", "≤"],
  ["≥", "≥"],
  [">=", "≥"],
  ["&gt;=", "≥"],
  ["~", "~"],
  ["-", "-"],
]);

/** Reads `nutriment_<nid>_modifier`; unknown or empty values give no modifier. */
export function parseModifierParameter(raw: string | undefined): NutrientModifier | undefined {
  if (raw === undefined) return undefined;
  const text = raw.trim();
  if (LONE_DASH.test(text)) return "-";
  return MODIFIER_PARAMETER_VALUES.get(text);
}

/**
 * Classifies a raw `nutriment_<nid>` value. `modifierParameter` is the optional
 * `nutriment_<nid>_modifier`, which supplies the modifier when the value carries no marker.
 */
export function parseNutrientInput(raw: string, modifierParameter?: string): NutrientInput {
  if (raw.trim() === "") return { kind: "ignored" };

  for (const rule of MODIFIER_RULES) {
    for (const marker of rule.markers) {
      const pattern = MARKER_PATTERNS.get(marker);
      if (pattern === undefined || !pattern.test(raw)) continue;
      if (rule.valueIsZero) return { kind: "value", value: 0, modifier: rule.modifier };
      const value = parseNutrientNumber(raw.replace(pattern, "").trim());
      return value === undefined ? { kind: "invalid" } : { kind: "value", value, modifier: rule.modifier };
    }
  }
  if (LONE_DASH.test(raw)) return { kind: "notOnPackage" };
  // Apps send NaN for "no value"; API.md lists this row last, after every marker.
  if (/nan/i.test(raw)) return { kind: "ignored" };

  const value = parseNutrientNumber(raw.trim());
  if (value === undefined) return { kind: "invalid" };
  const modifier = parseModifierParameter(modifierParameter);
  if (modifier === "-") return { kind: "notOnPackage" };
  return modifier === undefined ? { kind: "value", value } : { kind: "value", value, modifier };
}

const LEADING_DECIMAL_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?/i;

/**
 * Number conversion of API.md §4.5 / NUTRITION.md §1.2: spaces between digits removed, decimal comma
 * rules, longest leading decimal number (trailing text ignored), float noise removed.
 * Returns undefined when the text does not start with a number.
 */
export function parseNutrientNumber(text: string): number | undefined {
  let normalised = text.replace(/(\d) (?=\d)/g, "$1");
  const commaCount = (normalised.match(/,/g) ?? []).length;
  if (!normalised.includes(".") && commaCount <= 1) {
    normalised = normalised.replace(",", ".");
  } else {
    // "3,760,00": a final ",dd" is the decimal separator, every other comma groups thousands.
    normalised = normalised.replace(/,(\d\d)$/, ".$1").replace(/,/g, "");
  }
  const match = LEADING_DECIMAL_NUMBER.exec(normalised);
  if (match === null) return undefined;
  const parsed = Number(match[0]);
  return Number.isFinite(parsed) ? removeFloatNoise(parsed) : undefined;
}

/** Plain decimal notation of a finite number (no exponent): 1e-7 → "0.0000001". */
export function toPlainDecimal(x: number): string {
  const text = String(x);
  const exponentAt = text.search(/e/i);
  if (exponentAt < 0) return text;
  const sign = text.startsWith("-") ? "-" : "";
  const mantissa = text.slice(sign.length, exponentAt);
  const exponent = Number(text.slice(exponentAt + 1));
  const pointAt = mantissa.includes(".") ? mantissa.indexOf(".") : mantissa.length;
  const digits = mantissa.replace(".", "");
  const newPointAt = pointAt + exponent;
  if (newPointAt <= 0) return `${sign}0.${"0".repeat(-newPointAt)}${digits}`;
  if (newPointAt >= digits.length) return `${sign}${digits}${"0".repeat(newPointAt - digits.length)}`;
  return `${sign}${digits.slice(0, newPointAt)}.${digits.slice(newPointAt)}`;
}

/**
 * Removes binary-float noise sent by apps (NUTRITION.md §1.2 step 4, first matching rule):
 * 2.9000000953674 → 2.9, 310.00000001 → 310, 0.89999997615814 → 0.9, 2.999999046326 → 3.
 */
export function removeFloatNoise(x: number): number {
  const plain = toPlainDecimal(Math.abs(x));
  const sign = x < 0 ? -1 : 1;
  const pointAt = plain.indexOf(".");
  if (pointAt < 0) return x;
  const integerPart = plain.slice(0, pointAt);
  const fractionPart = plain.slice(pointAt + 1);

  const beforeZeros = /^(\d*?[1-9])000/.exec(fractionPart);
  if (beforeZeros !== null) return sign * Number(`${integerPart}.${beforeZeros[1]}`);

  if (/[1-9]/.test(integerPart) && fractionPart.startsWith("000")) return sign * Number(integerPart);

  const beforeNines = /^(\d*?)([0-8])9999/.exec(fractionPart);
  if (beforeNines !== null) {
    const roundedDigit = Number(beforeNines[2]) + 1;
    return sign * Number(`${integerPart}.${beforeNines[1]}${roundedDigit}`);
  }

  if (fractionPart.startsWith("9999")) return sign * (Number(integerPart) + 1);
  return x;
}
