/**
 * Building elements in a page script: every string goes in as text (textContent) or as an attribute value, never
 * as markup, since the strings come from a workspace or a skill and are untrusted. Shared by the review viewer's
 * and the dashboard's scripts.
 */

/** Attributes, plus `text` (the text content) and `className`; null, undefined and false leave an attribute out. */
export type Props = Readonly<Record<string, string | number | boolean | null | undefined>>;

export type Child = Node | null | undefined | false;

/** A new element with these props and children. `true` writes an attribute with no value (`hidden`). */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Props = {},
  children: readonly Child[] = [],
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'text') node.textContent = String(value);
    else if (key === 'className') node.className = String(value);
    else node.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children) if (child) node.append(child);
  return node;
}

/** The element with this id, which the page's fixed markup or the script has made. */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const node = document.getElementById(id);
  if (node === null) throw new Error(`the page has no #${id}`);
  return node as T;
}

/** The JSON the page embeds in `<script type="application/json" id="...">`. */
export function embeddedData<T>(id: string): T {
  return JSON.parse(byId(id).textContent ?? 'null') as T;
}

/** "3 plugins", "1 plugin". */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
