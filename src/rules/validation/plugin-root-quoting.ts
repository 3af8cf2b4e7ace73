/** Where a hook's shell command expands CLAUDE_PLUGIN_ROOT outside quotes (hooks/unquoted-plugin-root and its fix). */

const PLACEHOLDERS = ['${CLAUDE_PLUGIN_ROOT}', '$CLAUDE_PLUGIN_ROOT'];
/**
 * What may follow the variable inside the added quotes: characters that mean the same quoted or not. A glob, brace,
 * tilde, `=`, `:` or `,` means something else in quotes, and a quote, `\` or `$` follows other rules there, so the
 * quotes close before any of them.
 */
const SAME_QUOTED = /[A-Za-z0-9_./+@%-]/;

/**
 * Each place a shell command expands CLAUDE_PLUGIN_ROOT outside quotes, where a plugin path with a space splits into
 * several words: from the `$` to the end of the path characters after it. One pass over the command, following single
 * quotes, double quotes and backslash escapes.
 */
export function unquotedPluginRoots(command: string): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < command.length; i++) {
    const c = command[i];
    if (quote === "'") {
      if (c === "'") quote = undefined;
    } else if (c === '\\') i++;
    else if (quote === '"') {
      if (c === '"') quote = undefined;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '$') {
      const word = PLACEHOLDERS.find((p) => command.startsWith(p, i));
      // `$CLAUDE_PLUGIN_ROOT_X` is another variable.
      if (word === undefined || (!word.endsWith('}') && /[A-Za-z0-9_]/.test(command[i + word.length] ?? ''))) continue;
      let end = i + word.length;
      while (end < command.length && SAME_QUOTED.test(command[end]!)) end++;
      out.push({ start: i, end });
      i = end - 1;
    }
  }
  return out;
}
