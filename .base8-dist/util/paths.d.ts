/** `./references/a/../b.md` -> `references/b.md`; keeps leading `..` segments (they escape the skill). */
export declare function normaliseRelative(url: string): string;
