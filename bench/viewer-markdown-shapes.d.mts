/** Agent-output Markdown shapes: name -> (approximate size in characters) -> Markdown text. */
export declare const VIEWER_MARKDOWN_SHAPES: Record<string, (size: number) => string>;
