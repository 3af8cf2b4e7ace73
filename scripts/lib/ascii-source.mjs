// Makes a bundled chunk's text pure ASCII, so the code-cache loader can read it as one-byte text (a copy) instead of
// decoding UTF-8 into a two-byte string (src/cli/code-cache.ts). esbuild already escapes non-ASCII characters
// everywhere it can; what it must leave as written is the raw text of tagged templates, where the raw characters
// are the value. The only tag that holds any is String.raw (the phrase tables), and String.raw inserts a
// substitution's value as it is, so a run of non-ASCII characters `é` becomes `${"\u00e9"}`: the same string.
// Anything else that is not ASCII fails the build with its line, rather than quietly giving a two-byte chunk.
import ts from 'typescript';

const NON_ASCII = /[\u0080-\uffff]/;
const NON_ASCII_RUN = /[\u0080-\uffff]+/g;
const TEMPLATE_PARTS = new Set([
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateHead,
  ts.SyntaxKind.TemplateMiddle,
  ts.SyntaxKind.TemplateTail,
]);

/** The tagged template a template part belongs to, if it is one. */
function taggedTemplateOf(node) {
  let at = node.parent;
  if (at && ts.isTemplateSpan(at)) at = at.parent;
  if (at && ts.isTemplateExpression(at)) at = at.parent;
  return at && ts.isTaggedTemplateExpression(at) ? at : undefined;
}

/** A JavaScript string literal of `text`, a run of non-ASCII characters: every UTF-16 unit as \uXXXX. */
function asciiStringLiteral(text) {
  let escaped = '';
  for (let i = 0; i < text.length; i++) escaped += `\\u${text.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return `"${escaped}"`;
}

function lineOf(file, pos) {
  return file.getLineAndCharacterOfPosition(pos).line + 1;
}

/**
 * `code` with every non-ASCII run inside String.raw templates moved into a substitution. Throws, naming `name` and
 * the line, for a non-ASCII character anywhere else, or right after a backslash (a substitution there would change
 * what the backslash escapes).
 */
export function asciiOnly(code, name) {
  if (!NON_ASCII.test(code)) return code;
  const file = ts.createSourceFile(name, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const edits = [];
  const visit = (node) => {
    if (TEMPLATE_PARTS.has(node.kind)) {
      const start = node.getStart(file);
      const text = code.slice(start, node.end);
      if (NON_ASCII.test(text)) {
        const tagged = taggedTemplateOf(node);
        if (tagged?.tag.getText(file) !== 'String.raw')
          throw new Error(
            `ascii-source: ${name}:${lineOf(file, start)}: non-ASCII text in a template not tagged String.raw`,
          );
        for (const run of text.matchAll(NON_ASCII_RUN)) {
          const backslashes = /\\*$/.exec(text.slice(0, run.index))[0].length;
          if (backslashes % 2 === 1)
            throw new Error(
              `ascii-source: ${name}:${lineOf(file, start)}: a backslash before non-ASCII text in String.raw`,
            );
          edits.push({ at: start + run.index, length: run[0].length, text: `\${${asciiStringLiteral(run[0])}}` });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  let out = '';
  let from = 0;
  for (const edit of edits.sort((a, b) => a.at - b.at)) {
    out += code.slice(from, edit.at) + edit.text;
    from = edit.at + edit.length;
  }
  out += code.slice(from);
  const left = NON_ASCII.exec(out);
  if (left) {
    const line = out.slice(0, left.index).split('\n').length;
    throw new Error(
      `ascii-source: ${name}: line ${line} of the output holds non-ASCII text outside a String.raw template`,
    );
  }
  return out;
}
