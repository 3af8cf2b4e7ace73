/**
 * The review page's style sheet, inlined in the page (no external fonts or files, so the static page works
 * offline). Colours keep a contrast ratio of at least 4.5:1 for text; focus is always visible; the layout
 * becomes one column at phone width.
 */
export const PAGE_STYLE = `
:root { --fg: #1b1f24; --muted: #4d5560; --bg: #ffffff; --panel: #f4f6f8; --line: #c9d0d7; --accent: #0b5cad;
  --pass-bg: #dcf3e2; --pass-fg: #0d5a24; --fail-bg: #fbe1df; --fail-fg: #8a1c12; --mixed-bg: #fff1c9; --mixed-fg: #6b4a00;
  --infra-bg: #e8e3f7; --infra-fg: #3f2a86; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg); background: var(--bg); }
header { padding: 12px 20px; border-bottom: 1px solid var(--line); background: var(--panel); }
h1 { font-size: 1.25rem; margin: 0 0 8px; overflow-wrap: anywhere; }
h2 { font-size: 1.15rem; margin: 0; overflow-wrap: anywhere; }
h3 { font-size: 1rem; margin: 20px 0 6px; }
h4, h5, h6 { font-size: .95rem; margin: 12px 0 4px; }
main { padding: 16px 20px 40px; max-width: 1100px; margin: 0 auto; }
[role="tablist"] { display: flex; gap: 4px; }
[role="tab"] { font: inherit; padding: 6px 14px; border: 1px solid var(--line); border-bottom: none; background: var(--bg); color: var(--fg); border-radius: 6px 6px 0 0; cursor: pointer; }
[role="tab"][aria-selected="true"] { background: var(--accent); color: #ffffff; border-color: var(--accent); }
button { font: inherit; padding: 6px 12px; border: 1px solid var(--line); border-radius: 6px; background: var(--bg); color: var(--fg); cursor: pointer; }
button:hover { border-color: var(--accent); }
button:disabled { color: var(--muted); cursor: default; }
button.primary { background: var(--accent); border-color: var(--accent); color: #ffffff; }
:focus-visible { outline: 3px solid #e07b00; outline-offset: 2px; }
.toolbar { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; margin-bottom: 12px; }
.position { font-variant-numeric: tabular-nums; min-width: 4em; text-align: center; }
.spacer { flex: 1; }
.run-head { display: flex; flex-wrap: wrap; align-items: baseline; gap: 8px; }
.badge { display: inline-block; padding: 1px 8px; border-radius: 10px; font-size: .85rem; background: var(--panel); border: 1px solid var(--line); }
.badge.with_skill { background: #dbe9fb; border-color: #8fb6e8; color: #0a3d75; }
.badge.pass { background: var(--pass-bg); color: var(--pass-fg); border-color: transparent; }
.badge.fail { background: var(--fail-bg); color: var(--fail-fg); border-color: transparent; }
.muted { color: var(--muted); font-size: .9rem; }
.notice { padding: 8px 12px; border-radius: 6px; margin: 10px 0; }
.notice.infra { background: var(--infra-bg); color: var(--infra-fg); }
.notice.problem { background: var(--mixed-bg); color: var(--mixed-fg); }
pre { background: var(--panel); border: 1px solid var(--line); border-radius: 6px; padding: 10px; overflow: auto; max-height: 480px; white-space: pre-wrap; overflow-wrap: anywhere; margin: 6px 0; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: .9em; }
.output { border: 1px solid var(--line); border-radius: 6px; padding: 8px 12px; margin: 10px 0; }
.output-name { font-weight: 600; overflow-wrap: anywhere; }
.markdown { overflow-wrap: anywhere; }
.markdown blockquote { border-left: 3px solid var(--line); margin: 6px 0; padding-left: 10px; color: var(--muted); }
.output img { max-width: 100%; height: auto; border: 1px solid var(--line); background: #ffffff; }
.output iframe { width: 100%; height: 520px; border: 1px solid var(--line); }
details { border: 1px solid var(--line); border-radius: 6px; padding: 6px 12px; margin: 12px 0; }
summary { cursor: pointer; font-weight: 600; }
.grades { list-style: none; padding: 0; margin: 8px 0; }
.grades li { padding: 6px 0; border-top: 1px solid var(--line); }
.grades li:first-child { border-top: none; }
.evidence { color: var(--muted); margin: 2px 0 0; white-space: pre-wrap; overflow-wrap: anywhere; }
label { font-weight: 600; display: block; margin: 20px 0 6px; }
textarea { width: 100%; min-height: 120px; font: inherit; padding: 8px; border: 1px solid var(--muted); border-radius: 6px; color: var(--fg); background: var(--bg); }
.previous-feedback { background: var(--panel); border-radius: 6px; padding: 8px 12px; white-space: pre-wrap; }
table { border-collapse: collapse; width: 100%; margin: 8px 0 20px; font-variant-numeric: tabular-nums; }
caption { text-align: left; font-weight: 600; padding: 4px 0; }
th, td { border: 1px solid var(--line); padding: 4px 8px; text-align: left; vertical-align: top; overflow-wrap: anywhere; }
th { background: var(--panel); }
td.pass { background: var(--pass-bg); color: var(--pass-fg); }
td.fail { background: var(--fail-bg); color: var(--fail-fg); }
td.mixed { background: var(--mixed-bg); color: var(--mixed-fg); }
.table-wrap { overflow-x: auto; }
.delta { font-size: 1.05rem; font-weight: 600; }
@media (max-width: 640px) {
  header, main { padding-left: 10px; padding-right: 10px; }
  .spacer { display: none; }
  .toolbar button { flex: 1 1 auto; }
  .output iframe { height: 360px; }
}
`;
