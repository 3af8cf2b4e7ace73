/** Where the calls of a provider go, in words, for failure messages ("the anthropic provider at <this>"). */
export function describeEndpoint(endpoint) {
    if (endpoint === undefined)
        return '(endpoint not reported)';
    if (endpoint.kind === 'claude-code') {
        return endpoint.baseURL === null ? 'the Claude Code login (default Anthropic endpoint)' : `${endpoint.baseURL} (through Claude Code)`;
    }
    return endpoint.baseURL ?? '(endpoint not reported)';
}
export const ZERO_USAGE = Object.freeze({ inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 });
export function addUsage(a, b) {
    return {
        inputTokens: a.inputTokens + b.inputTokens,
        outputTokens: a.outputTokens + b.outputTokens,
        cacheReadTokens: a.cacheReadTokens + b.cacheReadTokens,
        cacheWriteTokens: a.cacheWriteTokens + b.cacheWriteTokens,
    };
}
//# sourceMappingURL=types.js.map