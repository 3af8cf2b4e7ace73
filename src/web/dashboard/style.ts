/**
 * The dashboard's style sheet, built from the palette (src/web/dashboard/palette.ts, whose contrast a test checks).
 * No fonts or files are loaded. At phone width the page is one column and the wide table and heat map scroll
 * inside their own regions, so the page itself never scrolls sideways.
 */
import { BADGE_COLOURS, COLOURS as C, HEAT_BINS } from './palette.js';

const heatRules = Object.entries(HEAT_BINS)
  .map(([bin, c]) => `.heat-${bin} { background: ${c.bg}; color: ${c.fg}; }`)
  .join('\n');
const badgeRules = Object.entries(BADGE_COLOURS)
  .map(([badge, c]) => `.badge-${badge} { background: ${c.bg}; color: ${c.fg}; }`)
  .join('\n');

export const DASHBOARD_STYLE = `
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: ${C.fg}; background: ${C.bg}; }
header, main, footer { max-width: 1200px; margin: 0 auto; padding: 12px 16px; }
header { border-bottom: 1px solid ${C.line}; }
h1 { font-size: 1.4rem; margin: 0 0 4px; overflow-wrap: anywhere; }
h2 { font-size: 1.15rem; margin: 28px 0 8px; }
h3 { font-size: 1rem; margin: 18px 0 6px; }
p { margin: 4px 0; }
.muted { color: ${C.muted}; }
a { color: ${C.accent}; }
:focus-visible { outline: 3px solid ${C.focus}; outline-offset: 2px; }
button, input, select { font: inherit; color: ${C.fg}; }
button { padding: 4px 10px; border: 1px solid ${C.line}; border-radius: 6px; background: ${C.bg}; cursor: pointer; }
input, select { padding: 4px 8px; border: 1px solid ${C.line}; border-radius: 6px; background: ${C.bg}; max-width: 100%; }
.summary { display: grid; grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); gap: 8px; margin: 0; }
.summary div { background: ${C.panel}; border-radius: 6px; padding: 8px 10px; min-width: 0; }
.summary dt { font-size: .85rem; color: ${C.muted}; }
.summary dd { margin: 0; font-size: 1.15rem; font-weight: 600; overflow-wrap: anywhere; }
.note { background: ${C.warnBg}; color: ${C.warnFg}; padding: 6px 10px; border-radius: 6px; }
.bars { list-style: none; padding: 0; margin: 0; max-width: 640px; }
.bars li { display: grid; grid-template-columns: 9.5em 1fr 3.5em; align-items: center; gap: 8px; margin: 4px 0; }
.bar-track { background: ${C.panel}; border: 1px solid ${C.line}; height: 1.1em; border-radius: 4px; overflow: hidden; }
.bar-fill { height: 100%; background: ${C.accent}; }
.num { text-align: right; font-variant-numeric: tabular-nums; }
.controls { display: flex; flex-wrap: wrap; gap: 12px; align-items: end; margin: 8px 0; }
.controls div { display: flex; flex-direction: column; min-width: 0; }
.controls label { font-size: .9rem; }
.scroll { overflow-x: auto; max-width: 100%; border: 1px solid ${C.line}; border-radius: 6px; }
table { border-collapse: collapse; width: 100%; }
th, td { padding: 4px 8px; border-bottom: 1px solid ${C.line}; text-align: left; vertical-align: middle; white-space: nowrap; }
thead th { background: ${C.panel}; position: sticky; top: 0; }
th button { border: none; background: none; padding: 2px 4px; font-weight: 600; }
th[aria-sort="ascending"] button, th[aria-sort="descending"] button { background: ${C.accent}; color: #ffffff; border-radius: 4px; }
td.name { white-space: normal; min-width: 12em; max-width: 24em; overflow-wrap: anywhere; }
td.name button { text-align: left; font-weight: 600; }
.flag { display: inline-block; font-size: .78rem; padding: 0 6px; border-radius: 8px; margin-left: 4px; }
.flag-partial { background: ${C.warnBg}; color: ${C.warnFg}; }
.flag-reused { background: ${C.infoBg}; color: ${C.infoFg}; }
.flag-coverage { background: ${C.warnBg}; color: ${C.warnFg}; }
.badge { display: inline-block; padding: 0 8px; border-radius: 10px; border: 1px solid ${C.line}; }
${badgeRules}
.heat td.cell { text-align: center; font-variant-numeric: tabular-nums; min-width: 5.5em; font-size: .88rem; }
.heat th.rowhead { font-weight: 400; white-space: normal; min-width: 10em; max-width: 18em; overflow-wrap: anywhere; }
${heatRules}
.legend { display: flex; flex-wrap: wrap; gap: 6px; list-style: none; padding: 0; margin: 6px 0; font-size: .85rem; }
.legend li { padding: 0 8px; border-radius: 4px; }
svg.spark { vertical-align: middle; }
svg .line { fill: none; stroke: ${C.accent}; stroke-width: 1.5; }
svg .dot { fill: ${C.accent}; }
svg .dot-reused { fill: ${C.bg}; stroke: ${C.accent}; stroke-width: 1.5; }
svg .change { stroke: ${C.focus}; stroke-dasharray: 3 2; }
svg .axis { stroke: ${C.line}; }
svg text { fill: ${C.muted}; font-size: 11px; }
dialog { width: min(900px, calc(100vw - 16px)); max-height: calc(100vh - 32px); border: 1px solid ${C.line}; border-radius: 8px; padding: 0; color: ${C.fg}; background: ${C.bg}; }
dialog::backdrop { background: rgba(0, 0, 0, .45); }
.dialog-head { display: flex; gap: 8px; justify-content: space-between; align-items: start; padding: 12px 16px; border-bottom: 1px solid ${C.line}; position: sticky; top: 0; background: ${C.bg}; }
.dialog-head h2 { margin: 0; overflow-wrap: anywhere; min-width: 0; }
.dialog-body { padding: 4px 16px 16px; overflow-wrap: anywhere; }
.dialog-body ul { padding-left: 1.2em; }
.dialog-body pre { white-space: pre-wrap; background: ${C.panel}; padding: 6px 8px; border-radius: 4px; }
.chart { max-width: 100%; height: auto; }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.skip:focus { position: static; width: auto; height: auto; clip: auto; display: inline-block; margin: 4px 16px; }
@media (max-width: 600px) {
  header, main, footer { padding: 8px 10px; }
  .bars li { grid-template-columns: 7em 1fr 3em; }
}
`;
