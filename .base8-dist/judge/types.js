/** The schema name the layer uses for a dimension's structured answer (also how test servers route). */
export const schemaNameFor = (dimension) => `judge_${dimension}`;
//# sourceMappingURL=types.js.map