/**
 * Text bound for a terminal, made inert. Folder names, frontmatter values, link targets and messages quoting them
 * come from the skills being scored, which may be anyone's: an escape sequence in a folder name would otherwise
 * reach the terminal and set its title, write the clipboard (OSC 52), move the cursor over earlier lines or hide
 * text. Only line feeds and tabs are kept, and, when colour is on, the few colour codes plugin-eval's own reports
 * use (so a skill can at most recolour text it wrote; it cannot conceal, blank or move anything).
 */

/**
 * The SGR parameters picocolors emits for what the reports use: bold, dim, their reset, and the colours red to cyan
 * with theirs.
 */
const OWN_SGR = new Set(['1', '2', '22', '31', '32', '33', '34', '35', '36', '39']);

// ESC with what follows it: a CSI sequence (parameters and one final byte), an OSC/DCS/APC/PM/SOS string up to
// its terminator (BEL or ESC \) or the end of the line (an unterminated one must not swallow the rest of the
// report), or any single following character. Then the other C0 controls but tab and line
// feed, DEL, and the C1 controls (U+009B is a one-character CSI on some terminals). One pass, linear.
const UNSAFE =
  // eslint-disable-next-line no-control-regex
  /\u001B(?:\[([0-?]*)[ -/]*([@-~])?|[\]PX^_][^\u0007\u001B\n]*(?:\u0007|\u001B\\)?|.?)|[\u0000-\u0008\u000B-\u001A\u001C-\u001F\u007F-\u009F]/gsu;
// eslint-disable-next-line no-control-regex
const ANY_UNSAFE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;

/**
 * `text` with every escape sequence and control character removed but `\n` and `\t`; with `keepColor`, plugin-eval's
 * own colour codes stay. Linear in the text's length; text without ESC or controls is returned as it is.
 */
export function terminalText(text: string, keepColor: boolean): string {
  if (!ANY_UNSAFE.test(text)) return text;
  return text.replace(UNSAFE, (seq: string, params: string | undefined, final: string | undefined) =>
    keepColor && final === 'm' && params !== undefined && OWN_SGR.has(params) ? seq : '',
  );
}
