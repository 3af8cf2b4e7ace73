/** Generated SKILL.md shapes: name -> (approximate size in characters) -> whole SKILL.md text. */
export declare const SHAPES: Record<string, (size: number) => string>;
