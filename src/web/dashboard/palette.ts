/**
 * The dashboard's colours as data, so a unit test can check every pair of text and background meets WCAG AA
 * (4.5:1 for normal text) and the style sheet is built from the same values. Heat-map cells always print their
 * number: colour only repeats what the text says.
 */

export const COLOURS = {
  fg: '#1b1f24',
  muted: '#4d5560',
  bg: '#ffffff',
  panel: '#f4f6f8',
  line: '#8c959f',
  accent: '#0b5cad',
  focus: '#b35900',
  warnFg: '#6b4a00',
  warnBg: '#fff1c9',
  infoFg: '#3f2a86',
  infoBg: '#e8e3f7',
} as const;

/** Heat-map bins by the grade of the score as displayed (A best); `none` is an unmeasured cell. */
export const HEAT_BINS = {
  A: { bg: '#b7e4c2', fg: '#0b3d1a' },
  B: { bg: '#d8f0c0', fg: '#25400b' },
  C: { bg: '#fff1c9', fg: '#5c3f00' },
  D: { bg: '#fddcc4', fg: '#6e2a00' },
  F: { bg: '#f9cfcb', fg: '#7a1610' },
  none: { bg: '#eef0f2', fg: '#3d444d' },
} as const;
export type HeatBin = keyof typeof HEAT_BINS;

/** Badge bar colours (the bars carry their count as text beside them). */
export const BADGE_COLOURS = {
  platinum: { bg: '#dfe7ef', fg: '#1f2d3d' },
  gold: { bg: '#ffe8a3', fg: '#4d3800' },
  silver: { bg: '#e3e5e8', fg: '#2b3036' },
  bronze: { bg: '#f3d2b6', fg: '#5a2d06' },
  none: { bg: '#f4f6f8', fg: '#3d444d' },
} as const;

/** Every text colour on the background it is drawn on, with a name for the test's message. */
export function textPairs(): { name: string; fg: string; bg: string }[] {
  return [
    { name: 'text', fg: COLOURS.fg, bg: COLOURS.bg },
    { name: 'text on panel', fg: COLOURS.fg, bg: COLOURS.panel },
    { name: 'muted text', fg: COLOURS.muted, bg: COLOURS.bg },
    { name: 'muted text on panel', fg: COLOURS.muted, bg: COLOURS.panel },
    { name: 'link / accent', fg: COLOURS.accent, bg: COLOURS.bg },
    { name: 'white on accent (sorted header, buttons)', fg: '#ffffff', bg: COLOURS.accent },
    { name: 'partial flag', fg: COLOURS.warnFg, bg: COLOURS.warnBg },
    { name: 'reused flag', fg: COLOURS.infoFg, bg: COLOURS.infoBg },
    ...Object.entries(HEAT_BINS).map(([bin, c]) => ({ name: `heat-map cell ${bin}`, fg: c.fg, bg: c.bg })),
    ...Object.entries(BADGE_COLOURS).map(([badge, c]) => ({ name: `badge ${badge}`, fg: c.fg, bg: c.bg })),
  ];
}

/** Non-text colours people must see (focus ring, bars, chart lines) on what they sit on: WCAG 1.4.11 asks 3:1. */
export function graphicPairs(): { name: string; fg: string; bg: string }[] {
  return [
    { name: 'focus ring', fg: COLOURS.focus, bg: COLOURS.bg },
    { name: 'focus ring on panel', fg: COLOURS.focus, bg: COLOURS.panel },
    { name: 'badge bar fill on its track', fg: COLOURS.accent, bg: COLOURS.panel },
    { name: 'trend line and dots', fg: COLOURS.accent, bg: COLOURS.bg },
    { name: 'content-change marker', fg: COLOURS.focus, bg: COLOURS.bg },
    { name: 'input and table borders', fg: COLOURS.line, bg: COLOURS.bg },
  ];
}

/** WCAG 2.x relative luminance of a #rrggbb colour. */
export function relativeLuminance(hex: string): number {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) throw new Error(`not a #rrggbb colour: ${hex}`);
  const channel = (h: string): number => {
    const c = parseInt(h, 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(m[1]!) + 0.7152 * channel(m[2]!) + 0.0722 * channel(m[3]!);
}

/** WCAG contrast ratio, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}
