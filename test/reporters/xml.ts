/** A small XML well-formedness checker for the JUnit tests (no DTDs, comments or CDATA: we emit none). */

export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const ENTITY = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/;
// eslint-disable-next-line no-control-regex
const INVALID_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

function unescape(s: string): string {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/** Parses the document or throws on the first well-formedness error. */
export function parseXml(doc: string): XmlElement {
  let rest = doc.replace(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n/, '');
  if (rest === doc) throw new Error('missing XML declaration');
  if (INVALID_CHAR.test(rest)) throw new Error('character not allowed in XML');
  const root: XmlElement = { name: '#document', attrs: {}, children: [], text: '' };
  const stack: XmlElement[] = [root];
  const tag = /^<(\/?)([A-Za-z_][\w.-]*)((?:\s+[A-Za-z_][\w:.-]*="[^"<]*")*)\s*(\/?)>/;
  while (rest.length > 0) {
    const top = stack[stack.length - 1] as XmlElement;
    if (rest.startsWith('<')) {
      const m = tag.exec(rest);
      if (!m) throw new Error(`malformed tag at: ${rest.slice(0, 40)}`);
      const [whole, closing, name = '', attrText = '', selfClosing] = m;
      rest = rest.slice(whole.length);
      if (closing) {
        if (top.name !== name) throw new Error(`</${name}> closes <${top.name}>`);
        stack.pop();
        continue;
      }
      const attrs: Record<string, string> = {};
      for (const a of attrText.matchAll(/([A-Za-z_][\w:.-]*)="([^"]*)"/g)) {
        const [, key = '', value = ''] = a;
        if (ENTITY.test(value)) throw new Error(`bare & in attribute ${key}`);
        if (key in attrs) throw new Error(`duplicate attribute ${key}`);
        attrs[key] = unescape(value);
      }
      const el: XmlElement = { name, attrs, children: [], text: '' };
      top.children.push(el);
      if (!selfClosing) stack.push(el);
    } else {
      const end = rest.indexOf('<');
      const text = end === -1 ? rest : rest.slice(0, end);
      rest = end === -1 ? '' : rest.slice(end);
      if (ENTITY.test(text)) throw new Error('bare & in text');
      if (text.includes('>')) throw new Error('unescaped > in text');
      if (stack.length === 1 && text.trim() !== '') throw new Error('text outside the root element');
      top.text += unescape(text);
    }
  }
  if (stack.length !== 1) throw new Error(`unclosed <${stack[stack.length - 1]?.name}>`);
  if (root.children.length !== 1) throw new Error('document must have exactly one root element');
  return root.children[0] as XmlElement;
}

export function findAll(el: XmlElement, name: string): XmlElement[] {
  return el.children.flatMap((c) => [...(c.name === name ? [c] : []), ...findAll(c, name)]);
}
