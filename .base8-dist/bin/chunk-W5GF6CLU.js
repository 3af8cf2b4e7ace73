import { createRequire as __pluginEvalCreateRequire } from 'node:module';
const require = __pluginEvalCreateRequire(import.meta.url);

// src/util/text.ts
function positionAt(text, offset) {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf("\n"); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}
function lineLocator(text) {
  const starts = [0];
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = lo + hi + 1 >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
}
function countMatches(text, re) {
  if (!re.global) throw new Error(`countMatches needs a global regex: ${re}`);
  let n = 0;
  re.lastIndex = 0;
  let match;
  while ((match = re.exec(text)) !== null) {
    n++;
    if (match[0].length === 0) re.lastIndex++;
  }
  return n;
}
function clamp(value, low = 0, high = 1) {
  return Math.min(high, Math.max(low, value));
}
function lineCount(text) {
  let n = 1;
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) n++;
  return n;
}

export {
  positionAt,
  lineLocator,
  countMatches,
  clamp,
  lineCount
};
//# sourceMappingURL=chunk-W5GF6CLU.js.map
